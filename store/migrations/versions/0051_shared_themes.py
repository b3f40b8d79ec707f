"""Shared themes: a page's theme shared by a link

Revision ID: 0051
Revises: 0050
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0051"
down_revision = "0050"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "shared_themes",
        sa.Column("token", sa.String(40), primary_key=True),
        sa.Column(
            "seller_id", sa.BigInteger(), sa.ForeignKey("sellers.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("theme_kind", sa.String(20), nullable=False),
        sa.Column("theme", JSONB(), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
    )
    op.create_index("ix_shared_themes_seller_id", "shared_themes", ["seller_id"])


def downgrade() -> None:
    op.drop_table("shared_themes")
