"""what the last look at a custom domain's routing records saw (CNAME targets, A and AAAA addresses), and when

Revision ID: 0021
Revises: 0020
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0021"
down_revision = "0020"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("domains", sa.Column("routing_seen", postgresql.JSONB()))
    op.add_column("domains", sa.Column("routing_checked_at", sa.DateTime(timezone=True)))


def downgrade() -> None:
    op.drop_column("domains", "routing_checked_at")
    op.drop_column("domains", "routing_seen")
