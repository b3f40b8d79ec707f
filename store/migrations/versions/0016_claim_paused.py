"""a claim's dunning paused by the seller: the moment it was paused (none while it runs), so the cabinet's lists
offer the action that applies (resume a paused claim, pause a running one)

Revision ID: 0016
Revises: 0015
"""

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("claims", sa.Column("paused_at", sa.DateTime(timezone=True)))


def downgrade() -> None:
    op.drop_column("claims", "paused_at")
