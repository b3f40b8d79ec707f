"""Payment methods per payment type (core §9 method matrix; core §3 supported currencies) and the bank wire's
rules: its reference, its days to pay, its reminders. Pure rules; the values the seeds do not show are in
docs/DECISIONS.md 'Bank wire'."""

from __future__ import annotations

import hashlib
import re

from domain.orders import PaymentMethod, PaymentType

# core §9 "PayPal: 25" currencies: those PayPal's REST API takes
PAYPAL_CURRENCIES = frozenset(
    "aud brl cad cny czk dkk eur hkd huf ils jpy myr mxn twd nzd nok php pln gbp rub sgd sek chf thb usd".split()
)

# What each method can pay: a bank wire is one payment in euros (core §3 "Bank wire: EUR only"); the card pays
# every plan. A method joins this table when it works end to end.
METHOD_TYPES: dict[PaymentMethod, frozenset[PaymentType]] = {
    PaymentMethod.card: frozenset(PaymentType),
    PaymentMethod.bank_wire: frozenset({PaymentType.one_time}),
    # a direct debit settles days later: one payment, while the renewals' path waits only for cards
    PaymentMethod.sepa: frozenset({PaymentType.one_time}),
    # PayPal's approval is for one payment: the rates to come would need a billing agreement
    PaymentMethod.paypal: frozenset({PaymentType.one_time}),
    # an invoice paid by transfer after the goods: one payment, in euros like the bank wire it is paid by
    PaymentMethod.pay_later: frozenset({PaymentType.one_time}),
}
METHOD_CURRENCIES: dict[PaymentMethod, frozenset[str] | None] = {
    PaymentMethod.card: None,  # every currency the plan may have
    PaymentMethod.bank_wire: frozenset({"eur"}),
    PaymentMethod.sepa: frozenset({"eur"}),  # SEPA is the euro's
    PaymentMethod.paypal: PAYPAL_CURRENCIES,
    PaymentMethod.pay_later: frozenset({"eur"}),
}


BUILT_METHODS = tuple(METHOD_TYPES)  # the methods a seller can switch on today (the matrix's columns)


def default_matrix() -> dict[str, list[str]]:
    """A seller who set nothing takes cards for every payment type."""
    return {t.value: [PaymentMethod.card.value] for t in PaymentType}


def matrix_problem(matrix: dict[str, list[str]]) -> str | None:
    """Why a matrix cannot be: a method on a payment type it cannot pay, or a type without any method."""
    for t in PaymentType:
        methods = matrix.get(t.value, [])
        if not methods:
            return f"{t.value}: at least one method"
        for m in methods:
            if m not in METHOD_TYPES or PaymentType(t) not in METHOD_TYPES[PaymentMethod(m)]:
                return f"{t.value}: {m} cannot pay it"
    return None


def methods_for(matrix: dict[str, list[str]] | None, payment_type: str, currency: str) -> list[PaymentMethod]:
    """The methods a buyer may choose for a plan: the seller's choice for its payment type, each able to pay it
    in its currency; the card when the seller set nothing."""
    chosen = (matrix or default_matrix()).get(payment_type) or [PaymentMethod.card.value]
    out = []
    for m in chosen:
        if m not in METHOD_TYPES:
            continue
        method = PaymentMethod(m)
        currencies = METHOD_CURRENCIES[method]
        if PaymentType(payment_type) in METHOD_TYPES[method] and (
            currencies is None or currency in currencies
        ):
            out.append(method)
    return out


# ----- bank wire ---------------------------------------------------------------------------------------------
WIRE_DAYS = 7  # days to pay by bank wire before the order lapses
WIRE_REMINDER_DAYS = (3, 6)  # reminders of the transfer still missing, days after the order
_REFERENCE = re.compile(r"SF[\s-]*([0-9A-F\s]{20,40})", re.IGNORECASE)


def wire_reference(order_token: str) -> str:
    """What the buyer writes in the transfer's reference: the order token, so the payment finds its order."""
    return f"SF-{order_token.upper()}"


def wire_refund_id(order_token: str, number: int) -> str:
    """The end-to-end id of a bank wire's n-th refund transfer (SEPA allows 35 characters; the bank deduplicates
    on it, so a retried refund is sent once)."""
    return f"rf-{order_token}-{number}"


def token_of_reference(text: str) -> str | None:
    """The order token in a transfer's reference, however the bank or the buyer spaced or cased it."""
    m = _REFERENCE.search(text or "")
    if not m:
        return None
    digits = re.sub(r"\s", "", m.group(1)).lower()
    return digits[:20] if len(digits) >= 20 else None


# ----- pay later --------------------------------------------------------------------------------------------
# The buyer gets the goods at once and an invoice due in PAY_LATER_DAYS, paid by transfer with the order's
# reference; reminders before it falls due; unpaid on the day, the claim's dunning (and collection) path.
PAY_LATER_DAYS = 14
PAY_LATER_REMINDER_DAYS = (7, 12)  # days after the purchase: a week in, and two days before the due day


# ----- SEPA Direct Debit -----------------------------------------------------------------------------------
SEPA_DAYS = (
    14  # days a direct debit may take to settle before the checkout lapses (banks take 2 to 5 working days)
)
# the countries of the SEPA scheme (EU, EEA, CH, GB, MC, SM, VA, AD): an IBAN from elsewhere cannot be debited
SEPA_COUNTRIES = frozenset(
    "AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK "
    "IS LI NO CH GB MC SM VA AD".split()
)
SEPA_HOLDER_MAX = 70  # the SEPA scheme's name length


def mandate_reference(order_token: str) -> str:
    """The mandate's reference on the buyer's bank statement (SEPA allows 35 characters)."""
    return f"SF-M-{order_token.upper()}"


def iban_digest(iban: str) -> str:
    """An account by a digest of its IBAN (normalised): how the same account entered again is recognised, without
    keeping the IBAN."""
    return hashlib.sha256(iban.encode()).hexdigest()
