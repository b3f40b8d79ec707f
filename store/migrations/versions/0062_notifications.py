"""The seller's notifications (core §9 types) and the choice per type

Revision ID: 0062
Revises: 0061
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0062"
down_revision = "0061"
branch_labels = None
depends_on = None


def _seller(primary_key: bool = False) -> sa.Column:
    return sa.Column(
        "seller_id",
        sa.BigInteger(),
        sa.ForeignKey("sellers.id", ondelete="CASCADE"),
        nullable=False,
        primary_key=primary_key,
    )


def upgrade() -> None:
    op.create_table(
        "notifications",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        _seller(),
        sa.Column("type", sa.String(40), nullable=False),
        sa.Column("key", sa.String(200), nullable=False, unique=True),
        sa.Column("data", JSONB(), nullable=False),
        sa.Column("shown", sa.Boolean(), nullable=False),
        sa.Column("mail_state", sa.String(10), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("read_at", sa.DateTime(timezone=True)),
    )
    op.create_index(
        "ix_notifications_seller", "notifications", ["seller_id", "id"], postgresql_where=sa.text("shown")
    )
    op.create_index(
        "ix_notifications_unread",
        "notifications",
        ["seller_id"],
        postgresql_where=sa.text("shown AND read_at IS NULL"),
    )
    op.create_index(
        "ix_notifications_mail_waiting",
        "notifications",
        ["id"],
        postgresql_where=sa.text("mail_state = 'waiting'"),
    )
    op.create_table(
        "notification_settings",
        _seller(primary_key=True),
        sa.Column("type", sa.String(40), primary_key=True),
        sa.Column("in_app", sa.Boolean(), nullable=False),
        sa.Column("mail", sa.Boolean(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("notification_settings")
    op.drop_table("notifications")
