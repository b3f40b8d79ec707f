"""Seller webhook reads: the endpoints with their recent figures, an endpoint's delivery log, one delivery."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import and_, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.seller_webhooks import DeliveryState
from store.seller_webhooks.models import SellerEvent, WebhookAttempt, WebhookDelivery, WebhookEndpoint

RECENT = timedelta(days=7)  # the endpoints list's figures


@dataclass(frozen=True)
class EndpointFigures:
    delivered: int
    failed: int
    pending: int
    last_delivery_at: datetime | None


async def endpoints_of(
    s: AsyncSession, seller_id: int, endpoint_id: int | None = None
) -> list[tuple[WebhookEndpoint, EndpointFigures]]:
    """The seller's endpoints (or the one `endpoint_id`), newest first, each with its deliveries of the last seven
    days."""
    since = datetime.now(UTC) - RECENT
    d = WebhookDelivery
    which = [d.seller_id == seller_id, d.created_at >= since]
    mine = [WebhookEndpoint.seller_id == seller_id]
    if endpoint_id is not None:
        which.append(d.endpoint_id == endpoint_id)
        mine.append(WebhookEndpoint.id == endpoint_id)
    figures = (
        select(
            d.endpoint_id,
            func.count().filter(d.state == DeliveryState.delivered).label("delivered"),
            func.count().filter(d.state == DeliveryState.failed).label("failed"),
            func.count().filter(d.state == DeliveryState.pending).label("pending"),
            func.max(d.created_at).label("last"),
        )
        .where(*which)
        .group_by(d.endpoint_id)
        .subquery()
    )
    rows = (
        await s.execute(
            select(WebhookEndpoint, figures.c.delivered, figures.c.failed, figures.c.pending, figures.c.last)
            .outerjoin(figures, figures.c.endpoint_id == WebhookEndpoint.id)
            .where(*mine)
            .order_by(WebhookEndpoint.id.desc())
        )
    ).all()
    return [(e, EndpointFigures(ok or 0, bad or 0, waiting or 0, last)) for e, ok, bad, waiting, last in rows]


@dataclass(frozen=True)
class DeliveryRow:
    id: int
    endpoint_id: int
    event_id: int
    event_type: str
    state: DeliveryState
    attempts: int
    last_status: int | None
    replay_of: int | None
    created_at: datetime
    finished_at: datetime | None
    next_attempt_at: datetime | None


def _delivery_row(d: WebhookDelivery, event_type: str) -> DeliveryRow:
    return DeliveryRow(
        d.id,
        d.endpoint_id,
        d.event_id,
        event_type,
        d.state,
        d.attempts,
        d.last_status,
        d.replay_of,
        d.created_at,
        d.finished_at,
        d.next_attempt_at,
    )


async def deliveries_listed(
    s: AsyncSession,
    seller_id: int,
    endpoint_id: int,
    *,
    page: int,
    per: int,
    state: DeliveryState | None = None,
) -> tuple[list[DeliveryRow], int]:
    """An endpoint's deliveries, newest first, a page of them and how many there are."""
    where = and_(WebhookDelivery.seller_id == seller_id, WebhookDelivery.endpoint_id == endpoint_id)
    if state is not None:
        where = and_(where, WebhookDelivery.state == state)
    total = (await s.execute(select(func.count()).select_from(WebhookDelivery).where(where))).scalar_one()
    rows = (
        await s.execute(
            select(WebhookDelivery, SellerEvent.type)
            .join(SellerEvent, SellerEvent.id == WebhookDelivery.event_id)
            .where(where)
            .order_by(WebhookDelivery.id.desc())
            .limit(per)
            .offset((page - 1) * per)
        )
    ).all()
    return [_delivery_row(d, t) for d, t in rows], total


@dataclass(frozen=True)
class DeliveryDetail:
    delivery: DeliveryRow
    event: SellerEvent
    attempts: list[WebhookAttempt]


async def delivery_detail(s: AsyncSession, seller_id: int, delivery_id: int) -> DeliveryDetail | None:
    found = (
        await s.execute(
            select(WebhookDelivery, SellerEvent)
            .join(SellerEvent, SellerEvent.id == WebhookDelivery.event_id)
            .where(WebhookDelivery.id == delivery_id, WebhookDelivery.seller_id == seller_id)
        )
    ).one_or_none()
    if found is None:
        return None
    delivery, event = found
    attempts = (
        await s.execute(
            select(WebhookAttempt)
            .where(WebhookAttempt.delivery_id == delivery_id)
            .order_by(WebhookAttempt.number)
        )
    ).scalars()
    return DeliveryDetail(_delivery_row(delivery, event.type), event, list(attempts))
