"""Keep each derived value once: drop ``finished``, and ``winner``/``deals_played`` from the snapshot.

Revision ID: 0003
Revises: 0002

``finished`` is ``winner`` or ``abandoned_at`` being set; ``winner`` and
``deals_played`` are columns, so the ``state`` JSON keeps only the rest of the fold.
"""

import json
from collections.abc import Callable

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

_match = sa.table("match", sa.column("id", sa.Integer), sa.column("state", sa.String))


def _rewrite_states(change: Callable[[dict[str, object], int | None, int], dict[str, object]]) -> None:
    """Each kept snapshot as ``change(snapshot, winner, deals_played)`` makes it.

    One that does not decode (a store edited by hand) is dropped: its match is
    folded from its entries, as one written before revision 0002.
    """
    conn = op.get_bind()
    rows = conn.execute(sa.text("SELECT id, winner, deals_played, state FROM match WHERE state IS NOT NULL")).all()
    for match_id, winner, deals_played, state in rows:
        try:
            snapshot = json.loads(state)
        except ValueError:
            snapshot = None
        kept = json.dumps(change(snapshot, winner, deals_played)) if isinstance(snapshot, dict) else None
        conn.execute(_match.update().where(_match.c.id == match_id).values(state=kept))


def upgrade() -> None:
    # A plain DROP COLUMN (SQLite 3.35 and later), not a batch copy: copying the
    # match table would break the foreign keys of its seats and entries.
    op.drop_column("match", "finished")
    _rewrite_states(lambda snapshot, *_: {k: v for k, v in snapshot.items() if k not in ("winner", "deals_played")})


def downgrade() -> None:
    op.add_column("match", sa.Column("finished", sa.Boolean, nullable=False, server_default=sa.false()))
    op.execute("UPDATE match SET finished = (winner IS NOT NULL OR abandoned_at IS NOT NULL)")
    _rewrite_states(lambda snapshot, winner, deals_played: snapshot | {"winner": winner, "deals_played": deals_played})
