"""The command line: words in, output out.

Typer commands read what a person typed into values (``scores``, ``protocol``),
call one use case of ``scorepad.app``, and print what ``scorepad.present``
shapes, with Rich for people and JSON for scripts; ``common.refusals`` turns
every refusal into one line and exit 1. Nothing here imports SQLAlchemy at
import time, so ``--help`` and shell completion stay as quick as Typer itself.
"""
