"""Seller webhooks (issue 24): the endpoints the cabinet sends, and the endpoints and deliveries it gets back."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints

from core.settings import get_settings
from domain.seller_webhooks import (
    DESCRIPTION_MAX,
    URL_MAX,
    DeliveryState,
    EndpointState,
    EventType,
    endpoint_url_error,
)


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


class DeliveryAttemptOut(BaseModel):
    number: int
    outcome: str
    status: int | None
    error: str | None
    duration_ms: int
    response: str
    at: datetime


class DeliveryDetailOut(DeliveryOut):
    payload: dict[str, Any]  # what was posted (the event)
    attempts_log: list[DeliveryAttemptOut]
