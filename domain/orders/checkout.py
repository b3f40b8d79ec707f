"""The Checkout process's data: what the workflow takes, answers and reports (plain dataclasses).

The workflow's calendar comes from its input: ``day_s`` is how many seconds one day lasts. Production uses
86400; tests run the same workflow with a compressed day. All waits are fractions or multiples of a day.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from domain.orders.orders import PaymentState, PaymentType

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
    skipped = (
        "skipped"  # nothing to do for this order (no invoice or sale yet when a test period defers the rate)
    )


@dataclass
class StepProgress:
    key: str
    state: str = StepState.pending
    at: str | None = None


@dataclass
class CheckoutState:
    """Everything the Checkout workflow knows, in one place: what a continue-as-new would carry over."""

    attempt: int = 0  # the current payment attempt (one PaymentIntent each)
    intent: IntentStatus | None = None  # the provider's answer for the current attempt
    method: str = ""  # the payment method of the current attempt
    paid: bool = False
    expired: bool = False
    recheck: bool = False  # a webhook hinted that the current attempt changed
    deadline_at: str | None = None  # ISO time the checkout expires unpaid (set at the first run)
    steps: dict[str, StepProgress] = field(default_factory=dict)
    # the buyer chose to pay by bank wire: what they were told, the transfers received (by bank event id, each
    # once), and the instruction mail and reminders sent so far
    wire: WireInstructions | None = None
    wire_received: dict[str, int] = field(default_factory=dict)
    wire_incoming: list[WireIncoming] = field(default_factory=list)
    wire_mails: int = 0
    # the current attempt's method: "card", or "sepa" (a direct debit settles days later: the checkout waits
    # for it, asking the provider each day, and goes back to its own deadline if the debit fails)
    kind: str = "card"
    sepa_waits: bool = False  # the deadline was moved for a direct debit being processed
    # pay later: the goods and the invoice went out before the money; unpaid on the due day, the claim of its
    # one rate (`claim-{token}-1`) runs, and this checkout waits for the transfer or the claim's end
    delivered: bool = False
    claimed: bool = False
    claim_over: bool = False
    # after the due day each transfer is booked as a part of the overdue rate when it arrives (the agency may
    # collect parts too); the sale is then booked, and not again when the order is recorded paid
    booked_by_part: bool = False
    # of each transfer, the part that paid nothing (above the amount, another currency, after the order was paid),
    # owed back to its payer: `returns` once recorded, `to_return` until then
    to_return: dict[str, int] = field(default_factory=dict)
    returns: dict[str, int] = field(default_factory=dict)


@dataclass
class CheckoutInput:
    order_token: str
    day_s: int = DAY_S
    open_days: float = CHECKOUT_OPEN_DAYS
    state: CheckoutState | None = None  # carried across continue-as-new; None for a new checkout
    recurring: bool = False  # a recurring plan: once paid, the checkout starts `subscription-{token}`
    billing_day_s: float = DAY_S  # the subscription's calendar day
    # the first rate falls due later (a test period, a custom start day): the checkout only saves the card
    # (its SetupIntent), grants access and hands every rate, the first included, to the subscription
    deferred: bool = False
    # nothing to pay (a coupon took the whole price of a one-time plan): taken without a payment, no invoice
    # and no sale, delivered like any order
    free: bool = False
    # the plan's payment type and currency, for `can_pay` (runs started before: "" — the recurring flag decides)
    payment_type: str = ""
    currency: str = ""

    @property
    def open_seconds(self) -> float:
        return self.day_s * self.open_days

    @property
    def plan_type(self) -> str:
        if self.payment_type:
            return self.payment_type
        return PaymentType.subscription.value if self.recurring else PaymentType.one_time.value


@dataclass
class WireInstructions:
    """What the buyer needs to pay by bank transfer (core §9 bank wire: a waiting payment with the bank's
    reference), and until when."""

    order_token: str
    amount: int  # minor units: the order and its bumps
    currency: str
    reference: str
    iban: str
    bic: str
    holder: str
    started_at: str = ""  # ISO time the buyer chose the bank wire (set by the workflow)
    due_at: str = ""  # ISO time the order lapses unpaid (set by the workflow)
    refused: str | None = None  # why the order cannot wait for a transfer (sold out, coupon used up)
    # pay later: the goods now, this transfer by `due_at` against the invoice; unpaid then, a claim
    later: bool = False


@dataclass
class WireStart:
    """The buyer chose the bank wire: the order and the day its transfer must arrive by."""

    order_token: str
    due_at: str


@dataclass
class WireIncoming:
    """A transfer the bank received with this order's reference (its signed callback)."""

    event_id: str
    amount: int
    currency: str


@dataclass
class LateTransfer:
    """A transfer for an invoice paid later that arrived after its day: booked as a part of the overdue rate."""

    order_token: str
    event_id: str
    amount: int


@dataclass
class LateTransferBooked:
    paid_in_full: bool  # the rate is paid now
    returned: int  # the part above what was still owed, owed back to the payer


@dataclass
class TransferReturns:
    """The part of each transfer (by bank event id) that paid nothing and goes back to its payer."""

    order_token: str
    returns: dict[str, int]


@dataclass
class WireMail:
    """The bank wire's instructions (n = 0) or its n-th reminder, mailed to the buyer once each."""

    instructions: WireInstructions
    n: int


@dataclass
class PayRequest:
    payment_method: str
    kind: str = "card"  # PaymentMethod: card, or sepa (a direct debit the API made from the buyer's IBAN)


@dataclass
class EnsureIntent:
    """Ask for the PaymentIntent of one attempt: created, recorded and confirmed once."""

    order_token: str
    attempt: int
    payment_method: str
    kind: str = "card"


@dataclass
class PayResult:
    order_token: str
    outcome: PayOutcome
    payment_state: PaymentState
    client_secret: str | None = None
    message: str | None = None


@dataclass
class IntentStatus:
    """What the provider says about the order's current payment attempt (activities → workflow), in
    Sellflow's words: the provider's own statuses stay in `providers/`."""

    intent_id: str
    outcome: PayOutcome
    attempt: int
    client_secret: str | None = None
    error_message: str | None = None


@dataclass
class OrderStep:
    """A fulfilment or bookkeeping step of one order (its activities are idempotent on the order token)."""

    order_token: str


@dataclass
class InvoiceIssued:
    number: int


@dataclass
class AccessGranted:
    access_token: str


@dataclass
class MailsSent:
    sent_now: int


@dataclass
class CardSaved:
    """A deferred order's card, saved by the checkout page's SetupIntent: the rates to come are charged to it."""

    order_token: str
    setup_intent_id: str
    payment_method: str


@dataclass
class OrderPaid:
    """Record the order paid by this attempt's intent."""

    order_token: str
    intent_id: str


@dataclass
class PaymentEvent:
    """A provider's report (webhook) about a PaymentIntent; believed only after a retrieve."""

    intent_id: str
    event_type: str


@dataclass
class Progress:
    state: str
    steps: list[StepProgress] = field(default_factory=list)
