"""refresh token families (reuse detection)

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Tokens issued before this migration form a family of their own (their hash), so rotation goes on.
    op.add_column("refresh_tokens", sa.Column("family", sa.String(64), nullable=True))
    op.execute("update refresh_tokens set family = token_hash where family is null")
    op.alter_column("refresh_tokens", "family", nullable=False)
    op.create_index("ix_refresh_tokens_family", "refresh_tokens", ["family"])


def downgrade() -> None:
    op.drop_index("ix_refresh_tokens_family", table_name="refresh_tokens")
    op.drop_column("refresh_tokens", "family")
