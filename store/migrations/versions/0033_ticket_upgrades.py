"""order types and ticket upgrades: an upgrade order names the order whose ticket it replaces

Revision ID: 0033
Revises: 0032
"""

import sqlalchemy as sa
from alembic import op

revision = "0033"
down_revision = "0032"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("orders", sa.Column("order_type", sa.String(20), nullable=False, server_default="standard"))
    op.add_column("orders", sa.Column("parent_order_id", sa.BigInteger(), sa.ForeignKey("orders.id")))
    op.create_index(
        "ix_orders_parent",
        "orders",
        ["parent_order_id"],
        postgresql_where=sa.text("parent_order_id IS NOT NULL"),
    )
    # a ticket is upgraded once: at most one paid (or paying) upgrade per order
    op.create_index(
        "uq_orders_one_paid_upgrade",
        "orders",
        ["parent_order_id"],
        unique=True,
        postgresql_where=sa.text("order_type = 'upgrade' AND payment_state IN ('paid', 'paying')"),
    )


def downgrade() -> None:
    op.drop_index("uq_orders_one_paid_upgrade", table_name="orders")
    op.drop_index("ix_orders_parent", table_name="orders")
    op.drop_column("orders", "parent_order_id")
    op.drop_column("orders", "order_type")
