"""Affiliate programs, their publishers (nodes) and the clicks on publishers' links

Revision ID: 0054
Revises: 0053
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0054"
down_revision = "0053"
branch_labels = None
depends_on = None


def _stamps() -> list[sa.Column]:
    return [
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
    ]


def upgrade() -> None:
    op.create_table(
        "affiliate_programs",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        sa.Column(
            "seller_id", sa.BigInteger(), sa.ForeignKey("sellers.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("form", JSONB(), nullable=False),
        *_stamps(),
    )
    op.create_index("ix_affiliate_programs_seller_id", "affiliate_programs", ["seller_id"])
    op.create_table(
        "affiliate_nodes",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        sa.Column(
            "program_id",
            sa.BigInteger(),
            sa.ForeignKey("affiliate_programs.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column(
            "seller_id", sa.BigInteger(), sa.ForeignKey("sellers.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column(
            "publisher_user_id",
            sa.BigInteger(),
            sa.ForeignKey("users.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("state", sa.String(20), nullable=False),
        sa.Column(
            "referrer_node_id", sa.BigInteger(), sa.ForeignKey("affiliate_nodes.id", ondelete="SET NULL")
        ),
        sa.Column("from_landing_page", sa.Boolean(), nullable=False, server_default=sa.false()),
        *_stamps(),
        sa.UniqueConstraint("program_id", "publisher_user_id"),
    )
    op.create_index("ix_affiliate_nodes_seller_id", "affiliate_nodes", ["seller_id"])
    op.create_index("ix_affiliate_nodes_publisher_user_id", "affiliate_nodes", ["publisher_user_id"])
    op.create_table(
        "affiliate_clicks",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        sa.Column(
            "publisher_user_id",
            sa.BigInteger(),
            sa.ForeignKey("users.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column(
            "seller_id", sa.BigInteger(), sa.ForeignKey("sellers.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("landing", sa.String(300), nullable=False),
    )
    op.create_index("ix_affiliate_clicks_seller_at", "affiliate_clicks", ["seller_id", "at"])
    op.create_index("ix_affiliate_clicks_publisher_user_id", "affiliate_clicks", ["publisher_user_id"])


def downgrade() -> None:
    op.drop_table("affiliate_clicks")
    op.drop_table("affiliate_nodes")
    op.drop_table("affiliate_programs")
