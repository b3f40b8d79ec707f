"""The card provider behind one small interface, implemented with the official `stripe` SDK.

Every call that creates something carries an idempotency key built from a business key. localstripe
ignores `Idempotency-Key`, so callers also make each step idempotent on Sellflow's side (the order's
PaymentIntent is recorded before it is confirmed, and found again on any retry).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import stripe

from providers.stripe.errors import ProviderDeclined
from sellflow.settings import get_settings


@dataclass(frozen=True)
class Intent:
    id: str
    status: str
    client_secret: str | None
    error_message: str | None
    amount: int
    currency: str
    metadata: dict


@lru_cache(maxsize=1)
def client() -> stripe.StripeClient:
    s = get_settings()
    return stripe.StripeClient(
        s.stripe_secret_key,
        base_addresses={"api": s.stripe_api_base},
        http_client=stripe.HTTPXClient(),
        max_network_retries=0,  # retries belong to the activity retry policy
    )


def _intent(pi: stripe.PaymentIntent) -> Intent:
    last_error = getattr(pi, "last_payment_error", None)
    err = last_error.to_dict() if last_error is not None else None
    return Intent(
        id=pi.id,
        status=pi.status,
        client_secret=getattr(pi, "client_secret", None),
        error_message=(err.get("message") if err else None),
        amount=pi.amount,
        currency=pi.currency,
        metadata=pi.metadata.to_dict() if getattr(pi, "metadata", None) else {},
    )


async def create_customer(email: str, name: str) -> str:
    c = await client().v1.customers.create_async(
        params={"email": email, "name": name}, options={"idempotency_key": f"customer-{email.lower()}"}
    )
    return c.id


async def create_setup_intent(customer_id: str, order_token: str) -> tuple[str, str]:
    si = await client().v1.setup_intents.create_async(
        params={"customer": customer_id, "usage": "off_session", "metadata": {"order_token": order_token}},
        options={"idempotency_key": f"order-{order_token}-setup"},
    )
    return si.id, si.client_secret or ""


async def create_payment_intent(
    *,
    order_token: str,
    attempt: int,
    amount: int,
    currency: str,
    customer_id: str,
    payment_method: str,
    idempotency_key: str,
) -> Intent:
    pi = await client().v1.payment_intents.create_async(
        params={
            "amount": amount,
            "currency": currency,
            "customer": customer_id,
            "payment_method": payment_method,
            "metadata": {"order_token": order_token, "attempt": str(attempt)},
        },
        options={"idempotency_key": idempotency_key},
    )
    return _intent(pi)


async def confirm_payment_intent(intent_id: str, idempotency_key: str) -> Intent:
    try:
        pi = await client().v1.payment_intents.confirm_async(
            intent_id, options={"idempotency_key": idempotency_key}
        )
    except stripe.CardError as e:
        raise ProviderDeclined(e.user_message or str(e), e.code, intent_id) from e
    return _intent(pi)


async def retrieve_payment_intent(intent_id: str) -> Intent:
    return _intent(await client().v1.payment_intents.retrieve_async(intent_id))


async def cancel_payment_intent(intent_id: str, idempotency_key: str) -> Intent:
    """Cancel an intent that still waits (for 3-D Secure, say). If it moved on meanwhile, Stripe refuses and
    the intent's real state is returned instead: a payment that succeeded is never thrown away."""
    try:
        pi = await client().v1.payment_intents.cancel_async(
            intent_id, options={"idempotency_key": idempotency_key}
        )
    except stripe.InvalidRequestError:
        return await retrieve_payment_intent(intent_id)
    return _intent(pi)
