"""Seller webhooks: endpoints, the seller events outbox, deliveries and their attempts

Revision ID: 0061
Revises: 0060
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0061"
down_revision = "0060"
branch_labels = None
depends_on = None


def _seller() -> sa.Column:
    return sa.Column(
        "seller_id", sa.BigInteger(), sa.ForeignKey("sellers.id", ondelete="CASCADE"), nullable=False
    )


def upgrade() -> None:
    op.create_table(
        "webhook_endpoints",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        _seller(),
        sa.Column("url", sa.String(2000), nullable=False),
        sa.Column("description", sa.String(200), nullable=False, server_default=""),
        sa.Column("events", JSONB(), nullable=False),
        sa.Column("state", sa.String(20), nullable=False),
        sa.Column("secret", sa.Text(), nullable=False),
        sa.Column("paused_at", sa.DateTime(timezone=True)),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
    )
    op.create_index("ix_webhook_endpoints_seller_id", "webhook_endpoints", ["seller_id"])
    op.create_table(
        "seller_events",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        _seller(),
        sa.Column("type", sa.String(40), nullable=False),
        sa.Column("key", sa.String(200), nullable=False, unique=True),
        sa.Column("data", JSONB(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("dispatched_at", sa.DateTime(timezone=True)),
    )
    op.create_index("ix_seller_events_seller_id", "seller_events", ["seller_id"])
    op.create_index(
        "ix_seller_events_undispatched",
        "seller_events",
        ["id"],
        postgresql_where=sa.text("dispatched_at IS NULL"),
    )
    op.create_table(
        "webhook_deliveries",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        _seller(),
        sa.Column(
            "endpoint_id",
            sa.BigInteger(),
            sa.ForeignKey("webhook_endpoints.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column(
            "event_id", sa.BigInteger(), sa.ForeignKey("seller_events.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("replay_of", sa.BigInteger(), sa.ForeignKey("webhook_deliveries.id", ondelete="SET NULL")),
        sa.Column("idempotency_key", sa.String(300)),
        sa.Column("state", sa.String(20), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("last_status", sa.Integer()),
        sa.Column("next_attempt_at", sa.DateTime(timezone=True)),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True)),
        sa.UniqueConstraint("idempotency_key", name="uq_webhook_deliveries_idempotency_key"),
    )
    op.create_index("ix_webhook_deliveries_seller_id", "webhook_deliveries", ["seller_id"])
    op.create_index("ix_webhook_deliveries_endpoint", "webhook_deliveries", ["endpoint_id", "id"])
    op.create_index(
        "uq_webhook_deliveries_first",
        "webhook_deliveries",
        ["endpoint_id", "event_id"],
        unique=True,
        postgresql_where=sa.text("replay_of IS NULL"),
    )
    op.create_table(
        "webhook_attempts",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        sa.Column(
            "delivery_id",
            sa.BigInteger(),
            sa.ForeignKey("webhook_deliveries.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("outcome", sa.String(20), nullable=False),
        sa.Column("status", sa.Integer()),
        sa.Column("error", sa.String(40)),
        sa.Column("duration_ms", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("response", sa.Text(), nullable=False, server_default=""),
        sa.Column("at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.UniqueConstraint("delivery_id", "number", name="uq_webhook_attempts_delivery_number"),
    )


def downgrade() -> None:
    op.drop_table("webhook_attempts")
    op.drop_table("webhook_deliveries")
    op.drop_table("seller_events")
    op.drop_table("webhook_endpoints")
