"""Builder pages: a seller's shop, product, thank-you, membership, course, funnel and affiliate pages, each a draft
and its published copy

Revision ID: 0047
Revises: 0046
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0047"
down_revision = "0046"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "builder_pages",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        sa.Column(
            "seller_id", sa.BigInteger(), sa.ForeignKey("sellers.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("page_type", sa.String(20), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("path", sa.String(80)),
        sa.Column("product_id", sa.BigInteger(), sa.ForeignKey("products.id", ondelete="CASCADE")),
        sa.Column("draft", JSONB(), nullable=False),
        sa.Column("draft_version", sa.Integer(), nullable=False, server_default="1"),
        sa.Column("published", JSONB()),
        sa.Column("published_version", sa.Integer()),
        sa.Column("published_at", sa.DateTime(timezone=True)),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
    )
    op.create_index(
        "uq_builder_pages_path",
        "builder_pages",
        ["seller_id", "path"],
        unique=True,
        postgresql_where=sa.text("path IS NOT NULL"),
    )
    op.create_index(
        "uq_builder_pages_home",
        "builder_pages",
        ["seller_id"],
        unique=True,
        postgresql_where=sa.text("page_type = 'shop' AND path IS NULL"),
    )
    op.create_index(
        "uq_builder_pages_product",
        "builder_pages",
        ["seller_id", "page_type", sa.text("coalesce(product_id, 0)")],
        unique=True,
        postgresql_where=sa.text("page_type IN ('shop_product', 'thank_you', 'membership', 'funnel')"),
    )
    op.create_index("ix_builder_pages_seller", "builder_pages", ["seller_id", sa.text("id DESC")])


def downgrade() -> None:
    op.drop_table("builder_pages")
