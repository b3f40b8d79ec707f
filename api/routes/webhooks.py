"""`POST /v1/webhooks/stripe`: verified by signature, stored once, then a hint to the order's workflow.

A bad or stale signature gets 400 and changes nothing. A duplicate event id is acknowledged and ignored.
Out-of-order or late events are harmless: the workflow never trusts the event's payload, it retrieves the
PaymentIntent from Stripe, and a webhook for a checkout that is over is stored and acknowledged.
"""

from __future__ import annotations

import stripe
import structlog
from fastapi import APIRouter, Request
from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert

from activities import stripe_gateway as gw
from api.deps import Temporal
from api.workflows import payment_event
from domain.checkout import PaymentEvent
from domain.errors import DomainError, ErrorCode
from domain.orders import PaymentState
from store.db import session
from store.models import Order, WebhookEvent

router = APIRouter(prefix="/v1/webhooks", tags=["webhooks"])
log = structlog.get_logger()


async def _settled(token: str) -> bool:
    """A paid or expired order's checkout has nothing left to learn from a payment event."""
    async with session() as s:
        state = (
            await s.execute(select(Order.payment_state).where(Order.token == token))
        ).scalar_one_or_none()
    return state in (None, PaymentState.paid, PaymentState.payment_not_completed)


@router.post("/stripe")
async def stripe_webhook(request: Request, client: Temporal) -> dict:
    payload = await request.body()
    try:
        data = gw.verify_webhook(payload, request.headers.get("stripe-signature"))
    except (ValueError, stripe.SignatureVerificationError) as e:
        raise DomainError(
            ErrorCode.INVALID_INPUT, "Invalid webhook signature.", {"signature": "invalid"}
        ) from e
    event_id, event_type = data["id"], data["type"]
    obj = data.get("data", {}).get("object", {}) or {}
    ref = obj.get("id")
    async with session() as s:
        inserted = (
            await s.execute(
                insert(WebhookEvent)
                .values(id=event_id, provider="stripe", type=event_type, object_ref=ref, payload=data)
                .on_conflict_do_nothing()
                .returning(WebhookEvent.id)
            )
        ).scalar_one_or_none()
    if inserted is None:
        log.info("webhook_duplicate", event_id=event_id, type=event_type)
        return {"received": True, "duplicate": True}
    token = (obj.get("metadata") or {}).get("order_token")
    delivered = False
    if event_type.startswith("payment_intent.") and token and ref and not await _settled(token):
        delivered = await payment_event(client, token, PaymentEvent(intent_id=ref, event_type=event_type))
    log.info("webhook_received", event_id=event_id, type=event_type, order_token=token, delivered=delivered)
    return {"received": True, "duplicate": False}
