"""`POST /v1/webhooks/stripe`: verified by signature, stored once, then a hint to the order's workflow.

A bad or stale signature gets 400 and changes nothing. A duplicate event id is acknowledged and ignored.
Out-of-order or late events are harmless: the workflow never trusts the event's payload, it retrieves the
PaymentIntent from Stripe, and a webhook for a checkout that is over is stored and acknowledged.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import structlog
from fastapi import APIRouter, Request

from api.deps import DB, Temporal
from api.schemas.provider_events import WebhookAck
from domain.billing.inkasso import AgencyEvent
from domain.errors import DomainError, ErrorCode
from domain.ledger.payouts import BankAnswer
from domain.legitimation.legitimation import KycAnswer
from domain.orders.checkout import PaymentEvent, WireIncoming
from domain.orders.orders import PAID_STATES, PaymentState
from handles import legitimation, payouts
from handles.checkout import payment_event, wire_received
from handles.subscriptions import agency_reported, canceled_by_chargeback
from providers.bank.events import SIGNATURE_HEADER as BANK_SIGNATURE
from providers.bank.events import verify_bank_callback, verify_incoming
from providers.inkasso.events import SIGNATURE_HEADER as AGENCY_SIGNATURE
from providers.inkasso.events import verify_agency_callback
from providers.kyc.events import SIGNATURE_HEADER, CallbackRejected, verify_callback
from providers.paypal.client import paypal
from providers.paypal.events import NotAnEvent, parse_event, paypal_order_of
from providers.stripe.errors import WebhookRejected
from providers.stripe.events import StripeEvent, verify_webhook
from store.ledger.chargebacks import charge_of_intent, chargeback_opened, dispute_won
from store.orders.bank_wire import incoming_recorded, incoming_unmatched
from store.orders.queries import payment_state_of
from store.provider_events.actions import webhook_received

router = APIRouter(prefix="/v1/webhooks", tags=["webhooks"])
log = structlog.get_logger()
T = TypeVar("T")


def _verified(verify: Callable[[bytes, str | None], T], payload: bytes, signature: str | None) -> T:
    """A provider's signed callback, read and checked; 400 naming the part that does not hold (nothing stored)."""
    try:
        return verify(payload, signature)
    except CallbackRejected as e:
        raise DomainError(ErrorCode.INVALID_INPUT, e.message, {e.part: "invalid"}) from e


async def _settled(s: DB, token: str) -> bool:
    """A paid or expired order's checkout has nothing left to learn from a payment event."""
    state = await payment_state_of(s, token)
    return state is None or state in PAID_STATES or state == PaymentState.payment_not_completed


async def _dispute(s: DB, event: StripeEvent, client: Temporal) -> None:
    """A chargeback (`charge.dispute.created`) or its end (`charge.dispute.closed`, won or lost), booked in the
    request's transaction with the stored event: once per dispute, whatever order the events arrive in. A
    disputed rate of a subscription ends the subscription at once: a payer who disputes is not charged again."""
    obj = event.data.object
    found = await charge_of_intent(s, obj.payment_intent) if obj.payment_intent else None
    if found is None or not obj.id:
        log.info("dispute_unknown_payment", event_id=event.id, payment_intent=obj.payment_intent)
        return
    order, rate = found
    amount = obj.amount if obj.amount is not None else order.paid
    if event.type in ("charge.dispute.created", "charge.dispute.funds_withdrawn") or obj.status == "lost":
        await chargeback_opened(s, order, obj.id, amount, rate)
        if rate is not None:
            await _end_disputed_subscription(client, order.token, obj.id)
    elif event.type == "charge.dispute.closed" and obj.status == "won":
        await chargeback_opened(s, order, obj.id, amount, rate)
        await dispute_won(s, order, obj.id, rate)
    log.info(
        "dispute", event_id=event.id, type=event.type, order_token=order.token, rate=rate, status=obj.status
    )


async def _end_disputed_subscription(client: Temporal, token: str, dispute: str) -> None:
    # one request per dispute: a repeated event is ignored by the workflow
    if not await canceled_by_chargeback(client, token, dispute):  # the subscription has ended already
        log.info("dispute_subscription_over", order_token=token, dispute=dispute)


@router.post("/stripe", response_model=WebhookAck)
async def stripe_webhook(request: Request, s: DB, client: Temporal) -> WebhookAck:
    payload = await request.body()
    try:
        event, raw = verify_webhook(payload, request.headers.get("stripe-signature"))
    except WebhookRejected as e:
        raise DomainError(ErrorCode.INVALID_INPUT, e.message, {e.part: "invalid"}) from e
    ref, token = event.object_id, event.order_token
    # The event is stored in the request's transaction: if the signal below fails, nothing is stored and the
    # provider's retry delivers it again.
    new = await webhook_received(
        s, provider="stripe", event_id=event.id, event_type=event.type, object_ref=ref, payload=raw
    )
    if not new:
        log.info("webhook_duplicate", event_id=event.id, type=event.type)
        return WebhookAck(received=True, duplicate=True)
    delivered = False
    if event.type.startswith("charge.dispute."):
        await _dispute(s, event, client)
        return WebhookAck(received=True, duplicate=False)
    if event.type.startswith("payment_intent.") and token and ref and not await _settled(s, token):
        delivered = await payment_event(client, token, PaymentEvent(intent_id=ref, event_type=event.type))
    log.info("webhook_received", event_id=event.id, type=event.type, order_token=token, delivered=delivered)
    return WebhookAck(received=True, duplicate=False)


@router.post("/kyc", response_model=WebhookAck)
async def kyc_webhook(request: Request, s: DB, client: Temporal) -> WebhookAck:
    """The KYC provider's signed answer to a submission: stored once by its event id, then signalled to the
    seller's Legitimation workflow, which takes it only for the submission under review (a late answer of an
    earlier round, or one for a seller without a legitimation, is stored and acknowledged, and changes nothing)."""
    cb = _verified(verify_callback, await request.body(), request.headers.get(SIGNATURE_HEADER))
    new = await webhook_received(
        s,
        provider="kyc",
        event_id=cb.id,
        event_type=cb.outcome.value,
        object_ref=cb.reference,
        payload=cb.model_dump(mode="json"),
    )
    if not new:
        log.info("kyc_callback_duplicate", event_id=cb.id, reference=cb.reference)
        return WebhookAck(received=True, duplicate=True)
    seller_id = legitimation.seller_of_reference(cb.reference)
    delivered = False
    if seller_id is not None:
        answer = KycAnswer(event_id=cb.id, reference=cb.reference, outcome=cb.outcome, reason=cb.reason)
        delivered = await legitimation.kyc_answered(client, seller_id, answer)
    log.info("kyc_callback", event_id=cb.id, reference=cb.reference, outcome=cb.outcome, delivered=delivered)
    return WebhookAck(received=True, duplicate=False)


@router.post("/bank", response_model=WebhookAck)
async def bank_webhook(request: Request, s: DB, client: Temporal) -> WebhookAck:
    """The bank's signed answer to one credit transfer: stored once by event id, then signalled to the payee's
    Payout workflow, which takes it once and only for a transfer it awaits."""
    cb = _verified(verify_bank_callback, await request.body(), request.headers.get(BANK_SIGNATURE))
    new = await webhook_received(
        s,
        provider="bank",
        event_id=cb.id,
        event_type=cb.outcome.value,
        object_ref=cb.end_to_end_id[:100],
        payload=cb.model_dump(mode="json"),
    )
    if not new:
        return WebhookAck(received=True, duplicate=True)
    answer = BankAnswer(event_id=cb.id, end_to_end_id=cb.end_to_end_id, outcome=cb.outcome, reason=cb.reason)
    delivered = await payouts.bank_answered(client, answer)
    log.info(
        "bank_callback",
        event_id=cb.id,
        end_to_end_id=cb.end_to_end_id,
        outcome=cb.outcome,
        delivered=delivered,
    )
    return WebhookAck(received=True, duplicate=False)


@router.post("/bank/incoming", response_model=WebhookAck)
async def bank_incoming(request: Request, s: DB, client: Temporal) -> WebhookAck:
    """The bank's signed notice of a transfer to the collection account: stored once by its event id, matched to
    the order its reference names and signalled to that order's checkout, which counts each transfer once (so a
    notice delivered again changes nothing, whatever its order's state: the first delivery decided). A transfer for
    no order, or one that arrived after its order lapsed or was paid, stays `unmatched` for a person to pay back."""
    t = _verified(verify_incoming, await request.body(), request.headers.get(BANK_SIGNATURE))
    order, new = await incoming_recorded(
        s, t.id, t.reference, t.amount, t.currency, t.payer_name, t.payer_iban
    )
    if not new:
        log.info("bank_incoming_duplicate", event_id=t.id)
        return WebhookAck(received=True, duplicate=True)
    delivered = False
    if order is not None:
        delivered = await wire_received(client, order.token, WireIncoming(t.id, t.amount, t.currency.lower()))
        if not delivered:
            await incoming_unmatched(s, t.id)
    log.info("bank_incoming", event_id=t.id, matched=order is not None, delivered=delivered)
    return WebhookAck(received=True, duplicate=False)


@router.post("/collection_agency", response_model=WebhookAck)
async def agency_webhook(request: Request, s: DB, client: Temporal) -> WebhookAck:
    """The collection agency's signed report on a claim (status, payment, end): stored once by event id, then
    signalled to the claim's workflow, which applies each event once."""
    cb = _verified(verify_agency_callback, await request.body(), request.headers.get(AGENCY_SIGNATURE))
    new = await webhook_received(
        s,
        provider="agency",
        event_id=cb.id,
        event_type=cb.kind.value,
        object_ref=cb.reference[:100],
        payload=cb.model_dump(mode="json"),
    )
    if not new:
        return WebhookAck(received=True, duplicate=True)
    event = AgencyEvent(
        event_id=cb.id,
        kind=cb.kind.value,
        status=cb.status.value if cb.status else None,
        amount=cb.amount,
        outcome=cb.outcome.value if cb.outcome else None,
    )
    delivered = await agency_reported(client, cb.reference, event)
    log.info("agency_callback", event_id=cb.id, reference=cb.reference, kind=cb.kind, delivered=delivered)
    return WebhookAck(received=True, duplicate=False)


@router.post("/paypal", response_model=WebhookAck)
async def paypal_webhook(request: Request, s: DB, client: Temporal) -> WebhookAck:
    """PayPal's webhook: its signature checked by PayPal (`verify-webhook-signature`), the event stored once by its
    id, and an approval or a capture signalled to the order's checkout as a hint to ask PayPal again: an order
    the buyer approved and then left is captured all the same; a late, repeated or unknown event changes nothing."""
    try:
        ev = parse_event(await request.body())
    except NotAnEvent as e:
        raise DomainError(ErrorCode.INVALID_INPUT, str(e), {"body": "invalid"}) from None
    if not await paypal().webhook_verified(dict(request.headers), ev.body):
        raise DomainError(
            ErrorCode.INVALID_INPUT, "The PayPal signature does not hold.", {"signature": "invalid"}
        )
    token, ref = paypal_order_of(ev.type, ev.resource)
    new = await webhook_received(
        s, provider="paypal", event_id=ev.id, event_type=ev.type[:60], object_ref=ref, payload=ev.body
    )
    if not new:
        log.info("paypal_webhook_duplicate", event_id=ev.id, type=ev.type)
        return WebhookAck(received=True, duplicate=True)
    delivered = False
    if token and ref and not await _settled(s, token):
        delivered = await payment_event(client, token, PaymentEvent(intent_id=ref, event_type=ev.type))
    log.info("paypal_webhook", event_id=ev.id, type=ev.type, order_token=token, delivered=delivered)
    return WebhookAck(received=True, duplicate=False)
