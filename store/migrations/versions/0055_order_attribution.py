"""A purchase through a publisher's link: the order's attribution and its publisher

Revision ID: 0055
Revises: 0054
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0055"
down_revision = "0054"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("orders", sa.Column("affiliate", JSONB()))
    op.add_column("orders", sa.Column("affiliate_publisher_id", sa.BigInteger()))
    op.create_index("ix_orders_affiliate_publisher_id", "orders", ["affiliate_publisher_id"])


def downgrade() -> None:
    op.drop_index("ix_orders_affiliate_publisher_id", "orders")
    op.drop_column("orders", "affiliate_publisher_id")
    op.drop_column("orders", "affiliate")
