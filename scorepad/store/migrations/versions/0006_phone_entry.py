"""Entry from the tables' phones: what the tables' links are made from, the answers by key, and who wrote.

Revision ID: 0006
Revises: 0005

An entry written from the command line keeps ``source`` and ``ended_by``
empty, so the entries written before stay as they are.
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMNs, not a batch copy: copying the entry table would break its foreign keys.
    op.add_column("entry", sa.Column("source", sa.String(32), nullable=True))
    op.add_column("entry", sa.Column("ended_by", sa.String(32), nullable=True))
    op.create_table(
        "night_link",
        sa.Column("night_id", sa.Integer, sa.ForeignKey("night.id"), primary_key=True),
        sa.Column("salt", sa.String(32), nullable=False),
        sa.Column("key_check", sa.String(64), nullable=False),
        sa.Column("made_at", sa.String(32), nullable=False),
    )
    op.create_table(
        "phone_entry",
        sa.Column("night_id", sa.Integer, sa.ForeignKey("night.id"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("entry_key", sa.String(64), primary_key=True),
        sa.Column("answer", sa.String, nullable=False),
        sa.Column("recorded_at", sa.String(32), nullable=False),
    )


def downgrade() -> None:
    # The links are made again by night codes --new, and the answers only serve a phone's retry.
    op.drop_table("phone_entry")
    op.drop_table("night_link")
    op.drop_column("entry", "ended_by")
    op.drop_column("entry", "source")
