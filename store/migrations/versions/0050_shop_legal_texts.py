"""A shop's legal texts (cancellation terms, imprint) beside its tracking settings

Revision ID: 0050
Revises: 0049
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0050"
down_revision = "0049"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("shop_settings", sa.Column("legal", JSONB(), nullable=False, server_default="{}"))
    op.alter_column("shop_settings", "tracking", server_default="{}")


def downgrade() -> None:
    op.drop_column("shop_settings", "legal")
