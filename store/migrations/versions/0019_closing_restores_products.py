"""an account's closing remembers which products it took off the shop, so a cancel (or a reactivation) puts exactly
those back

Revision ID: 0019
Revises: 0018
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "account_deletions",
        sa.Column(
            "paused_product_ids", postgresql.JSONB, nullable=False, server_default=sa.text("'[]'::jsonb")
        ),
    )


def downgrade() -> None:
    op.drop_column("account_deletions", "paused_product_ids")
