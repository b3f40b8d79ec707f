"""Stripe's vocabulary stays in providers/stripe: its PaymentIntent statuses in Sellflow's words."""

from __future__ import annotations

import pytest

from domain.orders.checkout import PayOutcome
from providers.stripe.client import outcome_of


@pytest.mark.parametrize(
    ("status", "outcome"),
    [
        ("succeeded", PayOutcome.succeeded),
        ("requires_action", PayOutcome.requires_action),
        ("requires_confirmation", PayOutcome.requires_action),
        ("processing", PayOutcome.processing),
        ("requires_payment_method", PayOutcome.failed),
        ("canceled", PayOutcome.failed),
        ("a_status_stripe_adds_later", PayOutcome.failed),
    ],
)
def test_outcome_of_provider_status(status, outcome):
    assert outcome_of(status) == outcome
