"""The payment methods' own rules (which method pays which plan is `domain.payments.gateways`): PayPal's currencies,
the bank wire's reference, days to pay and reminders, paying later, and the SEPA debit. Pure rules; the values the
seeds do not show are in docs/DECISIONS.md 'Bank wire'."""

from __future__ import annotations

import hashlib
import re

# core §9 "PayPal: 25" currencies: those PayPal's REST API takes
PAYPAL_CURRENCIES = frozenset(
    "aud brl cad cny czk dkk eur hkd huf ils jpy myr mxn twd nzd nok php pln gbp rub sgd sek chf thb usd".split()
)

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
