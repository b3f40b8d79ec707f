"""order bumps and upsells: a product's offers beside itself, its extra options, and the order an offer became

Revision ID: 0037
Revises: 0036
"""

import sqlalchemy as sa
from alembic import op

revision = "0037"
down_revision = "0036"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "product_addons",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        sa.Column(
            "seller_id", sa.BigInteger(), sa.ForeignKey("sellers.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column(
            "product_id", sa.BigInteger(), sa.ForeignKey("products.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column(
            "addon_product_id",
            sa.BigInteger(),
            sa.ForeignKey("products.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column(
            "pricing_plan_id",
            sa.BigInteger(),
            sa.ForeignKey("pricing_plans.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("position", sa.String(40), nullable=False, server_default="below_product_details"),
        sa.Column("title", sa.String(120)),
        sa.Column("description", sa.Text()),
        sa.Column("sort", sa.Integer(), nullable=False),
        sa.UniqueConstraint("product_id", "addon_product_id", "kind"),
    )
    op.create_index("ix_product_addons_addon_product_id", "product_addons", ["addon_product_id"])
    op.add_column("products", sa.Column("upsell", sa.Boolean(), nullable=False, server_default="false"))
    op.add_column("products", sa.Column("upsell_title", sa.String(120)))
    op.add_column(
        "products", sa.Column("bumps_grouping", sa.String(20), nullable=False, server_default="separate")
    )
    op.add_column("orders", sa.Column("upsell_type", sa.String(20)))
    # a bump or upsell is bought once per order: a second request for the same offer finds the first
    op.create_index(
        "uq_orders_bump_once",
        "orders",
        ["parent_order_id", "product_id"],
        unique=True,
        postgresql_where=sa.text("order_type = 'bump'"),
    )


def downgrade() -> None:
    op.drop_index("uq_orders_bump_once", "orders")
    op.drop_column("orders", "upsell_type")
    for c in ("bumps_grouping", "upsell_title", "upsell"):
        op.drop_column("products", c)
    op.drop_index("ix_product_addons_addon_product_id", "product_addons")
    op.drop_table("product_addons")
