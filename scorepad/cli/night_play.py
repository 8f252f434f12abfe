"""``scorepad play --night ID --table T``: a table's laptop follows its table from round to round.

The table plays its match as ``play`` plays any match. When the match is
over, the laptop says the round is over at this table and waits, reading the
store now and then, until the organiser seats the next round (``night next``);
then it goes on in that round's match of the table. A match taken back from
elsewhere (an undo of its last deal) is played on where it stands. Ctrl-C
while it waits leaves, as an empty line does at the prompt. Once the night
holds no further match for the table (its last round is over, or the next
round has no such table), the terminal leaves; lines from a pipe that
follow go to its finished match as in any ``play``: a deal there is
refused, and the exit code says so.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..present.translation import _

if TYPE_CHECKING:
    from ..app.nights import FollowedTable
    from ..app.table import TableSession
    from ..store.db import Store

#: Seconds between two looks at the store while a table waits: a quiet read, a second is soon enough.
POLL_S = 1.0


class FollowedNight:
    """The round and match a laptop's table plays now, and the wait between rounds."""

    def __init__(self, followed: FollowedTable) -> None:
        self.followed = followed

    def leave_words(self) -> str:
        """How to come back to this table."""
        return _("carry on with: scorepad play --night {night} --table {table}").format(
            night=self.followed.night_id, table=self.followed.number
        )

    def ready(self, session: TableSession, tell: Callable[[str], None]) -> TableSession | None:
        """The session to play on in once the table has a match to play: this one, or the next round's.

        A finished one when the night holds no further match for the table;
        None when the table leaves (Ctrl-C while it waits).
        """
        followed = self.followed
        if not session.state.finished:
            return session
        if followed.round == followed.rounds:
            tell(_("The night's last round is over at table {table}.").format(table=followed.number))
            return session
        tell(
            _("The round is over at table {table}: waiting for round {round} (Ctrl-C leaves).").format(
                table=followed.number, round=followed.round + 1
            )
        )
        try:
            return self._wait(session, tell)
        except KeyboardInterrupt:
            return None

    def _wait(self, session: TableSession, tell: Callable[[str], None]) -> TableSession | None:
        from ..app.nights import followed_table
        from ..app.table import TableSession
        from ..present.translation import in_language

        while True:
            time.sleep(POLL_S)
            note = session.refresh()
            if not session.state.finished:  # taken back from elsewhere: the table plays it on
                if note:
                    tell(in_language(note))
                return session
            now = followed_table(session.store, self.followed.night_id, self.followed.number)
            if now.round == self.followed.round:
                continue
            self.followed = now
            if now.match_id is None:
                tell(_("Round {round} has no table {table}.").format(round=now.round, table=now.number))
                return session
            tell(
                _("Round {round} is seated: table {table} plays match {match}.").format(
                    round=now.round, table=now.number, match=now.match_id
                )
            )
            return TableSession(session.store, now.match_id)


def followed(store: Store, night: int | None, table: int) -> tuple[FollowedNight, int]:
    """The night's table to follow, and the match it plays now; refused when the round has no such table."""
    from ..app.nights import NoSuchTable, followed_table

    now = followed_table(store, night, table)
    if now.match_id is None:
        raise NoSuchTable(now.round, table)
    return FollowedNight(now), now.match_id
