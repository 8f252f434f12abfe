"""Shell completion of match and night ids, read without the database layer (``store.quick``)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import typer

from ..store.location import store_location


def match_ids(ctx: typer.Context, incomplete: str) -> list[tuple[str, str]]:
    """The store's match ids starting with what was typed, latest used first, each with its players."""
    from ..store.quick import match_lines  # here, not at the top: completing anything else needs none of it

    lines = match_lines(_store(ctx))
    return _offered(incomplete, ((m.id, m.name, f"{', '.join(m.players)} ({m.state})") for m in lines))


def night_ids(ctx: typer.Context, incomplete: str) -> list[tuple[str, str]]:
    """The store's night ids starting with what was typed, latest used first, each with its round."""
    from ..store.quick import night_lines

    lines = night_lines(_store(ctx))
    return _offered(incomplete, ((n.id, n.name, f"{n.players} players, round {n.round} of {n.rounds}") for n in lines))


def _store(ctx: typer.Context) -> Path | str:
    return store_location(ctx.find_root().params.get("db"))


def _offered(incomplete: str, found: Iterable[tuple[int, str | None, str]]) -> list[tuple[str, str]]:
    """The ids that start with what was typed, each with its name (if any) and what it says of itself."""
    return [
        (str(id_), f"{name}: {said}" if name else said) for id_, name, said in found if str(id_).startswith(incomplete)
    ]
