"""The error types of the rules core.

Every refusal is a ``ValueError`` subclass carrying a message a player can
read; the CLI turns any of them into one line on stderr and exit code 1.

A refusal may be raised as a message in English with ``{fields}`` and their
values (``RuleError(N_("{player} does not play this deal"), player="Bob")``):
``str()`` is then always English, as JSON keeps it, and ``localized()`` is the
sentence in the language in use, for the person reading the terminal.
"""

import errno

from .language import N_, Phrase, worded


class ScorepadError(ValueError):
    """Base of every refusal scorepad gives for bad input."""

    def __init__(self, message: str = "", /, **fields: object) -> None:
        self.template, self.fields = message, fields
        super().__init__(message.format(**fields) if fields else message)

    def localized(self) -> str:
        """The refusal in the language in use (English for a message the catalog does not hold)."""
        return worded(self.template, self.fields) if self.template else str(self)


class NotationError(ScorepadError):
    """Text that is not a card, a score, an option or a record line."""


class RuleError(ScorepadError):
    """Input that is well formed but breaks a rule of the game or the match."""


class ImpossibleScores(RuleError):
    """Scores that no real deal gives: the wrong sum, a negative score, a split the cards cannot make."""


class RecordErrors(NotationError):
    """Every line of a deal record that could not be read, each with its number and what was wrong.

    The message is the first problem (one line, as every refusal); ``problems``
    holds them all, so a batch of hand-typed records is fixed in one run.
    """

    def __init__(self, problems: list[tuple[int, str]]) -> None:
        self.problems = problems
        line, text = problems[0]
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        super().__init__(f"line {line}: {text}{more}")


class UnknownNameError(ScorepadError):
    """A player, preset or match that does not exist."""


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
}


def os_reason(error: OSError) -> Phrase | str:
    """Why the system refused, as a phrase for the reader; the system's own words for a rare failure."""
    known = _OS_REASONS.get(error.errno or 0)
    return Phrase(known) if known else (error.strerror or str(error))
