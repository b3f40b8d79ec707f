"""a product's cover: its size variants (editor §3 covers)

Revision ID: 0031
Revises: 0030
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0031"
down_revision = "0030"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("products", sa.Column("cover", JSONB()))


def downgrade() -> None:
    op.drop_column("products", "cover")
