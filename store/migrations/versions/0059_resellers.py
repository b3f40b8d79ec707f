"""Selling through a reseller: the seller's selling mode, their requests, and how each order was sold

Revision ID: 0059
Revises: 0058
"""

import sqlalchemy as sa
from alembic import op

revision = "0059"
down_revision = "0058"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "sellers",
        sa.Column("selling_mode", sa.String(30), nullable=False, server_default="selling_by_ownself"),
    )
    op.add_column(
        "orders", sa.Column("via_reseller", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    op.create_table(
        "reseller_requests",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        sa.Column(
            "seller_id", sa.BigInteger(), sa.ForeignKey("sellers.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("state", sa.String(20), nullable=False),
        sa.Column("message", sa.String(1000), nullable=False, server_default=""),
        sa.Column("reason", sa.String(500)),
        sa.Column("decided_by", sa.BigInteger(), sa.ForeignKey("users.id", ondelete="SET NULL")),
        sa.Column("decided_at", sa.DateTime(timezone=True)),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
    )
    op.create_index("ix_reseller_requests_seller_id", "reseller_requests", ["seller_id"])
    # one request waits at a time
    op.create_index(
        "uq_reseller_requests_waiting",
        "reseller_requests",
        ["seller_id"],
        unique=True,
        postgresql_where=sa.text("state = 'waiting'"),
    )


def downgrade() -> None:
    op.drop_table("reseller_requests")
    op.drop_column("orders", "via_reseller")
    op.drop_column("sellers", "selling_mode")
