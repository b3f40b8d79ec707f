"""a product's review by the platform (review_state, the manager's note) and the seller's product groups

Revision ID: 0030
Revises: 0029
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0030"
down_revision = "0029"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "products", sa.Column("review_state", sa.String(30), nullable=False, server_default="not_for_review")
    )
    op.add_column("products", sa.Column("review_note", sa.Text()))
    op.add_column("products", sa.Column("reviewed_at", sa.DateTime(timezone=True)))
    op.add_column("products", sa.Column("product_groups", JSONB()))
    op.create_index(
        "ix_products_in_review",
        "products",
        ["updated_at"],
        postgresql_where=sa.text("review_state = 'in_review'"),
    )


def downgrade() -> None:
    op.drop_index("ix_products_in_review", table_name="products")
    for c in ("product_groups", "reviewed_at", "review_note", "review_state"):
        op.drop_column("products", c)
