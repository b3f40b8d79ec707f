"""bookkeeping exports

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounting_exports",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        sa.Column(
            "seller_id", sa.BigInteger(), sa.ForeignKey("sellers.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("period", sa.String(7), nullable=False),
        sa.Column("state", sa.String(30), nullable=False),
        sa.Column("bookings", sa.Integer(), nullable=False),
        sa.Column("csv_key", sa.String(200)),
        sa.Column("datev_key", sa.String(200)),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.UniqueConstraint("seller_id", "period", name="uq_accounting_exports_seller_id"),
    )
    op.create_index("ix_accounting_exports_seller_id", "accounting_exports", ["seller_id"])


def downgrade() -> None:
    op.drop_table("accounting_exports")
