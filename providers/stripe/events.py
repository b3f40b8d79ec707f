"""Stripe webhook verification: signature and timestamp first, then the event's shape as a typed model."""

from __future__ import annotations

import json
import time
from typing import Any

import stripe
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from core.settings import get_settings
from providers.stripe.errors import WebhookRejected


class EventObject(BaseModel):
    """The part of an event's object Sellflow reads: its id and the order token in its metadata."""

    model_config = ConfigDict(extra="ignore")
    id: str | None = Field(None, max_length=100)
    metadata: dict[str, str] = Field(default_factory=dict)
    # a dispute's payment, amount and state (charge.dispute.*)
    payment_intent: str | None = Field(None, max_length=100)
    amount: int | None = Field(None, ge=0, le=10**12)
    currency: str | None = Field(None, max_length=3)
    status: str | None = Field(None, max_length=40)


class EventData(BaseModel):
    model_config = ConfigDict(extra="ignore")
    object: EventObject = Field(default_factory=EventObject)


class StripeEvent(BaseModel):
    model_config = ConfigDict(extra="ignore")
    id: str = Field(min_length=1, max_length=100)
    type: str = Field(min_length=1, max_length=100)
    data: EventData = Field(default_factory=EventData)

    @property
    def object_id(self) -> str | None:
        return self.data.object.id

    @property
    def order_token(self) -> str | None:
        return self.data.object.metadata.get("order_token")


def _timestamp(signature: str | None) -> int:
    for part in (signature or "").split(","):
        key, _, value = part.strip().partition("=")
        if key == "t" and value.isdigit():
            return int(value)
    return 0


def verify_webhook(payload: bytes, signature: str | None) -> tuple[StripeEvent, dict[str, Any]]:
    """The event (typed, and as received for storage) once its signature and timestamp check out.
    Raises WebhookRejected for a bad, stale or missing signature or a shape Sellflow does not understand."""
    s = get_settings()
    try:
        stripe.WebhookSignature.verify_header(
            payload.decode("utf-8"),
            signature or "",
            s.stripe_webhook_secret,
            tolerance=s.stripe_webhook_tolerance_s,
        )
    except (ValueError, stripe.SignatureVerificationError) as e:
        raise WebhookRejected("Invalid webhook signature.") from e
    # The SDK refuses only old timestamps; one from further ahead than the tolerance is refused the same way.
    if _timestamp(signature) > time.time() + s.stripe_webhook_tolerance_s:
        raise WebhookRejected("Invalid webhook signature.")
    try:
        raw = json.loads(payload)
        return StripeEvent.model_validate(raw), raw
    except (ValueError, ValidationError) as e:
        raise WebhookRejected("This webhook event is not understood.", "payload") from e
