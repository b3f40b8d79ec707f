"""SEPA Direct Debit mandates accepted at checkout (core §9 payment method sepa), one per order

Revision ID: 0043
Revises: 0042
"""

import sqlalchemy as sa
from alembic import op

revision = "0043"
down_revision = "0042"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "sepa_mandates",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        sa.Column(
            "order_id", sa.BigInteger(), sa.ForeignKey("orders.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("reference", sa.String(35), nullable=False),
        sa.Column("holder", sa.String(70), nullable=False),
        sa.Column("iban_country", sa.String(2), nullable=False),
        sa.Column("iban_last4", sa.String(4), nullable=False),
        sa.Column("iban_sha256", sa.String(64), nullable=False),
        sa.Column("payment_method", sa.String(100), nullable=False),
        sa.Column("ip_address", sa.String(64), nullable=False),
        sa.Column("user_agent", sa.String(400), nullable=False),
        sa.Column("accepted_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.UniqueConstraint("order_id", name="uq_sepa_mandates_order_id"),
    )


def downgrade() -> None:
    op.drop_table("sepa_mandates")
