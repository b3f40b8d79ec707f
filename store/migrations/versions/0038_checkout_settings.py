"""checkout settings (core §3): a seller's named checkout pages, one the default, a product's own choice; and a
product's page views (the social proof `total_views`)

Revision ID: 0038
Revises: 0037
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0038"
down_revision = "0037"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "checkout_settings",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        sa.Column(
            "seller_id", sa.BigInteger(), sa.ForeignKey("sellers.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("is_default", sa.Boolean(), nullable=False, server_default="false"),
        sa.Column("settings", JSONB(), nullable=False, server_default="{}"),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False, server_default=sa.text("now()")),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False, server_default=sa.text("now()")),
    )
    op.create_index("ix_checkout_settings_seller_id", "checkout_settings", ["seller_id"])
    op.create_index(
        "uq_checkout_settings_one_default",
        "checkout_settings",
        ["seller_id"],
        unique=True,
        postgresql_where=sa.text("is_default"),
    )
    op.add_column(
        "products",
        sa.Column(
            "checkout_settings_id",
            sa.BigInteger(),
            sa.ForeignKey("checkout_settings.id", ondelete="SET NULL"),
        ),
    )
    op.add_column("products", sa.Column("views_count", sa.BigInteger(), nullable=False, server_default="0"))


def downgrade() -> None:
    op.drop_column("products", "views_count")
    op.drop_column("products", "checkout_settings_id")
    op.drop_index("uq_checkout_settings_one_default", "checkout_settings")
    op.drop_index("ix_checkout_settings_seller_id", "checkout_settings")
    op.drop_table("checkout_settings")
