"""Refunds at the card provider, exactly once per Sellflow refund key.

Stripe honours the `Idempotency-Key` for 24 hours; localstripe ignores it. So before creating, the refunds of the
PaymentIntent are listed and one carrying the same key in its metadata is adopted: a retry after a crash between
the provider's answer and Sellflow's commit finds the refund instead of refunding twice.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol

import stripe

from providers.stripe.client import StripeGateway, _call

KEY_FIELD = "sellflow_refund_key"


@dataclass(frozen=True)
class ProviderRefund:
    id: str
    amount: int
    status: str  # succeeded, pending, failed, canceled


class Refunds(Protocol):
    async def refund(self, payment_intent: str, amount: int, key: str) -> ProviderRefund: ...


class StripeRefunds:
    def __init__(self, client: stripe.StripeClient) -> None:
        self.client = client

    async def refund(self, payment_intent: str, amount: int, key: str) -> ProviderRefund:
        listed = await _call(
            lambda: self.client.v1.refunds.list_async(params={"payment_intent": payment_intent, "limit": 100})
        )
        for r in listed.data:
            metadata: Any = r.metadata  # a StripeObject: `in` and `[]`, no `.get`
            if metadata is not None and KEY_FIELD in metadata and metadata[KEY_FIELD] == key:
                return ProviderRefund(r.id, r.amount, r.status or "succeeded")
        params: Any = {"payment_intent": payment_intent, "amount": amount, "metadata": {KEY_FIELD: key}}
        r = await _call(
            lambda: self.client.v1.refunds.create_async(params=params, options={"idempotency_key": key})
        )
        return ProviderRefund(r.id, r.amount, r.status or "succeeded")


@lru_cache(maxsize=1)
def refunds() -> Refunds:
    return StripeRefunds(StripeGateway.from_settings().client)
