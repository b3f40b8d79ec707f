"""Order, payment and payment-log vocabularies (core §3, §4, §9).

Order payment state machine (the transitions the spec leaves open, as Sellflow implements them)::

    payment_waiting --pay--> payment_pending --provider succeeded--> paid
          |                        |  \\--requires_action (3-D Secure)--> payment_pending
          |                        \\--declined / auth failed--> payment_waiting (buyer may retry)
          \\--checkout abandoned (timer)--> payment_not_completed
    paid --refund--> payment_refunded ; paid --dispute lost--> payment_chargebacked
"""

from enum import IntEnum, StrEnum


class PaymentState(StrEnum):
    payment_waiting = "payment_waiting"
    payment_pending = "payment_pending"
    paying = "paying"
    paid = "paid"
    payment_paused = "payment_paused"
    payment_canceled = "payment_canceled"
    payment_refunded = "payment_refunded"
    payment_not_completed = "payment_not_completed"
    payment_chargebacked = "payment_chargebacked"


# The buyer has paid what is due: a one-time order paid, or a subscription running (`paying`).
PAID_STATES = frozenset({PaymentState.paid, PaymentState.paying})
# Money given back: a refund or a lost dispute; what the order delivered is revoked.
REFUNDED_STATES = frozenset({PaymentState.payment_refunded, PaymentState.payment_chargebacked})
CHECKOUT_OPEN_STATES = frozenset({PaymentState.payment_waiting, PaymentState.payment_pending})


def paying_later(state: str, form: str | None) -> bool:
    """Delivered on the buyer's promise to pay its invoice later (`paying`, like a running subscription), and
    not paid yet."""
    return form == PaymentMethod.pay_later and state == PaymentState.paying


ACTIVE_PAYMENT_STATES = frozenset(
    {PaymentState.paying, PaymentState.paid, PaymentState.payment_waiting, PaymentState.payment_pending}
)


class OrderRateState(StrEnum):
    paid = "paid"
    unpaid = "unpaid"
    future = "future"
    skipped = "skipped"
    chargebacked = "chargebacked"
    debt = "debt"
    refunded = "refunded"
    pending = "pending"
    partly_paid = "partly_paid"


class PaymentLogState(StrEnum):
    successful = "successful"
    denied = "denied"
    error = "error"
    pending = "pending"
    canceled = "canceled"
    expired = "expired"
    waiting = "waiting"
    partially_paid = "partially_paid"
    prepared = "prepared"
    processed = "processed"
    skipped = "skipped"
    error_old = "error_old"
    bounced = "bounced"


class LogType(StrEnum):
    Cashin = "Cashin"
    Payment = "Payment"
    Refund = "Refund"
    Chargeback = "Chargeback"
    Payout = "Payout"
    Cashout = "Cashout"
    SubsPayment = "SubsPayment"
    StampPayment = "StampPayment"


class PaymentAttemptState(StrEnum):
    pending = "pending"
    authorized = "authorized"
    successful = "successful"
    canceled = "canceled"
    expired = "expired"
    error = "error"


class PaymentType(StrEnum):
    """Pricing-plan payment type; the numeric flow codes are in PAYMENT_FLOW_CODES."""

    one_time = "one_time"
    subscription = "subscription"
    limited_subscription = "limited_subscription"
    installment = "installment"


class PaymentFlowCode(IntEnum):
    one_time = 0
    installment = 1
    limited_subscription = 2
    subscription = 3


class PaymentMethod(StrEnum):
    paypal = "paypal"
    card = "card"
    cardAmEx = "cardAmEx"
    sofort = "sofort"
    bank_wire = "bank_wire"
    sepa = "sepa"
    pay_later = "pay_later"
    p_24 = "p_24"
    not_assigned = "not_assigned"
    apple_pay = "apple_pay"
    google_pay = "google_pay"
    sofort_sepa = "sofort_sepa"
    ideal = "ideal"
    ideal_sepa = "ideal_sepa"
    klarna = "klarna"
    twint = "twint"
    mondu = "mondu"


class OrderType(StrEnum):
    standard = "standard"
    bundle = "bundle"
    bump = "bump"
    upgrade = "upgrade"


class InvoiceState(StrEnum):
    paid = "paid"
    unpaid = "unpaid"
    canceled = "canceled"
    issued = "issued"


class InvoiceForm(StrEnum):
    regular = "regular"
    reversal = "reversal"
    corrected = "corrected"


class TransferForm(StrEnum):
    """Transfer forms of core §4 plus ``sale``: the seller balance entry a paid order books."""

    sale = "sale"
    payout = "payout"
    cashout = "cashout"
    reversal = "reversal"


class PaymentProvider(StrEnum):
    lemonway = "lemonway"
    mango_pay = "mango_pay"
    provider_connect = "provider-connect"
    stripe = "stripe"
    paypal = "paypal"
    direct_bank = "direct_bank"
    inkasso = "inkasso"
    in_app_purchase = "in_app_purchase"
    credit_reform_inkasso = "credit_reform_inkasso"


ORDER_SORT_KEYS = ("created_at", "total", "payment_state", "payment_form", "period_type", "pricing_plan_name")
