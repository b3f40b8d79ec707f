"""`/v1/cabinet/webhook_endpoints` and `/v1/cabinet/webhook_deliveries` (issue 24; core §4 webhook endpoint
states; domain/seller_webhooks.py): the seller's endpoints (active, inactive, paused), the signing secret, a test event,
each endpoint's delivery log with every attempt, and sending a delivery again. Only the account's owner manages
them (`api/permissions.py` OWNER_ONLY: the secret signs what the shop's own systems trust); every row is the
seller's own (404 otherwise)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Query, Response
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints

from api.deps import DB, CurrentSeller, IdempotencyKey, Temporal
from api.schemas.fields import Id
from core.settings import get_settings
from domain.errors import DomainError, ErrorCode, invalid
from domain.listing import PAGE_SIZES
from domain.seller_webhooks import (
    DESCRIPTION_MAX,
    URL_MAX,
    DeliveryState,
    EndpointState,
    EventType,
    endpoint_url_error,
)
from services import seller_webhooks
from store.seller_webhooks.actions import (
    endpoint_changed,
    endpoint_created,
    endpoint_deleted,
    endpoint_of,
    endpoint_secret,
    replay_made,
    secret_rolled,
    test_event_made,
)
from store.seller_webhooks.models import WebhookDelivery, WebhookEndpoint
from store.seller_webhooks.queries import (
    DeliveryDetail,
    DeliveryRow,
    EndpointFigures,
    deliveries_listed,
    delivery_detail,
    endpoints_of,
)

router = APIRouter()


def _url(v: str) -> str:
    settings = get_settings()
    https_only = settings.env == "production"
    if err := endpoint_url_error(v, https_only, allow_private=settings.webhook_allow_private):
        raise ValueError(err)
    return v


EndpointUrl = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=URL_MAX), AfterValidator(_url)
]
Description = Annotated[str, StringConstraints(strip_whitespace=True, max_length=DESCRIPTION_MAX)]


def _events(v: list[EventType]) -> list[EventType]:
    if EventType.ping in v:
        raise ValueError("ping is the test event; it is sent with the endpoint's test button")
    return v


Events = Annotated[  # empty: every event
    list[EventType], Field(max_length=len(EventType)), AfterValidator(_events)
]


class EndpointIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    url: EndpointUrl
    description: Description = ""
    events: Events = []


class EndpointPatch(BaseModel):
    model_config = ConfigDict(extra="forbid")
    url: EndpointUrl | None = None
    description: Description | None = None
    events: Events | None = None
    state: EndpointState | None = None  # active or inactive; only Sellflow pauses


class EndpointOut(BaseModel):
    id: int
    url: str
    description: str
    events: list[EventType]  # empty: every event
    state: EndpointState
    created_at: datetime
    paused_at: datetime | None
    delivered_7d: int
    failed_7d: int
    pending: int
    last_delivery_at: datetime | None


class EndpointDetail(EndpointOut):
    secret: str  # signs every delivery (docs/WEBHOOKS.md)


class EndpointList(BaseModel):
    list: list[EndpointOut]
    total_count: int


class DeliveryOut(BaseModel):
    id: int
    endpoint_id: int
    event_id: str
    event_type: EventType
    state: DeliveryState
    attempts: int
    last_status: int | None
    replay_of: int | None
    created_at: datetime
    finished_at: datetime | None
    next_attempt_at: datetime | None


class DeliveryList(BaseModel):
    list: list[DeliveryOut]
    total_count: int


class AttemptOut(BaseModel):
    number: int
    outcome: str
    status: int | None
    error: str | None
    duration_ms: int
    response: str
    at: datetime


class DeliveryDetailOut(DeliveryOut):
    payload: dict[str, Any]  # what was posted (the event)
    attempts_log: list[AttemptOut]


def _endpoint(row: WebhookEndpoint, f: EndpointFigures | None = None) -> EndpointOut:
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


async def _detail(s: DB, seller_id: int, row: WebhookEndpoint) -> EndpointDetail:
    figures = {e.id: f for e, f in await endpoints_of(s, seller_id, row.id)}  # this one's alone
    out = _endpoint(row, figures.get(row.id))
    return EndpointDetail(**out.model_dump(), secret=endpoint_secret(row))


def _delivery(d: DeliveryRow) -> DeliveryOut:
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


@router.get("/webhook_endpoints", response_model=EndpointList)
async def list_webhook_endpoints(seller: CurrentSeller, s: DB) -> EndpointList:
    """The seller's endpoints, newest first, with their deliveries of the last seven days."""
    rows = [_endpoint(e, f) for e, f in await endpoints_of(s, seller.id)]
    return EndpointList(list=rows, total_count=len(rows))


@router.post("/webhook_endpoints", response_model=EndpointDetail, status_code=201)
async def create_webhook_endpoint(body: EndpointIn, seller: CurrentSeller, s: DB) -> EndpointDetail:
    """A new endpoint, active, with its signing secret (409 `too_many` past 16)."""
    row = await endpoint_created(s, seller.id, body.url, body.description, body.events)
    return await _detail(s, seller.id, row)


@router.get("/webhook_endpoints/{endpoint_id}", response_model=EndpointDetail)
async def get_webhook_endpoint(endpoint_id: Id, seller: CurrentSeller, s: DB) -> EndpointDetail:
    return await _detail(s, seller.id, await endpoint_of(s, seller.id, endpoint_id))


@router.patch("/webhook_endpoints/{endpoint_id}", response_model=EndpointDetail)
async def change_webhook_endpoint(
    endpoint_id: Id, body: EndpointPatch, seller: CurrentSeller, s: DB
) -> EndpointDetail:
    """Changes the address, description or events, or turns the endpoint on or off (a paused one back on)."""
    row = await endpoint_of(s, seller.id, endpoint_id, lock=True)
    await endpoint_changed(
        s, row, url=body.url, description=body.description, events=body.events, state=body.state
    )
    return await _detail(s, seller.id, row)


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
    return await _detail(s, seller.id, row)


async def _found(s: DB, seller_id: int, delivery_id: int) -> DeliveryDetail:
    found = await delivery_detail(s, seller_id, delivery_id)
    if found is None:  # another seller's, or deleted with its endpoint
        raise DomainError(ErrorCode.NOT_FOUND, "No such webhook delivery.")
    return found


async def _started(s: DB, client: Temporal, seller_id: int, delivery: WebhookDelivery) -> DeliveryOut:
    found = await _found(s, seller_id, delivery.id)
    await seller_webhooks.delivery_started(s, client, seller_id, delivery.id)
    return _delivery(found.delivery)


@router.post("/webhook_endpoints/{endpoint_id}/test", response_model=DeliveryOut, status_code=201)
async def send_webhook_test(
    idempotency_key: IdempotencyKey, endpoint_id: Id, seller: CurrentSeller, s: DB, client: Temporal
) -> DeliveryOut:
    """Sends a `ping` event to this endpoint (409 `webhook_endpoint_off` unless it is active)."""
    endpoint = await endpoint_of(s, seller.id, endpoint_id)
    return await _started(s, client, seller.id, await test_event_made(s, endpoint, idempotency_key))


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
    if per not in PAGE_SIZES:
        raise invalid(per=f"one of {', '.join(map(str, PAGE_SIZES))}")
    await endpoint_of(s, seller.id, endpoint_id)
    rows, total = await deliveries_listed(s, seller.id, endpoint_id, page=page, per=per, state=state)
    return DeliveryList(list=[_delivery(d) for d in rows], total_count=total)


@router.get("/webhook_deliveries/{delivery_id}", response_model=DeliveryDetailOut)
async def get_webhook_delivery(delivery_id: Id, seller: CurrentSeller, s: DB) -> DeliveryDetailOut:
    found = await _found(s, seller.id, delivery_id)
    e = found.event
    return DeliveryDetailOut(
        **_delivery(found.delivery).model_dump(),
        payload={"id": f"evt_{e.id}", "type": e.type, "created_at": e.created_at.isoformat(), "data": e.data},
        attempts_log=[AttemptOut.model_validate(a, from_attributes=True) for a in found.attempts],
    )


@router.post("/webhook_deliveries/{delivery_id}/replay", response_model=DeliveryOut, status_code=201)
async def replay_webhook_delivery(
    idempotency_key: IdempotencyKey, delivery_id: Id, seller: CurrentSeller, s: DB, client: Temporal
) -> DeliveryOut:
    """Sends the delivery's event to its endpoint again, as a new delivery (409 `webhook_endpoint_off` unless
    the endpoint is active)."""
    return await _started(s, client, seller.id, await replay_made(s, seller.id, delivery_id, idempotency_key))
