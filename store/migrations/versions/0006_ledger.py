"""the ledger, platform plans and refunds

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    plans = op.create_table(
        "platform_plans",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("purpose", sa.String(30), nullable=False),
        sa.Column("billing_cycle", sa.String(20), nullable=False),
        sa.Column("fee_basis_points", sa.Integer(), nullable=False),
        sa.Column("fee_fixed", sa.Integer(), nullable=False),
        sa.UniqueConstraint("name", name="uq_platform_plans_name"),
    )
    op.bulk_insert(
        plans,
        [
            {
                "name": "Standard",
                "purpose": "public",
                "billing_cycle": "monthly",
                "fee_basis_points": 490,
                "fee_fixed": 0,
            },
            {
                "name": "Trial",
                "purpose": "trial",
                "billing_cycle": "monthly",
                "fee_basis_points": 0,
                "fee_fixed": 0,
            },
        ],
    )
    op.add_column(
        "sellers",
        sa.Column(
            "platform_plan_id",
            sa.BigInteger(),
            sa.ForeignKey(
                "platform_plans.id", ondelete="SET NULL", name="fk_sellers_platform_plan_id_platform_plans"
            ),
        ),
    )
    op.create_table(
        "refunds",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        sa.Column(
            "order_id", sa.BigInteger(), sa.ForeignKey("orders.id", ondelete="RESTRICT"), nullable=False
        ),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("currency", sa.String(3), nullable=False),
        sa.Column("reason", sa.String(1000), nullable=False),
        sa.Column("state", sa.String(20), nullable=False),
        sa.Column("provider_refund_id", sa.String(100)),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.UniqueConstraint("order_id", "number", name="uq_refunds_order_id"),
    )
    op.create_index("ix_refunds_order_id", "refunds", ["order_id"])
    op.create_table(
        "ledger_entries",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        sa.Column("payee_type", sa.String(20), nullable=False),
        sa.Column("payee_id", sa.BigInteger(), nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("currency", sa.String(3), nullable=False),
        sa.Column("idempotency_key", sa.String(160), nullable=False),
        sa.Column("order_id", sa.BigInteger(), sa.ForeignKey("orders.id", ondelete="RESTRICT")),
        sa.Column("refund_id", sa.BigInteger(), sa.ForeignKey("refunds.id", ondelete="RESTRICT")),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.UniqueConstraint("idempotency_key", name="uq_ledger_entries_idempotency_key"),
    )
    op.create_index("ix_ledger_entries_payee", "ledger_entries", ["payee_type", "payee_id", "created_at"])
    op.create_index("ix_ledger_entries_order_id", "ledger_entries", ["order_id"])
    # Sales booked before the ledger existed: their entries, without a fee (none was taken then).
    op.execute(
        """
        insert into ledger_entries (payee_type, payee_id, kind, amount, currency, idempotency_key, order_id, created_at)
        select 'clearing', 0, 'sale', -t.amount, t.currency, 'order-' || o.token || '-sale-clearing', o.id, t.created_at
          from transfers t join orders o on o.id = t.order_id where t.form = 'sale'
        union all
        select 'seller', t.seller_id, 'sale', t.amount, t.currency, 'order-' || o.token || '-sale-seller', o.id, t.created_at
          from transfers t join orders o on o.id = t.order_id where t.form = 'sale'
        """
    )


def downgrade() -> None:
    op.drop_table("ledger_entries")
    op.drop_table("refunds")
    op.drop_column("sellers", "platform_plan_id")
    op.drop_table("platform_plans")
