"""A public buyer's Leitweg-ID, the reference its XRechnung carries

Revision ID: 0071
Revises: 0070
"""

import sqlalchemy as sa
from alembic import op

revision = "0071"
down_revision = "0070"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("orders", sa.Column("payer_leitweg_id", sa.String(46), nullable=True))


def downgrade() -> None:
    op.drop_column("orders", "payer_leitweg_id")
