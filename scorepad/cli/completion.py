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


def player_names(ctx: typer.Context, incomplete: str) -> list[str]:
    """The players of the match the command names (--match), else of the latest used, that start with what was typed."""
    from ..core.names import name_key
    from ..store.quick import match_lines

    lines = match_lines(_store(ctx))
    chosen = ctx.params.get("match")
    line = next((m for m in lines if m.id == chosen), None) if chosen is not None else (lines[0] if lines else None)
    typed = name_key(incomplete)
    return [name for name in line.players if name_key(name).startswith(typed)] if line else []


def language_codes(ctx: typer.Context, incomplete: str) -> list[tuple[str, str]]:
    """The languages scorepad speaks, each with its own name for itself."""
    from ..core.languages import LANGUAGES

    return [(code, spoken.name) for code, spoken in LANGUAGES.items() if code.startswith(incomplete.lower())]


#: The variable through which the shell's completion script asks scorepad for completions.
COMPLETE_VARIABLE = "_SCOREPAD_COMPLETE"


def keep_apostrophes_in_zsh() -> None:
    """zsh's completions with their apostrophes: "Correct a player's name", not "Correct a players name".

    Typer hands zsh the completions inside one single-quoted word and writes an
    apostrophe there as ``''``, which zsh (without its RC_QUOTES option, off by
    default) reads as the end of one quoted string and the start of the next:
    the apostrophe is lost. ``'\\''`` ends the quote, adds an apostrophe, and
    opens the quote again, which every zsh reads the same. Typer's completion
    classes are reached through its own modules: it exports none of them.
    """
    from typer._click.shell_completion import CompletionItem, add_completion_class
    from typer._completion_classes import ZshComplete

    class Zsh(ZshComplete):
        def format_completion(self, item: CompletionItem) -> str:
            return super().format_completion(item).replace("''", "'\\''")

    add_completion_class(Zsh, ZshComplete.name)
