"""Fair standings and a plan that tells the truth: a night's minimum of rounds, and the cuts of its ties.

Revision ID: 0007
Revises: 0006

``min_rounds`` empty is the default minimum (half the rounds played, rounded
up); ``cuts`` empty is a night with no cut kept, as every night before this
revision: its plan reads its ties in seat order, as they were seated.
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMNs, not a batch copy: copying the night table would break the foreign keys to it.
    op.add_column("night", sa.Column("min_rounds", sa.Integer, nullable=True))
    op.add_column("night", sa.Column("cuts", sa.String, nullable=True))


def downgrade() -> None:
    # Revision 0006 has no minimum of rounds: a store holding one stays as it is. A cut only explains
    # tables that are kept anyway: without it, the plan reads a round's ties in seat order.
    if op.get_bind().execute(sa.text("SELECT 1 FROM night WHERE min_rounds IS NOT NULL LIMIT 1")).first():
        raise RuntimeError("the store holds a night's minimum of rounds, which revision 0006 cannot keep")
    op.drop_column("night", "cuts")
    op.drop_column("night", "min_rounds")
