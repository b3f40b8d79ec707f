"""what a digital or service product delivers (a link, a text), a license-key product's format, and its pool of
keys: one per order at most, a free key found by a partial index

Revision ID: 0023
Revises: 0022
"""

import sqlalchemy as sa
from alembic import op

revision = "0023"
down_revision = "0022"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("products", sa.Column("delivery_link", sa.String(2000)))
    op.add_column("products", sa.Column("delivery_text", sa.Text()))
    op.add_column("products", sa.Column("key_format", sa.String(200)))
    op.create_table(
        "license_keys",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        sa.Column(
            "seller_id", sa.BigInteger(), sa.ForeignKey("sellers.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column(
            "product_id", sa.BigInteger(), sa.ForeignKey("products.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("key", sa.String(200), nullable=False),
        sa.Column("order_id", sa.BigInteger(), sa.ForeignKey("orders.id", ondelete="SET NULL"), unique=True),
        sa.Column("reserved_at", sa.DateTime(timezone=True)),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.UniqueConstraint("seller_id", "key"),
    )
    op.create_index("ix_license_keys_product_id", "license_keys", ["product_id"])
    op.create_index(
        "ix_license_keys_free",
        "license_keys",
        ["product_id", "id"],
        postgresql_where=sa.text("order_id IS NULL"),
    )


def downgrade() -> None:
    op.drop_table("license_keys")
    op.drop_column("products", "key_format")
    op.drop_column("products", "delivery_text")
    op.drop_column("products", "delivery_link")
