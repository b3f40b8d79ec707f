"""A payment attempt's outcome recorded on its order, whichever method made it."""

from __future__ import annotations

from dataclasses import dataclass

from core.metrics import PAYMENTS
from domain.orders.checkout import IntentStatus, PayOutcome
from domain.orders.orders import PaymentMethod
from domain.payments.gateways import Flow, gateway
from providers.stripe.client import Intent
from store.db import session
from store.orders.actions import intent_status_changed, payment_denied, payment_pending
from store.orders.models import PaymentIntentRecord

PAYPAL = PaymentMethod.paypal.value  # a PayPal attempt's "payment method" on its record
REPLACED = "Replaced by a new payment attempt."  # an attempt left for the next one the buyer started


@dataclass(frozen=True)
class Back:
    """Money going back the way it came (a refund): for which order and refund, how much, and what paid it (the
    provider's payment for a card or PayPal, the paid order's token for a transfer)."""

    order_token: str
    number: int
    amount: int
    currency: str
    paid_by: str
    key: str  # the refund's business key (`refund_key`)


def flow_of(method: str) -> Flow:
    """How a method's payment flows (domain/payments/gateways.py); a method no gateway serves pays as a card."""
    found = gateway(method)
    return found.flow if found else Flow.card


def attempt_flow(rec: PaymentIntentRecord) -> Flow:
    """How a recorded attempt was paid: a PayPal attempt records `paypal` as its payment method, a card's or a
    debit's the provider's `pm_…`."""
    return Flow.redirect if rec.payment_method == PAYPAL else Flow.card


async def recorded(token: str, intent: Intent, attempt: int, message: str | None = None) -> IntentStatus:
    """Record what the attempt's state means for the order (pending 3-D Secure, or denied) and answer in
    Sellflow's words. A success is recorded by `record_order_paid`, off the buyer's path."""
    error = message or intent.error_message
    PAYMENTS.add(1, {"path": "checkout", "outcome": intent.outcome.value})
    if intent.outcome != PayOutcome.succeeded:
        async with session() as s:
            await intent_status_changed(s, intent.id, intent.status)  # the provider's own record, kept as is
            if intent.outcome in (PayOutcome.requires_action, PayOutcome.processing):
                await payment_pending(s, token, intent.id)
            else:
                await payment_denied(s, token, intent.id, error or "The payment failed.", attempt)
    return IntentStatus(
        intent_id=intent.id,
        outcome=intent.outcome,
        attempt=attempt,
        client_secret=intent.client_secret,
        error_message=error,
    )
