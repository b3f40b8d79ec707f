"""invoices keep what they say (seller, buyer, VAT) from finalisation; the seller's monthly platform invoices

Revision ID: 0010
Revises: 0009
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("invoices", sa.Column("document", JSONB()))
    op.create_table(
        "platform_invoices",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        sa.Column(
            "seller_id",
            sa.BigInteger(),
            sa.ForeignKey("sellers.id", ondelete="RESTRICT", name="fk_platform_invoices_seller_id_sellers"),
            nullable=False,
        ),
        sa.Column("period", sa.String(7), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("state", sa.String(20), nullable=False),
        sa.Column("sales", sa.Integer(), nullable=False),
        sa.Column("fees", sa.BigInteger(), nullable=False),
        sa.Column("refunded_fees", sa.BigInteger(), nullable=False),
        sa.Column("total", sa.BigInteger(), nullable=False),
        sa.Column("currency", sa.String(3), nullable=False),
        sa.Column("issued_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.UniqueConstraint("seller_id", "period", name="uq_platform_invoices_seller_id"),
        sa.UniqueConstraint("number", name="uq_platform_invoices_number"),
    )


def downgrade() -> None:
    op.drop_table("platform_invoices")
    op.drop_column("invoices", "document")
