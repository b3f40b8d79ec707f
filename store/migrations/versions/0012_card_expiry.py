"""the saved card's expiry on recurring orders, for the reminder before it expires

Revision ID: 0012
Revises: 0011
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("orders", sa.Column("renewal_card_expires", sa.String(7)))


def downgrade() -> None:
    op.drop_column("orders", "renewal_card_expires")
