"""The error types of the rules core.

Every refusal is a ``ValueError`` subclass carrying a message a player can
read; the CLI turns any of them into one line on stderr and exit code 1.

A refusal may be raised as a message in English with ``{fields}`` and their
values (``RuleError(N_("{player} does not play this deal"), player="Bob")``),
or as a ``Phrase`` holding them: ``str()`` is then always English, as JSON
keeps it, and ``said`` the phrase that the edge words in the language in use
for the person reading the terminal (``present.translation.in_language``).
"""

import errno

from .language import N_, Counted, Phrase


class ScorepadError(ValueError):
    """Base of every refusal scorepad gives for bad input."""

    def __init__(self, message: str | Phrase = "", /, **fields: object) -> None:
        # A message may come as a phrase that holds its own fields: a Counted one, whose words depend on a number.
        self.said = message if isinstance(message, Phrase) else Phrase(message, **fields)
        super().__init__(str(self.said))

    def __reduce__(self) -> tuple[object, ...]:
        # Pickled (a batch's refusals come back from the workers) as it stands, phrase and facts:
        # not rebuilt, as an exception is by default, by calling the class with its English text.
        return _unpickled, (type(self), self.args, self.__dict__)


def _unpickled(kind: type[ScorepadError], args: tuple[object, ...], state: dict[str, object]) -> ScorepadError:
    error = kind.__new__(kind, *args)
    error.__dict__.update(state)
    return error


class NotationError(ScorepadError):
    """Text that is not a card, a score, an option or a record line."""


class RuleError(ScorepadError):
    """Input that is well formed but breaks a rule of the game or the match."""


class ImpossibleScores(RuleError):
    """Scores that no real deal gives: the wrong sum, a negative score, a split the cards cannot make."""


class MatchClosed(RuleError):
    """A change to a match that takes none: it is finished, or ``abandoned``.

    ``match`` is its id, where the refusal knows it (the match fold alone does not).
    """

    def __init__(self, abandoned: bool, match: int | None = None) -> None:
        self.abandoned, self.match = abandoned, match
        if match is None:
            super().__init__(N_("the match is abandoned") if abandoned else N_("the match is finished"))
        else:
            super().__init__(
                N_("match {match} is abandoned") if abandoned else N_("match {match} is finished"), match=match
            )


class RecordErrors(NotationError):
    """Every line of a deal record that could not be read, each with its number and what was wrong.

    The message is the first problem (one line, as every refusal); ``refusals``
    holds them all, each a phrase, so a batch of hand-typed records is fixed in one run, and
    ``problems`` the same in English, as JSON keeps them.
    """

    def __init__(self, refusals: list[tuple[int, Phrase]]) -> None:
        self.refusals = refusals
        self.problems = [(line, str(error)) for line, error in refusals]
        line, first = refusals[0]
        more = len(refusals) - 1
        if not more:
            super().__init__(N_("line {line}: {problem}"), line=line, problem=first)
            return
        # TRANSLATORS: the first line of a deal record that could not be read, and how many more there are.
        super().__init__(
            Counted(
                "line {line}: {problem} (and {count} more)",
                "line {line}: {problem} (and {count} more)",
                more,
                line=line,
                problem=first,
            )
        )


class UnknownNameError(ScorepadError):
    """A player, preset or match that does not exist."""


class BonusCardOutsideOmnibus(RuleError):
    """The omnibus bonus card given under another preset, ``preset``: the card is the omnibus preset's setting."""

    def __init__(self, preset: str) -> None:
        self.preset = preset
        super().__init__(N_("the bonus card belongs to the omnibus preset, not {preset}"), preset=preset)


class TwoDecksNeeded(RuleError):
    """A table of ``players`` that one deck cannot seat: two decks can (Cancellation Black Maria)."""

    def __init__(self, players: int) -> None:
        self.players = players
        super().__init__(N_("{count} players need two decks (Cancellation Black Maria)"), count=players)


#: What the system says of the failures people meet, worded in scorepad's catalog:
#: the C library's own words would stay English, as Python does not set the locale.
_OS_REASONS = {
    errno.ENOENT: N_("no such file or folder"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("operation not permitted"),
    errno.EISDIR: N_("it is a folder"),
    errno.ENOTDIR: N_("a part of the path is not a folder"),
    errno.ENOSPC: N_("no space left on the device"),
    errno.EROFS: N_("the file system is read-only"),
    errno.EEXIST: N_("it exists already"),
    errno.ENAMETOOLONG: N_("the name is too long"),
    errno.ELOOP: N_("too many symbolic links"),
    errno.EIO: N_("input/output error"),
    errno.EMFILE: N_("too many open files"),
}


def os_reason(error: OSError) -> Phrase | str:
    """Why the system refused, as a phrase for the reader; the system's own words for a rare failure."""
    known = _OS_REASONS.get(error.errno or 0)
    return Phrase(known) if known else (error.strerror or str(error))
