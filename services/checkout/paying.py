"""Paying an open checkout, by each method the seller offers for the order's plan (`domain.payments.gateways`):
every payment is an update on the order's Checkout workflow, which refuses what does not apply (409 with its
refusal code); an order whose checkout is over answers from the database."""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import datetime

import structlog
from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import Client

from domain.errors import DomainError, ErrorCode, Refusal, invalid, refused
from domain.keys import sepa_method_key
from domain.legitimation.seller_profile import iban_error, normalised_iban
from domain.orders.checkout import PayOutcome, PayResult, WireInstructions
from domain.orders.orders import PAID_STATES, PaymentMethod, PaymentState, paying_later
from domain.payments.gateways import GATEWAYS, methods_for
from domain.payments.rules import SEPA_COUNTRIES
from handles.checkout import CheckoutOver, authenticated, choose_wire, pay, take_free
from providers.stripe.client import gateway
from services.checkout.opening import checkout_input
from store.db import session
from store.orders.bank_wire import payment_matrix
from store.orders.models import Order
from store.orders.queries import charged_total, order_by_token
from store.orders.sepa import mandate_accepted, method_for_account

log = structlog.get_logger()


@dataclass
class Transfer:
    """What to transfer where, and by when: a bank wire the order waits for, or the invoice of an order paid
    later."""

    amount: int
    currency: str
    reference: str
    iban: str
    bic: str
    holder: str
    due_at: datetime | None


def closed(order: Order) -> PayResult | None:
    """An order whose checkout is over answers from the database, without touching the workflow."""
    if paying_later(order.payment_state, order.payment_form):  # delivered: its invoice is paid by transfer
        raise refused(Refusal.pay_later_chosen)
    if order.payment_state in PAID_STATES:
        return PayResult(order.token, PayOutcome.succeeded, payment_state=order.payment_state)
    if order.payment_state == PaymentState.payment_not_completed:
        return PayResult(
            order.token,
            PayOutcome.failed,
            payment_state=PaymentState.payment_not_completed,
            message="This checkout has expired.",
        )
    return None


async def _over(s: AsyncSession, order: Order) -> PayResult:
    """The checkout ended between our read and the update (paid or expired just now): its workflow takes no more
    payments. The order in the database says how it ended; otherwise 409. Read in a session of its own: the
    request's may have committed already (an upsell's order, a SEPA mandate) and then takes no more statements."""
    async with session() as own:
        now = await order_by_token(own, order.token)
    if done := closed(now):
        return done
    raise refused(Refusal.checkout_over)


async def _offered(s: AsyncSession, order: Order, method: PaymentMethod) -> None:
    """409 with the method's `not_offered` code unless the seller's method matrix takes `method` for this order's
    plan and currency (and the method can pay it)."""
    matrix = await payment_matrix(s, order.seller_id)
    if method not in methods_for(matrix, order.period_type, order.currency_key):
        raise refused(GATEWAYS[method].not_offered)


async def _has_a_price(s: AsyncSession, order: Order) -> None:
    """A free order is taken (`…/free`), never charged: no provider takes a payment of nothing."""
    if order.terms is None and order.total == 0 and await charged_total(s, order) == 0:
        raise refused(Refusal.free_order)


async def _paid(s: AsyncSession, client: Client, order: Order, method: str, kind: PaymentMethod) -> PayResult:
    try:
        return await pay(client, order.token, method, checkout_input(order), order.seller_id, kind=kind)
    except CheckoutOver:
        return await _over(s, order)


async def pay_by_card(s: AsyncSession, client: Client, order: Order, payment_method: str) -> PayResult:
    """The card the page made (`pm_…`) pays the order: one attempt at a time, charged once."""
    if done := closed(order):
        return done
    await _has_a_price(s, order)
    started = time.perf_counter()
    r = await _paid(s, client, order, payment_method, PaymentMethod.card)
    log.info(
        "pay_update_done",
        order_token=order.token,
        outcome=r.outcome,
        duration_ms=round((time.perf_counter() - started) * 1000, 1),
    )
    return r


async def back_from_provider(client: Client, order: Order) -> PayResult:
    """The buyer is back from 3-D Secure or from the provider's site: the provider decides what happened."""
    if done := closed(order):
        return done
    r = await authenticated(client, order.token)
    if r is None:
        raise DomainError(ErrorCode.NOT_FOUND, "No payment in progress for this order.")
    return r


async def pay_by_paypal(s: AsyncSession, client: Client, order: Order) -> PayResult:
    """A PayPal order for what the checkout charges, which the buyer approves at PayPal; asked again, the same."""
    if done := closed(order):
        return done
    await _has_a_price(s, order)
    await _offered(s, order, PaymentMethod.paypal)
    return await _paid(s, client, order, PaymentMethod.paypal, PaymentMethod.paypal)


async def pay_by_sepa(
    s: AsyncSession,
    client: Client,
    order: Order,
    *,
    iban: str,
    account_holder: str,
    ip_address: str,
    user_agent: str,
) -> PayResult:
    """A direct debit from the buyer's account, the request their mandate (its address and browser its proof).
    400 for an IBAN that is not valid or not from a SEPA country; the same account again is the same debit."""
    if done := closed(order):
        return done
    await _has_a_price(s, order)
    await _offered(s, order, PaymentMethod.sepa)
    iban = normalised_iban(iban)
    if iban_error(iban):
        raise invalid(iban="not a valid IBAN")
    if iban[:2] not in SEPA_COUNTRIES:
        raise invalid(iban="not an account in a SEPA country")
    holder = " ".join(account_holder.split())
    if len(holder) < 2:
        raise invalid(account_holder="required")
    method = await method_for_account(s, order.id, iban) or await gateway().create_sepa_method(
        iban, holder, order.payer_email, sepa_method_key(order.token, iban)
    )
    await mandate_accepted(
        s,
        order,
        holder=holder,
        iban=iban,
        payment_method=method,
        ip_address=ip_address,
        user_agent=user_agent,
    )
    await s.commit()  # the Checkout workflow's payment step reads the mandate
    return await _paid(s, client, order, method, PaymentMethod.sepa)


async def pay_by_transfer(s: AsyncSession, client: Client, order: Order, method: PaymentMethod) -> Transfer:
    """A bank wire (the order waits its days for a transfer with its reference) or paying later (delivered now,
    its invoice due by transfer): asked again, the same instructions. 409 when the plan, currency or seller does
    not offer it, another payment of the order is under way, or the checkout is over."""
    later = GATEWAYS[method].delivers_first
    if order.payment_state in PAID_STATES and not (
        later and paying_later(order.payment_state, order.payment_form)
    ):
        raise DomainError(ErrorCode.CONFLICT, "This order is paid.", reason=Refusal.checkout_over)
    await _has_a_price(s, order)
    await _offered(s, order, method)
    try:
        told: WireInstructions = await choose_wire(
            client, order.token, checkout_input(order), order.seller_id, later=later
        )
    except CheckoutOver:
        raise refused(Refusal.checkout_over) from None
    if told.refused:
        raise DomainError(ErrorCode.CONFLICT, told.refused, reason="sold_out")
    return Transfer(
        amount=told.amount,
        currency=told.currency,
        reference=told.reference,
        iban=told.iban,
        bic=told.bic,
        holder=told.holder,
        due_at=datetime.fromisoformat(told.due_at) if told.due_at else None,
    )


async def take_free_order(s: AsyncSession, client: Client, order: Order) -> PayResult:
    """An order with nothing to pay is taken without a payment. 409 `not_free` for one with a price to pay."""
    if done := closed(order):
        return done
    if order.terms is not None or await charged_total(s, order) != 0:
        raise refused(Refusal.not_free)
    try:
        return await take_free(client, order.token, checkout_input(order, free=True), order.seller_id)
    except CheckoutOver:
        return await _over(s, order)


async def pay_with_card_of(s: AsyncSession, client: Client, order: Order, method: str) -> PayResult:
    """An order charged with a card that paid another (an upsell: off-session)."""
    if done := closed(order):
        return done
    return await _paid(s, client, order, method, PaymentMethod.card)
