"""A payment attempt's outcome recorded on its order, whichever method made it."""

from __future__ import annotations

from core.metrics import PAYMENTS
from domain.orders.checkout import IntentStatus, PayOutcome
from providers.stripe.client import Intent
from store.db import session
from store.orders.actions import intent_status_changed, payment_denied, payment_pending


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
