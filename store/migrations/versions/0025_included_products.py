"""a membership's or bundle's included products (editor §3 productAddons), and whether each gets its own mail
(emailForEachItem)

Revision ID: 0025
Revises: 0024
"""

import sqlalchemy as sa
from alembic import op

revision = "0025"
down_revision = "0024"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "products", sa.Column("email_for_each_item", sa.Boolean(), server_default="false", nullable=False)
    )
    op.create_table(
        "product_items",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        sa.Column(
            "seller_id", sa.BigInteger(), sa.ForeignKey("sellers.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column(
            "parent_id", sa.BigInteger(), sa.ForeignKey("products.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column(
            "product_id", sa.BigInteger(), sa.ForeignKey("products.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.UniqueConstraint("parent_id", "product_id"),
    )
    op.create_index("ix_product_items_product_id", "product_items", ["product_id"])


def downgrade() -> None:
    op.drop_table("product_items")
    op.drop_column("products", "email_for_each_item")
