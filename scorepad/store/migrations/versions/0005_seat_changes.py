"""Seat changes: a substitute takes a seat from the next deal on.

Revision ID: 0005
Revises: 0004

An entry of kind ``seat`` names the seat and its new player; every other
entry leaves both empty, so the entries written before stay as they are.
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMNs, not a batch copy: copying the entry table would break its foreign keys.
    op.add_column("entry", sa.Column("seat", sa.Integer, nullable=True))
    op.add_column("entry", sa.Column("player", sa.String, nullable=True))


def downgrade() -> None:
    # Revision 0004 has no way to keep a seat change: a store holding one stays as it is.
    if op.get_bind().execute(sa.text("SELECT 1 FROM entry WHERE kind = 'seat' LIMIT 1")).first():
        raise RuntimeError("the store holds seat changes, which revision 0004 cannot keep")
    op.drop_column("entry", "player")
    op.drop_column("entry", "seat")
