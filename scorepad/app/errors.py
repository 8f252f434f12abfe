"""The use cases' refusals that a caller says in its own words: each carries the facts, and a sentence of its own.

The sentence is what a Python program reads (``str()``); the command line
says the same refusal with the option or command that would do
(``cli.refusal_words``). Kept apart from the use cases, which load the store,
so that wording a refusal loads nothing more.
"""

from __future__ import annotations

from ..core.errors import RuleError
from ..core.language import N_, Counted, Phrase


class NoScores(RuleError):
    """A deal entered, or ``fixing`` one, with no score at all and no renege."""

    def __init__(self, fixing: bool = False) -> None:
        self.fixing = fixing
        super().__init__(N_("no scores given"))


class RestTwice(RuleError):
    """More than one score of a deal asked to be the rest of its total, which can stand for one only."""

    def __init__(self) -> None:
        super().__init__(N_("the rest of the deal total stands for one score of a deal, and every other is given"))


class SeatsOfANight(RuleError):
    """A change of seat or name asked of match ``match``, which is a table of night ``night``: the night seats its
    players, round after round, and its standings and movement follow them by name."""

    def __init__(self, match: int, night: int) -> None:
        self.match, self.night = match, night
        super().__init__(
            N_("match {match} is a table of night {night}: its players change between rounds, as the night's do"),
            match=match,
            night=night,
        )


class RoundEnded(RuleError):
    """A change asked of match ``match``, a table of round ``round`` of night ``night``, which has ended: the night
    has counted the match's result in its standings and moved its players on by it, so the result stands."""

    def __init__(self, match: int, night: int, round_: int) -> None:
        self.match, self.night, self.round = match, night, round_
        super().__init__(
            N_(
                "match {match} belongs to round {round} of night {night}, which has ended:"
                " the night counted its result and seated the next round by it"
            ),
            match=match,
            round=round_,
            night=night,
        )


class NotOverYet(RuleError):
    """A rematch asked of a table whose match ``match`` is still being played."""

    def __init__(self, match: int) -> None:
        self.match = match
        super().__init__(N_("match {match} is not over: a rematch starts once it is"), match=match)


class BreachesToSettle(RuleError):
    """An audited record that breaks ``count`` rules, ``breach`` the first: the table settles them before it is entered."""

    def __init__(self, count: int, breach: Phrase | str) -> None:
        self.count, self.breach = count, breach
        super().__init__(
            Counted(
                "the record breaks a rule ({breach}): the table settles that first, then enters the deal",
                "the record breaks {count} rules ({breach}): the table settles that first, then enters the deal",
                count,
                breach=breach,  # the first: worded in the same language when it is a phrase
            )
        )
