"""payment methods per payment type (core §9 matrix) and the bank wire: the order's day to pay by, and every
incoming transfer the bank reported, once each, matched to its order or left for the seller

Revision ID: 0039
Revises: 0038
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0039"
down_revision = "0038"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("sellers", sa.Column("payment_methods", JSONB()))
    op.add_column("orders", sa.Column("wire_due_at", sa.DateTime(timezone=True)))
    op.create_table(
        "bank_incoming",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        sa.Column("event_id", sa.String(100), nullable=False, unique=True),
        sa.Column("reference", sa.String(140), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("currency", sa.String(3), nullable=False),
        sa.Column("payer_name", sa.String(140)),
        sa.Column("order_id", sa.BigInteger(), sa.ForeignKey("orders.id", ondelete="SET NULL"), index=True),
        sa.Column("state", sa.String(20), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False, server_default=sa.text("now()")),
    )


def downgrade() -> None:
    op.drop_table("bank_incoming")
    op.drop_column("orders", "wire_due_at")
    op.drop_column("sellers", "payment_methods")
