"""event tickets: a ticket's dates, place and capacity; a pricing plan per ticket; the payment ticket a paid order
holds (its code, check-in and invalidation), one per order

Revision ID: 0026
Revises: 0025
"""

import sqlalchemy as sa
from alembic import op

revision = "0026"
down_revision = "0025"
branch_labels = None
depends_on = None


def _ref(name: str, table: str, nullable: bool = False, ondelete: str = "CASCADE") -> sa.Column:
    return sa.Column(
        name, sa.BigInteger(), sa.ForeignKey(f"{table}.id", ondelete=ondelete), nullable=nullable
    )


def upgrade() -> None:
    op.create_table(
        "tickets",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        _ref("seller_id", "sellers"),
        _ref("product_id", "products"),
        sa.Column("name", sa.String(300), nullable=False),
        sa.Column("starts_at", sa.DateTime(timezone=True)),
        sa.Column("ends_at", sa.DateTime(timezone=True)),
        sa.Column("time_zone", sa.String(64), nullable=False),
        sa.Column("location", sa.String(300)),
        sa.Column("online", sa.Boolean(), server_default="false", nullable=False),
        sa.Column("without_dates", sa.Boolean(), server_default="false", nullable=False),
        sa.Column("limit", sa.Integer()),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_tickets_product_id", "tickets", ["product_id"])
    op.add_column("pricing_plans", _ref("ticket_id", "tickets", nullable=True))
    op.create_table(
        "payment_tickets",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        _ref("seller_id", "sellers"),
        _ref("product_id", "products"),
        _ref("ticket_id", "tickets"),
        _ref("order_id", "orders"),
        sa.Column("code", sa.String(16), nullable=False, unique=True),
        sa.Column("reserved_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True)),
        sa.Column("invalidated_at", sa.DateTime(timezone=True)),
        sa.UniqueConstraint("order_id"),
    )
    op.create_index("ix_payment_tickets_ticket_id", "payment_tickets", ["ticket_id"])
    op.create_index("ix_payment_tickets_seller_id", "payment_tickets", ["seller_id"])


def downgrade() -> None:
    op.drop_table("payment_tickets")
    op.drop_column("pricing_plans", "ticket_id")
    op.drop_table("tickets")
