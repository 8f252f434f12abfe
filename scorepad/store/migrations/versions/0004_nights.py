"""Club nights: a night, who came and went, and the tables of its rounds with their matches.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "night",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("uid", sa.String(32), nullable=False, unique=True),
        sa.Column("name", sa.String, nullable=True),
        sa.Column("rules", sa.String, nullable=False),
        sa.Column("table_size", sa.Integer, nullable=False),
        sa.Column("rounds", sa.Integer, nullable=False),
        sa.Column("deals_per_player", sa.Integer, nullable=False),
        sa.Column("movement", sa.String(16), nullable=False),
        sa.Column("seating", sa.String(8), nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("created_at", sa.String(32), nullable=False),
        sa.Column("touched", sa.Integer, nullable=False),
        sa.Column("planned", sa.String, nullable=True),
    )
    op.create_index("ix_night_touched", "night", ["touched"])
    op.create_table(
        "night_player",
        sa.Column("night_id", sa.Integer, sa.ForeignKey("night.id"), primary_key=True),
        sa.Column("position", sa.Integer, primary_key=True),
        sa.Column("name", sa.String, nullable=False),
        sa.Column("joined_round", sa.Integer, nullable=True),
        sa.Column("left_round", sa.Integer, nullable=True),
    )
    op.create_table(
        "night_table",
        sa.Column("night_id", sa.Integer, sa.ForeignKey("night.id"), primary_key=True),
        sa.Column("round", sa.Integer, primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("match_id", sa.Integer, sa.ForeignKey("match.id"), nullable=False, unique=True),
        sa.Column("players", sa.String, nullable=False),
        sa.Column("first_dealer", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("night_table")
    op.drop_table("night_player")
    op.drop_table("night")
