"""The Checkout process's data: what the workflow takes, answers and reports (plain dataclasses).

The workflow's calendar comes from its input: ``day_s`` is how many seconds one day lasts. Production uses
86400; tests run the same workflow with a compressed day. All waits are fractions or multiples of a day.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

DAY_S = 86_400
# How long an unpaid checkout (3-D Secure pending, or declined and not retried) stays open.
CHECKOUT_OPEN_DAYS = 1


class PayOutcome(StrEnum):
    succeeded = "succeeded"
    processing = "processing"  # the provider is still deciding; the thank-you page waits for `paid`
    requires_action = "requires_action"
    failed = "failed"


class Step(StrEnum):
    """Checkout progress steps, in order, as the order view shows them."""

    payment = "payment"
    order_paid = "order_paid"
    invoice = "invoice"
    balance = "balance"
    access = "access"
    mails = "mails"


STEPS = tuple(Step)


class StepState(StrEnum):
    pending = "pending"
    active = "active"
    done = "done"
    failed = "failed"


@dataclass
class CheckoutInput:
    order_token: str
    day_s: int = DAY_S
    open_days: float = CHECKOUT_OPEN_DAYS

    @property
    def open_seconds(self) -> float:
        return self.day_s * self.open_days


@dataclass
class PayRequest:
    payment_method: str


@dataclass
class EnsureIntent:
    """Ask for the PaymentIntent of one attempt: created, recorded and confirmed once."""

    order_token: str
    attempt: int
    payment_method: str


@dataclass
class PayResult:
    order_token: str
    outcome: PayOutcome
    payment_state: str
    client_secret: str | None = None
    message: str | None = None


@dataclass
class IntentStatus:
    """What Stripe says about the order's current PaymentIntent (activities → workflow)."""

    intent_id: str
    status: str  # Stripe's PaymentIntent status
    attempt: int
    client_secret: str | None = None
    error_message: str | None = None


@dataclass
class PaymentEvent:
    """A provider's report (webhook) about a PaymentIntent; believed only after a retrieve."""

    intent_id: str
    event_type: str


@dataclass
class StepProgress:
    key: str
    state: str = StepState.pending
    at: str | None = None


@dataclass
class Progress:
    state: str
    steps: list[StepProgress] = field(default_factory=list)


def outcome_of(status: str) -> PayOutcome:
    """Map a Stripe PaymentIntent status to the buyer-facing outcome."""
    if status == "succeeded":
        return PayOutcome.succeeded
    if status == "processing":
        return PayOutcome.processing
    if status in ("requires_action", "requires_confirmation"):
        return PayOutcome.requires_action
    return PayOutcome.failed
