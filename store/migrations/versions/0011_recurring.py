"""recurring money: pricing plan terms, the order's frozen terms and saved payment method, order rates and their
charges, claims and the seller's claim settings; an invoice per rate; access suspended while a rate is in debt

Revision ID: 0011
Revises: 0010
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("pricing_plans", sa.Column("next_amount", sa.BigInteger()))
    op.add_column("pricing_plans", sa.Column("payments_count", sa.Integer()))
    op.add_column("pricing_plans", sa.Column("period", sa.String(4)))
    op.add_column("pricing_plans", sa.Column("custom_intervals", JSONB()))
    op.add_column("pricing_plans", sa.Column("rate_amounts", JSONB()))
    op.add_column("pricing_plans", sa.Column("test_days", sa.Integer(), nullable=False, server_default="0"))
    op.add_column("pricing_plans", sa.Column("start_day", sa.Integer()))
    op.add_column(
        "pricing_plans", sa.Column("use_net_price", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    op.add_column("orders", sa.Column("terms", JSONB()))
    op.add_column("orders", sa.Column("renewal_payment_method", sa.String(100)))
    op.add_column("accesses", sa.Column("suspended_at", sa.DateTime(timezone=True)))
    op.add_column("invoices", sa.Column("rate", sa.Integer(), nullable=False, server_default="1"))
    op.drop_index("uq_invoices_regular_order", "invoices")
    op.create_index(
        "uq_invoices_regular_order_rate",
        "invoices",
        ["order_id", "rate"],
        unique=True,
        postgresql_where=sa.text("form = 'regular'"),
    )
    op.create_table(
        "order_rates",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        sa.Column(
            "order_id",
            sa.BigInteger(),
            sa.ForeignKey("orders.id", ondelete="CASCADE", name="fk_order_rates_order_id_orders"),
            nullable=False,
        ),
        sa.Column(
            "seller_id",
            sa.BigInteger(),
            sa.ForeignKey("sellers.id", ondelete="CASCADE", name="fk_order_rates_seller_id_sellers"),
            nullable=False,
        ),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("due_on", sa.Date(), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("currency", sa.String(3), nullable=False),
        sa.Column("state", sa.String(20), nullable=False),
        sa.Column("paid_amount", sa.BigInteger(), nullable=False, server_default="0"),
        sa.Column("attempts", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.UniqueConstraint("order_id", "number", name="uq_order_rates_order_id"),
    )
    op.create_index("ix_order_rates_seller_due", "order_rates", ["seller_id", "due_on", "id"])
    op.create_index("ix_order_rates_seller_state", "order_rates", ["seller_id", "state", "id"])
    op.create_table(
        "rate_charges",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        sa.Column(
            "order_id",
            sa.BigInteger(),
            sa.ForeignKey("orders.id", ondelete="CASCADE", name="fk_rate_charges_order_id_orders"),
            nullable=False,
        ),
        sa.Column("rate", sa.Integer(), nullable=False),
        sa.Column("attempt", sa.Integer(), nullable=False),
        sa.Column("provider_ref", sa.String(100), nullable=False),
        sa.Column("idempotency_key", sa.String(160), nullable=False),
        sa.Column("payment_method", sa.String(100), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(40), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.UniqueConstraint("order_id", "rate", "attempt", name="uq_rate_charges_order_id"),
        sa.UniqueConstraint("provider_ref", name="uq_rate_charges_provider_ref"),
        sa.UniqueConstraint("idempotency_key", name="uq_rate_charges_idempotency_key"),
    )
    op.create_table(
        "claims",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        sa.Column(
            "order_id",
            sa.BigInteger(),
            sa.ForeignKey("orders.id", ondelete="CASCADE", name="fk_claims_order_id_orders"),
            nullable=False,
        ),
        sa.Column(
            "seller_id",
            sa.BigInteger(),
            sa.ForeignKey("sellers.id", ondelete="CASCADE", name="fk_claims_seller_id_sellers"),
            nullable=False,
        ),
        sa.Column("rate", sa.Integer(), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("currency", sa.String(3), nullable=False),
        sa.Column("strategy", sa.String(20), nullable=False),
        sa.Column("decline", sa.String(10), nullable=False),
        sa.Column("stage", sa.String(10)),
        sa.Column("dunning", sa.String(20), nullable=False),
        sa.Column("inkasso", sa.String(30), nullable=False),
        sa.Column("outcome", sa.String(30)),
        sa.Column("collected", sa.BigInteger(), nullable=False, server_default="0"),
        sa.Column("charges", sa.Integer(), nullable=False, server_default="1"),
        sa.Column("opened_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("closed_at", sa.DateTime(timezone=True)),
        sa.UniqueConstraint("order_id", "rate", name="uq_claims_order_id"),
    )
    op.create_index("ix_claims_seller_opened", "claims", ["seller_id", "opened_at", "id"])
    op.create_table(
        "claim_settings",
        sa.Column(
            "seller_id",
            sa.BigInteger(),
            sa.ForeignKey("sellers.id", ondelete="CASCADE", name="fk_claim_settings_seller_id_sellers"),
            primary_key=True,
        ),
        sa.Column("strategy", sa.String(20), nullable=False),
        sa.Column("first_days", sa.Integer(), nullable=False),
        sa.Column("second_days", sa.Integer(), nullable=False),
        sa.Column("third_days", sa.Integer(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("claim_settings")
    op.drop_table("claims")
    op.drop_table("rate_charges")
    op.drop_table("order_rates")
    op.drop_index("uq_invoices_regular_order_rate", "invoices")
    op.create_index(
        "uq_invoices_regular_order",
        "invoices",
        ["order_id"],
        unique=True,
        postgresql_where=sa.text("form = 'regular'"),
    )
    op.drop_column("invoices", "rate")
    op.drop_column("accesses", "suspended_at")
    op.drop_column("orders", "renewal_payment_method")
    op.drop_column("orders", "terms")
    for c in (
        "use_net_price",
        "start_day",
        "test_days",
        "rate_amounts",
        "custom_intervals",
        "period",
        "payments_count",
        "next_amount",
    ):
        op.drop_column("pricing_plans", c)
