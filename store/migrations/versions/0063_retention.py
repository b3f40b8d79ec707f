"""Retention: when each seller's Retention workflow was started

Revision ID: 0063
Revises: 0062
"""

import sqlalchemy as sa
from alembic import op

revision = "0063"
down_revision = "0062"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("sellers", sa.Column("retention_started_at", sa.DateTime(timezone=True)))
    op.create_index(
        "ix_sellers_retention_waiting",
        "sellers",
        ["id"],
        postgresql_where=sa.text("retention_started_at IS NULL"),
    )


def downgrade() -> None:
    op.drop_index("ix_sellers_retention_waiting", table_name="sellers")
    op.drop_column("sellers", "retention_started_at")
