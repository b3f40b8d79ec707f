"""Seller webhook writes: endpoints, the events recorded in the transaction of their fact, handing them out as
deliveries, every attempt, giving up (which pauses the endpoint), replays and test events."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import exists, func, literal, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain.errors import DomainError, ErrorCode, invalid, refused
from domain.seller_webhooks import (
    ENDPOINTS_MAX,
    RESPONSE_EXCERPT_MAX,
    STATE_AFTER,
    DeliveryState,
    EndpointState,
    EventType,
    Outcome,
    new_secret,
)
from store.secrets import opened, sealed
from store.seller_webhooks.models import SellerEvent, WebhookAttempt, WebhookDelivery, WebhookEndpoint


async def event_recorded(
    s: AsyncSession, seller_id: int, event_type: EventType, key: str, data: dict[str, Any]
) -> None:
    """Records the event in the caller's transaction, once under `key`, and only for a seller with an active
    endpoint (one statement: nothing is kept for sellers who listen to nothing)."""
    listening = exists().where(
        WebhookEndpoint.seller_id == seller_id, WebhookEndpoint.state == EndpointState.active
    )
    values = select(
        literal(seller_id),
        literal(event_type.value),
        literal(f"{event_type.value}:{key}"),
        literal(data, SellerEvent.data.type),
    ).where(listening)
    await s.execute(
        insert(SellerEvent)
        .from_select(["seller_id", "type", "key", "data"], values)
        .on_conflict_do_nothing(index_elements=[SellerEvent.key])
    )


def order_data(order: Any, **more: Any) -> dict[str, Any]:
    """What every order event says of its order (`more`: the event's own figures)."""
    return {
        "order": order.token,
        "order_type": str(order.order_type),
        "product_id": order.product_id,
        "product_name": order.product_name,
        "email": order.payer_email,
        "currency": order.currency_key,
        **more,
    }


def _event_types(events: list[EventType]) -> list[str]:
    return sorted({e.value for e in events if e != EventType.ping})


async def endpoint_created(
    s: AsyncSession, seller_id: int, url: str, description: str, events: list[EventType]
) -> WebhookEndpoint:
    count = (await s.execute(select(func.count()).where(WebhookEndpoint.seller_id == seller_id))).scalar_one()
    if count >= ENDPOINTS_MAX:
        raise refused("too_many")
    row = WebhookEndpoint(
        seller_id=seller_id,
        url=url,
        description=description,
        events=_event_types(events),
        state=EndpointState.active,
        secret=sealed(new_secret()),
    )
    s.add(row)
    await s.flush()
    return row


async def endpoint_of(
    s: AsyncSession, seller_id: int, endpoint_id: int, lock: bool = False
) -> WebhookEndpoint:
    q = select(WebhookEndpoint).where(
        WebhookEndpoint.id == endpoint_id, WebhookEndpoint.seller_id == seller_id
    )
    row = (await s.execute(q.with_for_update() if lock else q)).scalar_one_or_none()
    if row is None:
        raise DomainError(ErrorCode.NOT_FOUND, "No such webhook endpoint.")
    return row


def endpoint_secret(row: WebhookEndpoint) -> str:
    return opened(row.secret)


async def endpoint_changed(
    s: AsyncSession,
    row: WebhookEndpoint,
    *,
    url: str | None = None,
    description: str | None = None,
    events: list[EventType] | None = None,
    state: EndpointState | None = None,
) -> None:
    """The seller's changes; a seller turns an endpoint on or off (a paused one back on), never pauses it."""
    if url is not None:
        row.url = url
    if description is not None:
        row.description = description
    if events is not None:
        row.events = _event_types(events)
    if state is not None:
        if state == EndpointState.paused:
            raise invalid(state="only Sellflow pauses an endpoint")
        row.state = state
        row.paused_at = None
    await s.flush()


async def secret_rolled(s: AsyncSession, row: WebhookEndpoint) -> None:
    row.secret = sealed(new_secret())
    await s.flush()


async def endpoint_deleted(s: AsyncSession, row: WebhookEndpoint) -> None:
    """The endpoint and its delivery log; deliveries still waiting are not sent."""
    await s.delete(row)
    await s.flush()


async def events_claimed(s: AsyncSession, limit: int) -> list[SellerEvent]:
    """Events not handed out yet, oldest first, locked for this transaction (a second dispatcher skips them)."""
    q = (
        select(SellerEvent)
        .where(SellerEvent.dispatched_at.is_(None))
        .order_by(SellerEvent.id)
        .limit(limit)
        .with_for_update(skip_locked=True)
    )
    return list((await s.execute(q)).scalars())


async def deliveries_made(s: AsyncSession, event: SellerEvent) -> list[int]:
    """The event's delivery to each of its seller's active endpoints that takes its type and existed when it
    happened (once per endpoint and event, however often this runs); the event counts as handed out."""
    endpoints = (
        await s.execute(
            select(WebhookEndpoint.id, WebhookEndpoint.events).where(
                WebhookEndpoint.seller_id == event.seller_id,
                WebhookEndpoint.state == EndpointState.active,
                WebhookEndpoint.created_at <= event.created_at,
            )
        )
    ).all()
    chosen = [eid for eid, types in endpoints if not types or event.type in types]
    ids: list[int] = []
    for endpoint_id in chosen:
        await s.execute(
            insert(WebhookDelivery)
            .values(
                seller_id=event.seller_id,
                endpoint_id=endpoint_id,
                event_id=event.id,
                state=DeliveryState.pending,
            )
            .on_conflict_do_nothing(
                index_elements=[WebhookDelivery.endpoint_id, WebhookDelivery.event_id],
                index_where=WebhookDelivery.replay_of.is_(None),
            )
        )
        ids.append(
            (
                await s.execute(
                    select(WebhookDelivery.id).where(
                        WebhookDelivery.endpoint_id == endpoint_id,
                        WebhookDelivery.event_id == event.id,
                        WebhookDelivery.replay_of.is_(None),
                    )
                )
            ).scalar_one()
        )
    event.dispatched_at = datetime.now(UTC)
    return ids


@dataclass(frozen=True)
class Attempt:
    """What an attempt sends, read before the request (the transaction is not held while it waits)."""

    url: str
    secret: str
    event_id: int
    event_type: str
    created_at: str
    data: dict[str, Any]
    endpoint_on: bool
    state: DeliveryState


async def attempt_of(s: AsyncSession, delivery_id: int) -> Attempt | None:
    """What the delivery sends; None for a delivery whose row never committed."""
    found = (
        await s.execute(
            select(WebhookDelivery, WebhookEndpoint, SellerEvent)
            .join(WebhookEndpoint, WebhookEndpoint.id == WebhookDelivery.endpoint_id)
            .join(SellerEvent, SellerEvent.id == WebhookDelivery.event_id)
            .where(WebhookDelivery.id == delivery_id)
        )
    ).one_or_none()
    if found is None:
        return None
    delivery, endpoint, event = found
    return Attempt(
        url=endpoint.url,
        secret=opened(endpoint.secret),
        event_id=event.id,
        event_type=event.type,
        created_at=event.created_at.isoformat(),
        data=event.data,
        endpoint_on=endpoint.state == EndpointState.active,
        state=delivery.state,
    )


async def attempt_recorded(
    s: AsyncSession,
    delivery_id: int,
    number: int,
    outcome: Outcome,
    *,
    status: int | None = None,
    error: str | None = None,
    duration_ms: int = 0,
    response: str = "",
    retry_in_s: float | None = None,
) -> None:
    """One attempt in the log (once per number: a retried activity records nothing twice), and the delivery's
    state after it; nothing for a delivery deleted with its endpoint meanwhile."""
    held = await s.execute(
        select(WebhookDelivery.id).where(WebhookDelivery.id == delivery_id).with_for_update()
    )
    if held.scalar_one_or_none() is None:
        return
    inserted = (
        await s.execute(
            insert(WebhookAttempt)
            .values(
                delivery_id=delivery_id,
                number=number,
                outcome=outcome.value,
                status=status,
                error=error,
                duration_ms=duration_ms,
                response=response[:RESPONSE_EXCERPT_MAX],
            )
            .on_conflict_do_nothing()
            .returning(WebhookAttempt.id)
        )
    ).scalar_one_or_none()
    if inserted is None:
        return
    now = datetime.now(UTC)
    state = STATE_AFTER[outcome]
    await s.execute(
        update(WebhookDelivery)
        .where(WebhookDelivery.id == delivery_id)
        .values(
            attempts=number,
            last_status=status,
            state=state,
            next_attempt_at=now + timedelta(seconds=retry_in_s) if retry_in_s is not None else None,
            finished_at=None if state == DeliveryState.pending else now,
        )
    )


async def delivery_given_up(s: AsyncSession, delivery_id: int) -> WebhookEndpoint | None:
    """Every attempt failed: the delivery fails and its endpoint pauses. The endpoint when this paused it (the
    seller is told once), None when it was paused or off already."""
    delivery = (
        await s.execute(select(WebhookDelivery).where(WebhookDelivery.id == delivery_id).with_for_update())
    ).scalar_one_or_none()
    if delivery is None:  # deleted with its endpoint
        return None
    if delivery.state == DeliveryState.pending:
        delivery.state = DeliveryState.failed
        delivery.finished_at = datetime.now(UTC)
        delivery.next_attempt_at = None
    endpoint = (
        await s.execute(
            select(WebhookEndpoint).where(WebhookEndpoint.id == delivery.endpoint_id).with_for_update()
        )
    ).scalar_one()
    if endpoint.state != EndpointState.active:
        return None
    endpoint.state = EndpointState.paused
    endpoint.paused_at = datetime.now(UTC)
    return endpoint


async def delivery_of(s: AsyncSession, seller_id: int, delivery_id: int) -> WebhookDelivery:
    row = (
        await s.execute(
            select(WebhookDelivery).where(
                WebhookDelivery.id == delivery_id, WebhookDelivery.seller_id == seller_id
            )
        )
    ).scalar_one_or_none()
    if row is None:
        raise DomainError(ErrorCode.NOT_FOUND, "No such webhook delivery.")
    return row


async def _again(
    s: AsyncSession, seller_id: int, endpoint_id: int, event_id: int, replay_of: int | None, key: str
) -> WebhookDelivery:
    """A delivery of its own under the request's idempotency key (a retried request gets the same one)."""
    await s.execute(
        insert(WebhookDelivery)
        .values(
            seller_id=seller_id,
            endpoint_id=endpoint_id,
            event_id=event_id,
            replay_of=replay_of,
            idempotency_key=key,
            state=DeliveryState.pending,
        )
        .on_conflict_do_nothing(constraint="uq_webhook_deliveries_idempotency_key")
    )
    row = (
        await s.execute(select(WebhookDelivery).where(WebhookDelivery.idempotency_key == key))
    ).scalar_one()
    if row.seller_id != seller_id or row.event_id != event_id or row.endpoint_id != endpoint_id:
        raise DomainError(ErrorCode.CONFLICT, "This idempotency key was used for another request.")
    return row


async def replay_made(s: AsyncSession, seller_id: int, delivery_id: int, key: str) -> WebhookDelivery:
    """The delivery's event sent again to its endpoint, as a delivery of its own (409 unless the endpoint is on)."""
    first = await delivery_of(s, seller_id, delivery_id)
    endpoint = await endpoint_of(s, seller_id, first.endpoint_id)
    if endpoint.state != EndpointState.active:
        raise refused("webhook_endpoint_off")
    original = first.replay_of or first.id
    return await _again(s, seller_id, endpoint.id, first.event_id, original, f"replay:{seller_id}:{key}")


async def test_event_made(s: AsyncSession, endpoint: WebhookEndpoint, key: str) -> WebhookDelivery:
    """A `ping` event for this endpoint alone, and its delivery (409 unless the endpoint is on)."""
    if endpoint.state != EndpointState.active:
        raise refused("webhook_endpoint_off")
    event_key = f"{EventType.ping.value}:{endpoint.seller_id}:{key}"
    await s.execute(
        insert(SellerEvent)
        .values(
            seller_id=endpoint.seller_id,
            type=EventType.ping.value,
            key=event_key,
            data={"endpoint_id": endpoint.id, "url": endpoint.url},
            dispatched_at=datetime.now(UTC),
        )
        .on_conflict_do_nothing(index_elements=[SellerEvent.key])
    )
    event = (await s.execute(select(SellerEvent).where(SellerEvent.key == event_key))).scalar_one()
    if event.seller_id != endpoint.seller_id:
        raise DomainError(ErrorCode.CONFLICT, "This idempotency key was used for another request.")
    return await _again(
        s, endpoint.seller_id, endpoint.id, event.id, None, f"test:{endpoint.seller_id}:{key}"
    )
