"""order setup attempts (one order per checkout page)

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("orders", sa.Column("setup_attempts", sa.Integer(), nullable=False, server_default="1"))


def downgrade() -> None:
    op.drop_column("orders", "setup_attempts")
