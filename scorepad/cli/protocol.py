"""The line protocol of ``scorepad play`` (spec/CLI.md), read the same on a terminal and from a pipe."""

from __future__ import annotations

from dataclasses import dataclass

from ..app.entering import Renege
from ..app.table import Action, Again, EnterDeal, EnterMisdeal, Fix, Undo
from ..core.errors import NotationError
from ..core.language import N_
from ..core.numbers import looks_like_number, whole_number
from .scores import looks_like_a_score, read_scores

#: Words of the line protocol, besides the scores; ``help`` and ``history`` (for ``sheet``) are scorepad's own.
COMMANDS = ("renege", "misdeal", "undo", "fix", "status", "sheet", "history", "rules", "again", "help", "quit")


@dataclass(frozen=True)
class Talk:
    """A line that writes nothing: status, help or quit."""

    verb: str


def parse_line(line: str) -> Action | Talk | None:
    """Read one line: None for a blank line or a comment. Names never hold ``#``, so it starts a comment."""
    words = line.split("#", 1)[0].split()
    if not words:
        return None
    verb, rest = words[0].lower(), words[1:]
    if verb not in COMMANDS and ("=" in words[0] or looks_like_a_score(words[0])):
        return EnterDeal(read_scores(words))  # named, or in seat order: a command word is neither
    if verb == "renege":
        return EnterDeal(Renege(_one_name(rest, "renege NAME")))
    if verb == "fix":
        usage = N_("write fix N NAME=SCORE ... (or fix N renege NAME), N the deal to correct")
        if not rest or not looks_like_number(rest[0]):
            raise NotationError(usage)
        number, rest = whole_number(rest[0], N_("N in fix N")), rest[1:]
        if number < 1:
            raise NotationError(usage)
        if rest and rest[0].lower() == "renege":
            return Fix(number, Renege(_one_name(rest[1:], f"fix {number} renege NAME")))
        if not rest:
            raise NotationError(N_("fix {number} needs the deal's scores: fix {number} NAME=SCORE ..."), number=number)
        return Fix(number, read_scores(rest))
    if verb in COMMANDS:
        if rest:
            raise NotationError(N_("{command} takes nothing after it"), command=verb)
        if verb == "misdeal":
            return EnterMisdeal()
        if verb == "again":
            return Again()
        if verb == "history":  # what a table calls the score sheet too
            return Talk("sheet")
        return Undo() if verb == "undo" else Talk(verb)
    raise NotationError(
        N_("not an entry: {text} (scores as NAME=SCORE or in seat order, or one of: {commands})"),
        text=repr(words[0]),
        commands=", ".join(COMMANDS),
    )


def _one_name(rest: list[str], usage: str) -> str:
    if len(rest) != 1:
        raise NotationError(N_("write {usage}, with one player's name"), usage=usage)
    return rest[0]
