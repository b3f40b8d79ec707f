"""The notices a user turned off

Revision ID: 0060
Revises: 0059
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0060"
down_revision = "0059"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "users", sa.Column("muted_notices", JSONB(), nullable=False, server_default=sa.text("'[]'::jsonb"))
    )


def downgrade() -> None:
    op.drop_column("users", "muted_notices")
