"""payout settings and payouts

Revision ID: 0009
Revises: 0008
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "payout_settings",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        sa.Column("payee_type", sa.String(20), nullable=False),
        sa.Column("payee_id", sa.BigInteger(), nullable=False),
        sa.Column("schedule", sa.String(20), nullable=False),
        sa.Column("minimum", sa.BigInteger(), nullable=False),
        sa.Column("hold_days", sa.Integer(), nullable=False),
        sa.UniqueConstraint("payee_type", "payee_id", name="uq_payout_settings_payee_type"),
    )
    op.create_table(
        "payouts",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        sa.Column("payee_type", sa.String(20), nullable=False),
        sa.Column("payee_id", sa.BigInteger(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("currency", sa.String(3), nullable=False),
        sa.Column("state", sa.String(20), nullable=False),
        sa.Column("iban", sa.String(42), nullable=False),
        sa.Column("end_to_end_id", sa.String(160), nullable=False),
        sa.Column("reason", sa.String(1000)),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.UniqueConstraint("end_to_end_id", name="uq_payouts_end_to_end_id"),
    )
    op.create_index("ix_payouts_payee_id", "payouts", ["payee_id"])


def downgrade() -> None:
    op.drop_table("payouts")
    op.drop_table("payout_settings")
