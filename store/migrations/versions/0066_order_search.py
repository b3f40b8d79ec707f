"""The orders list's search finds a payer by name and a product by name, as it promises, beside the token and the
e-mail: an index per name, prefixes of its lower case, per seller

Revision ID: 0066
Revises: 0065
"""

import sqlalchemy as sa
from alembic import op

revision = "0066"
down_revision = "0065"
branch_labels = None
depends_on = None

INDEXES = {
    "ix_orders_seller_first_name": "lower(payer_first_name) text_pattern_ops",
    "ix_orders_seller_last_name": "lower(payer_last_name) text_pattern_ops",
    "ix_orders_seller_product_name": "lower(product_name) text_pattern_ops",
}


def upgrade() -> None:
    for name, expression in INDEXES.items():
        op.create_index(name, "orders", ["seller_id", sa.literal_column(expression)])


def downgrade() -> None:
    for name in INDEXES:
        op.drop_index(name, table_name="orders")
