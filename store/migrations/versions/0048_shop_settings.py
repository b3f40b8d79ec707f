"""A shop's tracking codes and cookie consent

Revision ID: 0048
Revises: 0047
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0048"
down_revision = "0047"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "shop_settings",
        sa.Column(
            "seller_id",
            sa.BigInteger(),
            sa.ForeignKey("sellers.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("tracking", JSONB(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("shop_settings")
