"""A seller's webhook endpoints and deliveries as the cabinet shows them."""

from __future__ import annotations

from api.deps import DB
from api.schemas.seller_webhooks import (
    DeliveryAttemptOut,
    DeliveryDetailOut,
    DeliveryOut,
    EndpointDetail,
    EndpointOut,
)
from domain.seller_webhooks import EventType
from store.seller_webhooks.actions import endpoint_secret
from store.seller_webhooks.models import WebhookEndpoint
from store.seller_webhooks.queries import DeliveryDetail, DeliveryRow, EndpointFigures, endpoints_of


def endpoint_out(row: WebhookEndpoint, f: EndpointFigures | None = None) -> EndpointOut:
    f = f or EndpointFigures(0, 0, 0, None)
    return EndpointOut(
        id=row.id,
        url=row.url,
        description=row.description,
        events=[EventType(e) for e in row.events],
        state=row.state,
        created_at=row.created_at,
        paused_at=row.paused_at,
        delivered_7d=f.delivered,
        failed_7d=f.failed,
        pending=f.pending,
        last_delivery_at=f.last_delivery_at,
    )


async def endpoint_detail(s: DB, seller_id: int, row: WebhookEndpoint) -> EndpointDetail:
    figures = {e.id: f for e, f in await endpoints_of(s, seller_id, row.id)}  # this one's alone
    out = endpoint_out(row, figures.get(row.id))
    return EndpointDetail(**out.model_dump(), secret=endpoint_secret(row))


def delivery_out(d: DeliveryRow) -> DeliveryOut:
    return DeliveryOut(
        id=d.id,
        endpoint_id=d.endpoint_id,
        event_id=f"evt_{d.event_id}",
        event_type=EventType(d.event_type),
        state=d.state,
        attempts=d.attempts,
        last_status=d.last_status,
        replay_of=d.replay_of,
        created_at=d.created_at,
        finished_at=d.finished_at,
        next_attempt_at=d.next_attempt_at,
    )


def delivery_detail_out(found: DeliveryDetail) -> DeliveryDetailOut:
    e = found.event
    return DeliveryDetailOut(
        **delivery_out(found.delivery).model_dump(),
        payload={"id": f"evt_{e.id}", "type": e.type, "created_at": e.created_at.isoformat(), "data": e.data},
        attempts_log=[DeliveryAttemptOut.model_validate(a, from_attributes=True) for a in found.attempts],
    )
