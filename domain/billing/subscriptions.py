"""Recurring money: the Subscription workflow's data (`subscription-{order token}`), the rates it owns, and how a
failed charge is judged (core §3, §4; issue "Recurring money").

The workflow's calendar comes from its input like the checkout's: `day_s` is how many seconds one day lasts
(86400 in production, a fraction of a second in tests). Due dates are calendar dates from the billing calendar;
the workflow sleeps until `origin + (due - purchased) days`, where `origin` is the moment it started.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from enum import StrEnum
from typing import Any

from domain.billing.billing_calendar import PlanTerms, defers_first_rate, parse_period
from domain.orders.checkout import DAY_S
from domain.orders.orders import OrderRateState, PaymentType


class DeclineKind(StrEnum):
    soft = "soft"  # worth retrying on a schedule (insufficient funds, processing error, generic decline)
    hard = "hard"  # never retried: the payer must give another payment method


# Stripe's decline codes that a retry cannot fix (Stripe docs, "Decline codes": "the customer needs to use another
# card" or "do not try again"), plus Sellflow's own `no_payment_method`.
HARD_DECLINE_CODES = frozenset(
    {
        "authentication_required",
        "card_not_supported",
        "currency_not_supported",
        "do_not_honor",
        "do_not_try_again",
        "expired_card",
        "fraudulent",
        "incorrect_number",
        "invalid_account",
        "invalid_number",
        "lost_card",
        "merchant_blacklist",
        "new_account_information_available",
        "no_payment_method",
        "pickup_card",
        "restricted_card",
        "revocation_of_all_authorizations",
        "revocation_of_authorization",
        "security_violation",
        "service_not_allowed",
        "stolen_card",
        "stop_payment_order",
        "transaction_not_allowed",
    }
)


CARD_REMINDER_DAYS = (
    14  # the payer is asked to update an expiring card this many days before the rate it cannot pay
)


def card_expires_before(expires: str, due: str) -> bool:
    """A card valid through the month `expires` ("YYYY-MM") cannot pay a rate due after that month's last day."""
    return due[:7] > expires


@dataclass(frozen=True)
class CardExpiryReminder:
    order_token: str
    expires: str  # "YYYY-MM"
    rate: int  # the first rate the card cannot pay
    due: str  # its due date (ISO)
    amount: int


def decline_kind(code: str | None) -> DeclineKind:
    """A decline without a code (or `card_declined`/`generic_decline`) is soft: the issuer may say yes later."""
    return DeclineKind.hard if code in HARD_DECLINE_CODES else DeclineKind.soft


class SubscriptionPhase(StrEnum):
    """What the workflow is doing, in words the cabinet shows."""

    active = "active"
    paused = "paused"
    ending = "ending"  # canceled at the period's end: no further charge
    ended = "ended"  # every rate of a limited plan paid, or canceled


class CancelMode(StrEnum):
    now = "now"
    period_end = "period_end"


@dataclass
class SubscriptionState:
    """Everything the workflow knows; carried across continue-as-new."""

    origin: str = ""  # ISO time the workflow first ran: day 0 of its compressed calendar
    next_rate: int = 2  # rate 1 is the checkout's charge
    phase: str = SubscriptionPhase.active
    end_reason: str | None = None  # completed | canceled, once ended
    cancel: str | None = None  # a CancelMode asked for and not yet applied
    pause_requested: bool = False
    resume_requested: bool = False
    paused_days: int = 0  # days the calendar was shifted by pauses (due dates move by this much)
    paused_at: str | None = None  # ISO time of the pause (workflow clock)
    method_changed: bool = False  # the payer saved another card: its expiry is looked up again
    card_reminded: str | None = None  # the card expiry ("YYYY-MM") the payer was last reminded of
    debts: list[int] = field(default_factory=list)  # rates whose claim is open
    seen: list[str] = field(default_factory=list)  # ids of signals already applied (deduplication)


@dataclass
class SubscriptionInput:
    order_token: str
    day_s: float = DAY_S
    horizon: int = 24  # rates planned ahead for an open-ended subscription (the rest follow as it goes)
    claim_day_s: float | None = None  # the dunning calendar's day (defaults to `day_s`)
    state: SubscriptionState | None = None
    first_rate: int = 2  # 1 when the checkout charged nothing (a test period or start day defers rate 1)


@dataclass(frozen=True)
class LoadRates:
    order_token: str
    from_rate: int
    horizon: int


@dataclass(frozen=True)
class SubscriptionMove:
    """The order's payment state as the subscription moves (paying, payment_paused); a resume after a pause
    shifts the rates still to come by the paused days."""

    order_token: str
    state: str
    shift_from: int = 0
    shift_days: int = 0


@dataclass(frozen=True)
class RateDue:
    number: int
    due: str  # ISO date
    amount: int


@dataclass(frozen=True)
class SubscriptionPlan:
    """What `load_subscription` answers: the order's frozen terms turned into rates (the first `horizon` of an
    open-ended plan), the purchase date that anchors the calendar, and the number of rates in all (None: open)."""

    order_token: str
    purchased: str  # ISO date
    currency: str
    rates: list[RateDue]
    count: int | None
    paid_through: int  # the highest rate number already paid (1 after the checkout)
    card_expires: str | None = None  # "YYYY-MM" of the saved card (valid through that month's last day)


@dataclass(frozen=True)
class ChargeRate:
    order_token: str
    rate: int
    amount: int
    attempt: int = 1


@dataclass(frozen=True)
class ChargeOutcome:
    paid: bool
    intent_id: str | None = None
    decline: str | None = None  # DeclineKind when not paid
    code: str | None = None
    message: str | None = None


@dataclass(frozen=True)
class RateEvent:
    """A rate's outcome to record: paid (invoice, ledger, mail) or failed (claim opened, access suspended)."""

    order_token: str
    rate: int
    amount: int
    intent_id: str | None = None
    code: str | None = None
    message: str | None = None


# a rate the payer may pay from the manage page once no claim runs for it (a debt, a part the agency did not
# collect, a failed rate whose claim was resolved)
PAYABLE_RATE_STATES = frozenset({OrderRateState.unpaid, OrderRateState.debt, OrderRateState.partly_paid})


@dataclass(frozen=True)
class RatePaymentInput:
    """The payer pays one past-due rate (`rate-payment-{token}-{rate}`)."""

    order_token: str
    rate: int


@dataclass(frozen=True)
class RateOwed:
    """What the rate still owes and the charge attempt that pays it; `reason` when it cannot be paid now."""

    amount: int
    attempt: int
    reason: str | None = None
    missing: bool = False  # the order has no such rate


@dataclass(frozen=True)
class RatePaymentResult:
    paid: bool
    amount: int = 0
    message: str | None = None


@dataclass(frozen=True)
class SubscriptionEnd:
    order_token: str
    reason: str  # completed | canceled
    last_rate: int


@dataclass(frozen=True)
class SubscriptionStatus:
    phase: str
    next_rate: int | None
    next_due: str | None
    debts: list[int]
    count: int | None


@dataclass(frozen=True)
class Cancel:
    mode: str  # CancelMode
    request_id: str = ""


RECURRING = frozenset({"subscription", "limited_subscription", "installment"})


def terms_to_json(terms: PlanTerms) -> dict[str, Any]:
    """The plan's terms as the order keeps them (JSON): what the buyer agreed to at purchase."""
    return {
        "payment_type": str(terms.payment_type),
        "currency": terms.currency,
        "first_amount": terms.first_amount,
        "next_amount": terms.next_amount,
        "payments_count": terms.payments_count,
        "period": terms.period.code if terms.period else None,
        "custom_intervals": [p.code for p in terms.custom_intervals] if terms.custom_intervals else None,
        "rate_amounts": list(terms.rate_amounts) if terms.rate_amounts else None,
        "test_days": terms.test_days,
        "start_day": terms.start_day,
    }


def terms_from_json(data: dict[str, Any]) -> PlanTerms:
    period = data.get("period")
    intervals = data.get("custom_intervals")
    amounts = data.get("rate_amounts")
    return PlanTerms(
        payment_type=PaymentType(data["payment_type"]),
        currency=data["currency"],
        first_amount=int(data["first_amount"]),
        next_amount=int(data.get("next_amount") or data["first_amount"]),
        payments_count=data.get("payments_count"),
        period=parse_period(period) if period else None,
        custom_intervals=tuple(parse_period(p) for p in intervals) if intervals else None,
        rate_amounts=tuple(int(a) for a in amounts) if amounts else None,
        test_days=int(data.get("test_days") or 0),
        start_day=data.get("start_day"),
    )


def order_defers_first_rate(terms: dict[str, Any] | None, today: date) -> bool:
    """Whether a pay request today charges nothing (a test period or a start day still to come): the checkout page
    then confirms the SetupIntent; otherwise it creates a PaymentMethod and the payment alone asks for 3-D Secure.
    The rule `defers_first_rate` applies to the order's frozen terms."""
    return terms is not None and defers_first_rate(terms_from_json(terms), today)
