"""Team members and sales team members; an order's sales team member

Revision ID: 0058
Revises: 0057
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0058"
down_revision = "0057"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "team_members",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        sa.Column(
            "seller_id", sa.BigInteger(), sa.ForeignKey("sellers.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("email", sa.String(320), nullable=False),
        sa.Column("role", sa.String(20), nullable=False),
        sa.Column("state", sa.String(20), nullable=False),
        sa.Column("user_id", sa.BigInteger(), sa.ForeignKey("users.id", ondelete="CASCADE")),
        sa.Column("fee_bp", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("invited_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("answered_at", sa.DateTime(timezone=True)),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.UniqueConstraint("seller_id", "email", "role", name="uq_team_members_seller_email_role"),
        sa.CheckConstraint("fee_bp >= 0 AND fee_bp <= 10000", name="ck_team_members_fee_bp"),
    )
    op.create_index("ix_team_members_email", "team_members", ["email"])
    op.create_index("ix_team_members_user_id", "team_members", ["user_id"])
    op.add_column("orders", sa.Column("sales_team", JSONB()))
    op.add_column("orders", sa.Column("sales_team_user_id", sa.BigInteger()))
    op.create_index("ix_orders_sales_team_user_id", "orders", ["sales_team_user_id"])


def downgrade() -> None:
    op.drop_index("ix_orders_sales_team_user_id", "orders")
    op.drop_column("orders", "sales_team_user_id")
    op.drop_column("orders", "sales_team")
    op.drop_table("team_members")
