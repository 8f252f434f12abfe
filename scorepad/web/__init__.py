"""The web: the second edge of scorepad, beside the command line, for a night's live board and its tables' phones.

A Starlette app served by uvicorn, over the same use cases (``scorepad.app``)
and the same words (``scorepad.present``) as the commands: it reads a night
through ``app.nights`` and sends what ``present.board`` words. It opens no store
of its own: ``scorepad night board`` (``cli/board.py``) opens the chosen one,
listens, and hands both to ``server.serve``. Only this package imports Starlette
and uvicorn, and only that command imports this package, when it runs: no other
command, nor any ``--help``, loads a web server (tests/test_architecture.py).

- ``listening``: the socket at the host and port asked for, and the addresses to open.
- ``server``: the app behind its door and uvicorn's settings; ``serve`` runs it.
- ``routes``: the paths the board answers, and the headers of every answer.
- ``entry``: the tables' pages of ``--entry``, their state and entries, and ``/join``.
- ``guesses``: wrong table links and codes counted by address, and the addresses turned away.
- ``hosts``: which requests are the board's to answer (the names it is reached by).
- ``door``: every connection, counted, timed, and turned away when the board is full.
- ``feed``: the one reader of the night that every watching screen shares.
- ``terminal``: what the operator reads on the terminal that started the board.
- ``assets/``: the pages' scripts and style sheets, sent as they are.
"""
