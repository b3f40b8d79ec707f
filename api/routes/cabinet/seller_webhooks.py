"""`/v1/cabinet/webhook_endpoints` and `/v1/cabinet/webhook_deliveries` (issue 24; core §4 webhook endpoint
states; domain/seller_webhooks.py): the seller's endpoints (active, inactive, paused), the signing secret, a test event,
each endpoint's delivery log with every attempt, and sending a delivery again. Only the account's owner manages
them (`api/permissions.py` OWNER_ONLY: the secret signs what the shop's own systems trust); every row is the
seller's own (404 otherwise)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Response

from api.deps import DB, CurrentSeller, IdempotencyKey, Temporal
from api.presenters.seller_webhooks import delivery_detail_out, delivery_out, endpoint_detail, endpoint_out
from api.schemas.fields import Id
from api.schemas.seller_webhooks import (
    DeliveryDetailOut,
    DeliveryList,
    DeliveryOut,
    EndpointDetail,
    EndpointIn,
    EndpointList,
    EndpointPatch,
)
from domain.listing import PAGE_SIZES
from domain.seller_webhooks import DeliveryState
from services import seller_webhooks
from store.seller_webhooks.actions import (
    endpoint_changed,
    endpoint_created,
    endpoint_deleted,
    endpoint_of,
    secret_rolled,
)
from store.seller_webhooks.queries import endpoints_of

router = APIRouter()


@router.get("/webhook_endpoints", response_model=EndpointList)
async def list_webhook_endpoints(seller: CurrentSeller, s: DB) -> EndpointList:
    """The seller's endpoints, newest first, with their deliveries of the last seven days."""
    rows = [endpoint_out(e, f) for e, f in await endpoints_of(s, seller.id)]
    return EndpointList(list=rows, total_count=len(rows))


@router.post("/webhook_endpoints", response_model=EndpointDetail, status_code=201)
async def create_webhook_endpoint(body: EndpointIn, seller: CurrentSeller, s: DB) -> EndpointDetail:
    """A new endpoint, active, with its signing secret (409 `too_many` past 16)."""
    row = await endpoint_created(s, seller.id, body.url, body.description, body.events)
    return await endpoint_detail(s, seller.id, row)


@router.get("/webhook_endpoints/{endpoint_id}", response_model=EndpointDetail)
async def get_webhook_endpoint(endpoint_id: Id, seller: CurrentSeller, s: DB) -> EndpointDetail:
    return await endpoint_detail(s, seller.id, await endpoint_of(s, seller.id, endpoint_id))


@router.patch("/webhook_endpoints/{endpoint_id}", response_model=EndpointDetail)
async def change_webhook_endpoint(
    endpoint_id: Id, body: EndpointPatch, seller: CurrentSeller, s: DB
) -> EndpointDetail:
    """Changes the address, description or events, or turns the endpoint on or off (a paused one back on)."""
    row = await endpoint_of(s, seller.id, endpoint_id, lock=True)
    await endpoint_changed(
        s, row, url=body.url, description=body.description, events=body.events, state=body.state
    )
    return await endpoint_detail(s, seller.id, row)


@router.delete("/webhook_endpoints/{endpoint_id}", status_code=204)
async def delete_webhook_endpoint(endpoint_id: Id, seller: CurrentSeller, s: DB) -> Response:
    """The endpoint and its delivery log; deliveries still waiting are not sent."""
    await endpoint_deleted(s, await endpoint_of(s, seller.id, endpoint_id, lock=True))
    return Response(status_code=204)


@router.post("/webhook_endpoints/{endpoint_id}/roll_secret", response_model=EndpointDetail)
async def roll_webhook_secret(endpoint_id: Id, seller: CurrentSeller, s: DB) -> EndpointDetail:
    """A new signing secret from now on (the old one stops signing at once)."""
    row = await endpoint_of(s, seller.id, endpoint_id, lock=True)
    await secret_rolled(s, row)
    return await endpoint_detail(s, seller.id, row)


@router.post("/webhook_endpoints/{endpoint_id}/test", response_model=DeliveryOut, status_code=201)
async def send_webhook_test(
    idempotency_key: IdempotencyKey, endpoint_id: Id, seller: CurrentSeller, s: DB, client: Temporal
) -> DeliveryOut:
    """Sends a `ping` event to this endpoint (409 `webhook_endpoint_off` unless it is active)."""
    return delivery_out(await seller_webhooks.test_sent(s, client, seller.id, endpoint_id, idempotency_key))


@router.get("/webhook_endpoints/{endpoint_id}/deliveries", response_model=DeliveryList)
async def list_webhook_deliveries(
    endpoint_id: Id,
    seller: CurrentSeller,
    s: DB,
    page: Annotated[int, Query(ge=1, le=100_000)] = 1,
    per: Annotated[int, Query(ge=1, le=max(PAGE_SIZES))] = 20,
    state: DeliveryState | None = None,
) -> DeliveryList:
    """The endpoint's deliveries, newest first (each attempt in the delivery's own view)."""
    rows, total = await seller_webhooks.deliveries_of(
        s, seller.id, endpoint_id, page=page, per=per, state=state
    )
    return DeliveryList(list=[delivery_out(d) for d in rows], total_count=total)


@router.get("/webhook_deliveries/{delivery_id}", response_model=DeliveryDetailOut)
async def get_webhook_delivery(delivery_id: Id, seller: CurrentSeller, s: DB) -> DeliveryDetailOut:
    return delivery_detail_out(await seller_webhooks.delivery_found(s, seller.id, delivery_id))


@router.post("/webhook_deliveries/{delivery_id}/replay", response_model=DeliveryOut, status_code=201)
async def replay_webhook_delivery(
    idempotency_key: IdempotencyKey, delivery_id: Id, seller: CurrentSeller, s: DB, client: Temporal
) -> DeliveryOut:
    """Sends the delivery's event to its endpoint again, as a new delivery (409 `webhook_endpoint_off` unless
    the endpoint is active)."""
    return delivery_out(await seller_webhooks.replay_sent(s, client, seller.id, delivery_id, idempotency_key))
