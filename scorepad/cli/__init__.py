"""The command line: thin commands over ``scorepad.services``, rendered with Rich.

Nothing here imports SQLAlchemy at import time, so ``--help`` and shell
completion stay as quick as Typer itself.
"""
