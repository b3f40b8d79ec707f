"""coupons (editor §3 Coupon): single codes and generated bulks, their discount, scope, limit and use count

Revision ID: 0034
Revises: 0033
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0034"
down_revision = "0033"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "coupons",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        sa.Column(
            "seller_id", sa.BigInteger(), sa.ForeignKey("sellers.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("code", sa.String(40), nullable=False),
        sa.Column("mode", sa.String(10), nullable=False),
        sa.Column("batch", sa.String(100)),
        sa.Column("value_form", sa.String(10), nullable=False),
        sa.Column("value", sa.BigInteger(), nullable=False),
        sa.Column("currency", sa.String(3)),
        sa.Column("basis", sa.String(12), nullable=False),
        sa.Column("scope", sa.String(20), nullable=False),
        sa.Column("product_ids", JSONB()),
        sa.Column("recurring", sa.String(12), nullable=False, server_default="first_rate"),
        sa.Column("active", sa.Boolean(), nullable=False, server_default=sa.true()),
        sa.Column("limit", sa.Integer()),
        sa.Column("orders_count", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False, server_default=sa.text("now()")),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False, server_default=sa.text("now()")),
        sa.UniqueConstraint("seller_id", "code", name="uq_coupons_seller_code"),
        sa.CheckConstraint('"limit" IS NULL OR orders_count <= "limit"', name="ck_coupons_within_limit"),
    )
    op.create_index(
        "ix_coupons_seller_created", "coupons", ["seller_id", sa.text("created_at DESC"), sa.text("id DESC")]
    )


def downgrade() -> None:
    op.drop_index("ix_coupons_seller_created", table_name="coupons")
    op.drop_table("coupons")
