"""The payment methods side by side (saleor's `payment/gateways/` is the model): one `Gateway` per method says what
it can pay, how its payment flows, and the refusal codes it answers with. `can_pay` is the one rule of which method
may pay which plan: the cabinet's method matrix, the checkout page's offered methods, the API's pay routes and the
Checkout workflow's validators all ask it, and none branches on a method's name for it.

How a method starts, is confirmed, is refunded and how its provider's events map lives with its adapter (the
activities' `activities/gateways/`); this module is pure, so the workflow's validators can ask it."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from domain.errors import Refusal
from domain.orders.orders import PaymentMethod, PaymentType
from domain.payments.rules import PAYPAL_CURRENCIES, SEPA_DAYS


class Flow(StrEnum):
    """How a method's payment reaches the order."""

    card = (
        "card"  # a PaymentMethod (`pm_…`) the page made, confirmed by the provider (3-D Secure on the page)
    )
    debit = "debit"  # a PaymentMethod made from an account (`pm_…`): it settles days later
    redirect = "redirect"  # approved by the buyer at the provider's site, captured when they come back
    transfer = "transfer"  # the buyer transfers the amount with the order's reference


@dataclass(frozen=True)
class Gateway:
    method: PaymentMethod
    flow: Flow
    types: frozenset[PaymentType]  # the plans' payment types it can pay
    currencies: frozenset[str] | None  # None: every currency a plan may have
    # the payer's countries it serves (None: every country; the SEPA debit's own rule is the IBAN's country)
    countries: frozenset[str] | None = None
    saves_for_later: bool = False  # can pay a first rate that falls due later (a test period, a start day)
    settle_days: int = 0  # days its payment may take to settle after it was made (the checkout waits for it)
    delivers_first: bool = False  # the goods now, the payment by the invoice's day
    not_for_plan: Refusal = Refusal.method_not_for_plan
    not_offered: Refusal = Refusal.method_not_offered


ONE_TIME = frozenset({PaymentType.one_time})
EUR = frozenset({"eur"})

# A method joins this table when it works end to end (core §9's other methods: issue 50).
GATEWAYS: dict[PaymentMethod, Gateway] = {
    g.method: g
    for g in (
        Gateway(PaymentMethod.card, Flow.card, frozenset(PaymentType), None, saves_for_later=True),
        # a direct debit settles days later: one payment, while the renewals' path waits only for cards
        Gateway(
            PaymentMethod.sepa,
            Flow.debit,
            ONE_TIME,
            EUR,  # SEPA is the euro's
            settle_days=SEPA_DAYS,
            not_for_plan=Refusal.sepa_not_for_plan,
            not_offered=Refusal.sepa_not_offered,
        ),
        # PayPal's approval is for one payment: the rates to come would need a billing agreement
        Gateway(
            PaymentMethod.paypal,
            Flow.redirect,
            ONE_TIME,
            PAYPAL_CURRENCIES,
            not_for_plan=Refusal.paypal_not_for_plan,
            not_offered=Refusal.paypal_not_offered,
        ),
        # a bank wire is one payment in euros (core §3 "Bank wire: EUR only")
        Gateway(
            PaymentMethod.bank_wire,
            Flow.transfer,
            ONE_TIME,
            EUR,
            not_for_plan=Refusal.wire_not_for_plan,
            not_offered=Refusal.wire_not_offered,
        ),
        # an invoice paid by transfer after the goods: one payment, in euros like the bank wire it is paid by
        Gateway(
            PaymentMethod.pay_later,
            Flow.transfer,
            ONE_TIME,
            EUR,
            delivers_first=True,
            not_for_plan=Refusal.pay_later_not_for_plan,
            not_offered=Refusal.pay_later_not_offered,
        ),
    )
}
BUILT_METHODS = tuple(GATEWAYS)  # the methods a seller can switch on today (the matrix's columns)


def gateway(method: str) -> Gateway | None:
    """The method's gateway; None for a method not built (yet) or not a method."""
    return GATEWAYS.get(PaymentMethod(method)) if method in PaymentMethod.__members__ else None


def can_pay(
    method: str,
    plan: PaymentType | str,
    currency: str | None = None,
    country: str | None = None,
    *,
    deferred: bool = False,
) -> Refusal | None:
    """Why `method` cannot pay a plan of payment type `plan` in `currency` for a payer in `country` (ISO 3166), or
    None when it can. `deferred`: the plan's first rate falls due later, so only a method that saves its means of
    payment for later can take it. An unknown currency or country (None) is not held against the method."""
    g = gateway(method)
    if g is None:
        return Refusal.method_not_offered
    if plan not in PaymentType.__members__ or PaymentType(plan) not in g.types:
        return g.not_for_plan
    if deferred and not g.saves_for_later:
        return g.not_for_plan
    if currency is not None and g.currencies is not None and currency.lower() not in g.currencies:
        return g.not_for_plan
    if country is not None and g.countries is not None and country.upper() not in g.countries:
        return g.not_for_plan
    return None


def methods_for(
    matrix: dict[str, list[str]] | None, payment_type: str, currency: str, country: str | None = None
) -> list[PaymentMethod]:
    """The methods a buyer may choose for a plan: the seller's choice for its payment type (the card when the
    seller set nothing), each one that `can_pay` it."""
    chosen = (matrix or default_matrix()).get(payment_type) or [PaymentMethod.card.value]
    return [PaymentMethod(m) for m in chosen if can_pay(m, payment_type, currency, country) is None]


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
            if can_pay(m, t) is not None:
                return f"{t.value}: {m} cannot pay it"
    return None
