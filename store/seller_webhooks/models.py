"""A seller's webhook endpoints, the events recorded for them (an outbox: written in the transaction of the fact),
and the delivery log: one delivery per endpoint and event (and per replay), one row per attempt."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, DateTime, ForeignKey, Index, Integer, String, Text, UniqueConstraint, text
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from domain.seller_webhooks import DESCRIPTION_MAX, URL_MAX, DeliveryState, EndpointState
from store.base import Base, StrEnumText, Timestamps


class WebhookEndpoint(Timestamps, Base):
    __tablename__ = "webhook_endpoints"
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"), index=True)
    url: Mapped[str] = mapped_column(String(URL_MAX))
    description: Mapped[str] = mapped_column(String(DESCRIPTION_MAX), default="")
    events: Mapped[list[str]] = mapped_column(JSONB)  # event types; empty: every type
    state: Mapped[EndpointState] = mapped_column(StrEnumText(EndpointState, 20))
    secret: Mapped[str] = mapped_column(Text)  # sealed (store/secrets.py)
    paused_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class SellerEvent(Base):
    """A fact a seller's endpoints hear about, once per business key; `dispatched_at` once handed out."""

    __tablename__ = "seller_events"
    __table_args__ = (
        Index("ix_seller_events_undispatched", "id", postgresql_where=text("dispatched_at IS NULL")),
    )
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"), index=True)
    type: Mapped[str] = mapped_column(String(40))
    key: Mapped[str] = mapped_column(String(200), unique=True)
    data: Mapped[dict[str, Any]] = mapped_column(JSONB)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=text("now()"))
    dispatched_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class WebhookDelivery(Base):
    __tablename__ = "webhook_deliveries"
    __table_args__ = (
        # an event goes to an endpoint once; a replay is a delivery of its own
        Index(
            "uq_webhook_deliveries_first",
            "endpoint_id",
            "event_id",
            unique=True,
            postgresql_where=text("replay_of IS NULL"),
        ),
        UniqueConstraint("idempotency_key", name="uq_webhook_deliveries_idempotency_key"),
        Index("ix_webhook_deliveries_endpoint", "endpoint_id", "id"),
    )
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"), index=True)
    endpoint_id: Mapped[int] = mapped_column(ForeignKey("webhook_endpoints.id", ondelete="CASCADE"))
    event_id: Mapped[int] = mapped_column(ForeignKey("seller_events.id", ondelete="CASCADE"))
    replay_of: Mapped[int | None] = mapped_column(ForeignKey("webhook_deliveries.id", ondelete="SET NULL"))
    idempotency_key: Mapped[str | None] = mapped_column(String(300))  # a replay's or a test's
    state: Mapped[DeliveryState] = mapped_column(StrEnumText(DeliveryState, 20))
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    last_status: Mapped[int | None] = mapped_column(Integer)
    next_attempt_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=text("now()"))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class WebhookAttempt(Base):
    __tablename__ = "webhook_attempts"
    __table_args__ = (UniqueConstraint("delivery_id", "number", name="uq_webhook_attempts_delivery_number"),)
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    delivery_id: Mapped[int] = mapped_column(ForeignKey("webhook_deliveries.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(Integer)
    outcome: Mapped[str] = mapped_column(String(20))
    status: Mapped[int | None] = mapped_column(Integer)  # the HTTP status, none without an answer
    error: Mapped[str | None] = mapped_column(
        String(40)
    )  # timeout, connection, address_not_allowed, redirect
    duration_ms: Mapped[int] = mapped_column(Integer, default=0)
    response: Mapped[str] = mapped_column(Text, default="")  # the answer's first characters
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=text("now()"))
