"""Keep each match's folded state beside its entries, so status reads no entries.

Revision ID: 0002
Revises: 0001

Matches written before this revision have no snapshot; scorepad folds their
entries when it needs the state, and writes the snapshot with their next entry.
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("match") as batch:
        batch.add_column(sa.Column("state", sa.String, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("match") as batch:
        batch.drop_column("state")
