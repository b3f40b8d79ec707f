"""a product's category (editor §3 categories) and cost center

Revision ID: 0028
Revises: 0027
"""

import sqlalchemy as sa
from alembic import op

revision = "0028"
down_revision = "0027"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("products", sa.Column("category", sa.String(30)))
    op.add_column("products", sa.Column("cost_center", sa.String(100)))


def downgrade() -> None:
    op.drop_column("products", "cost_center")
    op.drop_column("products", "category")
