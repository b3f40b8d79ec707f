"""a recurring order's terms before its coupon: each rate's invoice names what the coupon took off that rate

Revision ID: 0036
Revises: 0035
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0036"
down_revision = "0035"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("orders", sa.Column("list_terms", JSONB()))


def downgrade() -> None:
    op.drop_column("orders", "list_terms")
