"""The first schema: matches, their seats, and the trail of entries.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "match",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("uid", sa.String(32), nullable=False, unique=True),
        sa.Column("name", sa.String, nullable=True),
        sa.Column("rules", sa.String, nullable=False),
        sa.Column("format_kind", sa.String(8), nullable=False),
        sa.Column("format_value", sa.Integer, nullable=False),
        sa.Column("first_dealer", sa.Integer, nullable=False),
        sa.Column("cuts", sa.String, nullable=True),
        sa.Column("created_at", sa.String(32), nullable=False),
        sa.Column("touched", sa.Integer, nullable=False),
        sa.Column("abandoned_at", sa.String(32), nullable=True),
        sa.Column("finished", sa.Boolean, nullable=False),
        sa.Column("winner", sa.Integer, nullable=True),
        sa.Column("deals_played", sa.Integer, nullable=False),
    )
    op.create_index("ix_match_touched", "match", ["touched"])
    op.create_table(
        "seat",
        sa.Column("match_id", sa.Integer, sa.ForeignKey("match.id"), primary_key=True),
        sa.Column("position", sa.Integer, primary_key=True),
        sa.Column("name", sa.String, nullable=False),
    )
    op.create_table(
        "entry",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("match_id", sa.Integer, sa.ForeignKey("match.id"), nullable=False),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("dealer", sa.Integer, nullable=False),
        sa.Column("scores", sa.String, nullable=False),
        sa.Column("cards", sa.String, nullable=True),
        sa.Column("renege", sa.Integer, nullable=True),
        sa.Column("slam", sa.Integer, nullable=True),
        sa.Column("recorded_at", sa.String(32), nullable=False),
        sa.Column("state", sa.String(8), nullable=False),
        sa.Column("ended_at", sa.String(32), nullable=True),
        sa.Column("replaces", sa.Integer, sa.ForeignKey("entry.id"), nullable=True),
    )
    op.create_index("ix_entry_match_state_position", "entry", ["match_id", "state", "position"])


def downgrade() -> None:
    op.drop_table("entry")
    op.drop_table("seat")
    op.drop_table("match")
