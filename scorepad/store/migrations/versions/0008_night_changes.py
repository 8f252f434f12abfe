"""A night's trail of corrections: a name put right, two players who changed places.

Revision ID: 0008
Revises: 0007

A new table only: the nights written before have no correction, and read as they were.
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "night_change",
        sa.Column("night_id", sa.Integer, sa.ForeignKey("night.id"), primary_key=True),
        sa.Column("position", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("first", sa.String, nullable=False),
        sa.Column("second", sa.String, nullable=False),
        sa.Column("recorded_at", sa.String(32), nullable=False),
    )


def downgrade() -> None:
    # The corrections themselves stay made: only their trail goes.
    op.drop_table("night_change")
