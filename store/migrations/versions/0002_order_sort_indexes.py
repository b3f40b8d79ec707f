"""order list sort indexes

Revision ID: 0002
Revises: 0001
"""

from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

INDEXES = {
    "ix_orders_seller_total_id": ["seller_id", "total", "id"],
    "ix_orders_seller_state_id": ["seller_id", "payment_state", "id"],
    "ix_orders_seller_form_id": ["seller_id", "payment_form", "id"],
    "ix_orders_seller_period_id": ["seller_id", "period_type", "id"],
    "ix_orders_seller_plan_id": ["seller_id", "pricing_plan_name", "id"],
}


def upgrade() -> None:
    for name, cols in INDEXES.items():
        op.create_index(name, "orders", cols)


def downgrade() -> None:
    for name in INDEXES:
        op.drop_index(name, table_name="orders")
