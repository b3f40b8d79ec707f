"""A seller's webhook deliveries started from the cabinet (a test event, a delivery sent again): the delivery's row is
committed first, then its WebhookDelivery workflow starts (it reads the row)."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import Client

from domain.errors import DomainError, ErrorCode, invalid
from domain.listing import PAGE_SIZES
from domain.seller_webhooks import DeliveryState
from handles.seller_webhooks import delivery_started as start
from store.seller_webhooks.actions import endpoint_of, replay_made, test_event_made
from store.seller_webhooks.models import WebhookDelivery
from store.seller_webhooks.queries import DeliveryDetail, DeliveryRow, deliveries_listed, delivery_detail


async def delivery_started(s: AsyncSession, client: Client, seller_id: int, delivery_id: int) -> None:
    await s.commit()  # the delivery's workflow reads its row (the session is done after this)
    await start(client, delivery_id, seller_id)


async def delivery_found(s: AsyncSession, seller_id: int, delivery_id: int) -> DeliveryDetail:
    found = await delivery_detail(s, seller_id, delivery_id)
    if found is None:  # another seller's, or deleted with its endpoint
        raise DomainError(ErrorCode.NOT_FOUND, "No such webhook delivery.")
    return found


async def _sent(s: AsyncSession, client: Client, seller_id: int, delivery: WebhookDelivery) -> DeliveryRow:
    found = await delivery_found(s, seller_id, delivery.id)
    await delivery_started(s, client, seller_id, delivery.id)
    return found.delivery


async def test_sent(
    s: AsyncSession, client: Client, seller_id: int, endpoint_id: int, key: str
) -> DeliveryRow:
    """A `ping` event to the seller's endpoint (409 `webhook_endpoint_off` unless it is active)."""
    endpoint = await endpoint_of(s, seller_id, endpoint_id)
    return await _sent(s, client, seller_id, await test_event_made(s, endpoint, key))


async def replay_sent(
    s: AsyncSession, client: Client, seller_id: int, delivery_id: int, key: str
) -> DeliveryRow:
    """The delivery's event to its endpoint again, as a new delivery (409 unless the endpoint is active)."""
    return await _sent(s, client, seller_id, await replay_made(s, seller_id, delivery_id, key))


async def deliveries_of(
    s: AsyncSession, seller_id: int, endpoint_id: int, *, page: int, per: int, state: DeliveryState | None
) -> tuple[list[DeliveryRow], int]:
    """The seller's endpoint's deliveries, newest first, a page of one of the offered sizes."""
    if per not in PAGE_SIZES:
        raise invalid(per=f"one of {', '.join(map(str, PAGE_SIZES))}")
    await endpoint_of(s, seller_id, endpoint_id)
    return await deliveries_listed(s, seller_id, endpoint_id, page=page, per=per, state=state)
