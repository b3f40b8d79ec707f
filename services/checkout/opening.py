"""Opening a checkout: the order (and one per bump), its payment prepared at the provider, its Checkout workflow
started; a request run again after the process that ran it died finds the order that run made."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import structlog
from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import Client

from core.settings import get_settings
from domain.billing.subscriptions import order_defers_first_rate
from domain.catalog.addons import AddonKind
from domain.catalog.checkout_pages import IncludeType
from domain.catalog.optins import answers_problems
from domain.errors import DomainError, ErrorCode, Refusal, invalid, refused
from domain.keys import payment_intent_key
from domain.orders.checkout import CheckoutInput
from domain.orders.consent import consent_applies, consent_required
from domain.orders.invoices import address_missing, address_needed
from domain.orders.orders import CHECKOUT_OPEN_STATES, PaymentType
from handles.checkout import open_checkout
from providers.stripe.client import gateway
from services.checkout.pricing import bumps_chosen, coupon_for
from store.affiliates.attribution import orders_attributed
from store.builder.settings import legal_texts
from store.catalog.checkout_pages import page_of
from store.catalog.queries import shop_product
from store.orders.actions import (
    buyer_vat,
    new_order_token,
    order_created,
    payer_customer_saved,
    setup_intent_recorded,
    setup_renewed,
)
from store.orders.models import Order
from store.orders.queries import charged_total, order_opened_by, payer_customer
from store.teams.fees import orders_sold_by

log = structlog.get_logger()
TemporalClient = Callable[[], Awaitable[Client]]


@dataclass
class Opened:
    """The checkout as the page needs it: the order to pay, what it charges, and for a deferred first rate the
    SetupIntent's client secret the page confirms a card with."""

    order_token: str
    setup_intent_client_secret: str | None
    amount: int
    currency: str
    deferred: bool


def deferred(order: Order) -> bool:
    """Whether the order's first rate falls due later: decided once, when its checkout opened, so a checkout and
    its payment on either side of midnight never disagree (orders from before: decided now)."""
    if order.defers_first_rate is not None:
        return order.defers_first_rate
    return order_defers_first_rate(order.terms, datetime.now(UTC).date())


def checkout_input(order: Order, *, free: bool = False) -> CheckoutInput:
    """The order's Checkout workflow input, decided once, by the first request that starts it (a later one finds
    the workflow and its input)."""
    return CheckoutInput(
        order_token=order.token,
        day_s=get_settings().checkout_day_s,
        recurring=order.terms is not None,
        billing_day_s=get_settings().billing_day_s,
        deferred=deferred(order),
        free=free,
        payment_type=order.period_type,
        currency=order.currency_key,
    )


async def open_order(
    s: AsyncSession,
    temporal: TemporalClient,
    username: str,
    slug: str,
    *,
    plan_id: int,
    payer: dict[str, Any],
    opt_in_answers: dict[str, Any],
    bump_ids: list[int],
    main_product: bool,
    coupon_code: str | None,
    referred: Callable[[int], tuple[int | None, int | None]],
    opened_by: str,
    consent: str | None = None,
) -> Opened:
    """Creates the order (payment_waiting), prepares its payment (`prepared`) and starts its Checkout workflow,
    open for a day from now. No money moves here. `referred`: the publisher's click and the sales team member the
    visitor came through at a shop (the orders are theirs). `opened_by`: the request's own key, so the same request run
    again finds its order instead of opening a second. `consent`: the words of the consent to begin the delivery at
    once, as the buyer ticked them (None: not ticked); 400 without it where the seller's checkout requires it, and 400
    on the payer's address where the invoice needs it."""
    if (made_before := await order_opened_by(s, opened_by)) is not None:
        return await _reopened(s, temporal, made_before)
    v = await shop_product(s, username, slug)
    if v.reasons:
        raise DomainError(ErrorCode.NOT_SELLABLE, fields={"reasons": [r.value for r in v.reasons]})
    plan = next((x for x in v.plans if x.id == plan_id and x.active), None)
    if plan is None:
        raise DomainError(ErrorCode.INVALID_INPUT, fields={"pricing_plan_id": "invalid"})
    answers = {k: (a.strip() if isinstance(a, str) else a) for k, a in opt_in_answers.items()}
    if problems := answers_problems(v.product.opt_ins or [], answers):
        raise DomainError(
            ErrorCode.INVALID_INPUT, fields={f"opt_in_answers.{k}": why for k, why in problems.items()}
        )
    bumps = await bumps_chosen(s, v.product.id, bump_ids)
    product, main_plan = v.product, plan
    if not main_product:
        # only the bumps (mainProductRequired off): the first is the order, the others its bumps
        if v.product.main_product_required:
            raise invalid(main_product="this product is bought with its bumps, not left out")
        if not bumps:
            raise invalid(bump_ids="choose at least one of the offers")
        first, bumps = bumps[0], bumps[1:]
        product, main_plan = first.view.product, first.plan
    coupon = await coupon_for(s, v.product.seller_id, product.id, main_plan.currency, coupon_code)
    if bumps and (main_plan.test_days or main_plan.start_day):
        raise DomainError(
            ErrorCode.INVALID_INPUT,
            fields={"bump_ids": "a bump is paid with the first payment; this plan charges nothing today"},
        )
    business = bool(payer.get("vat_id") or payer.get("company"))
    if consent is None:  # the seller's rule is read only when the buyer did not tick it
        rule = (await legal_texts(s, v.product.seller_id)).withdrawal_consent
        charges = main_plan.payment_type != PaymentType.one_time or main_plan.price > 0
        if consent_required(
            product.form, rule, charges=charges, country=payer.get("country"), business=business
        ):
            raise invalid(withdrawal_consent="required")
    customer = await payer_customer(s, payer["email"])
    if customer is None:
        created = await gateway().create_customer(
            payer["email"], f"{payer['first_name']} {payer['last_name']}"
        )
        customer = await payer_customer_saved(s, payer["email"], created)
    order = await order_created(
        s,
        token=new_order_token(),
        product=product,
        plan=main_plan,
        payer=payer,
        customer_id=customer,
        setup_intent_id=None,
        opt_in_answers={k: a for k, a in answers.items() if a not in ("", False)},
        coupon=coupon,
        opened_by=opened_by,
        consent=consent if consent_applies(product.form) else None,
    )
    order.defers_first_rate = order_defers_first_rate(order.terms, datetime.now(UTC).date())
    extra = 0
    made = [order]
    for o in bumps:  # each bump its own order, paid with this order's one charge
        bump = await order_created(
            s,
            token=new_order_token(),
            product=o.view.product,
            plan=o.plan,
            payer=payer,
            customer_id=customer,
            setup_intent_id=None,
            parent=order,
            upsell_type=AddonKind.bump,
        )
        extra += bump.total
        made.append(bump)
    # the checkout page is read only when the address is missing and neither the amount nor a business asks it
    if (missing := address_missing(payer)) and (
        address_needed(order.total + extra, order.currency_key, business=business, seller_asks=False)
        or (await page_of(s, v.product)).include_type == IncludeType.with_address
    ):
        raise invalid(**{f"payer.{k}": "required for the invoice" for k in missing})
    click, member = referred(product.seller_id)
    if click is not None:
        vat = await buyer_vat(s, product.seller_id, payer)
        await orders_attributed(s, made, click, vat.rate_bp)
    await orders_sold_by(s, made, member)
    return await opened(s, temporal, order, customer, order.total + extra)


async def opened(
    s: AsyncSession, temporal: TemporalClient, order: Order, customer: str, amount: int
) -> Opened:
    """The order's payment prepared at the provider (after the order: an unused one moves no money), the order
    written, then its Checkout workflow started."""
    secret = await prepared(order, customer, amount)
    await _started(s, temporal, order, amount)
    return Opened(order.token, secret, amount, order.currency_key, deferred(order))


async def _reopened(s: AsyncSession, temporal: TemporalClient, order: Order) -> Opened:
    """The checkout a request with the same key opened before it died unanswered: the same order, its workflow
    started if that run had not (a deferred first rate gets a fresh SetupIntent for the page to confirm)."""
    amount = await charged_total(s, order)
    secret = (
        await next_setup(s, order)
        if deferred(order) and order.payment_state in CHECKOUT_OPEN_STATES
        else None
    )
    await _started(s, temporal, order, amount)
    return Opened(order.token, secret, amount, order.currency_key, deferred(order))


async def prepared(order: Order, customer: str, amount: int) -> str | None:
    """What the checkout asks of the card provider when it opens: for an order charged today, its PaymentIntent
    (paying is then one confirm; nothing is charged before it); for one whose first rate is deferred, a
    SetupIntent that saves the card, whose client secret the page confirms; nothing for a free order."""
    if deferred(order):
        si_id, secret = await gateway().create_setup_intent(customer, order.token)
        setup_intent_recorded(order, si_id)
        return secret
    if amount == 0:  # a free order: taken, never charged
        return None
    intent = await gateway().prepare_payment_intent(
        order_token=order.token,
        amount=amount,
        currency=order.currency_key,
        customer_id=customer,
        idempotency_key=payment_intent_key(order.token, 1, "prepared"),
    )
    order.prepared_intent_id = intent.id
    return None


async def _started(s: AsyncSession, temporal: TemporalClient, order: Order, amount: int) -> None:
    """The checkout is open: the order (and what it prepared) is written, then its Checkout workflow starts, so
    its day counts from now and the buyer's payment is an update on a running workflow. Temporal out of reach
    does not keep the page from opening: the first payment request starts the workflow instead."""
    inp = checkout_input(order, free=order.terms is None and amount == 0)
    token, seller_id = order.token, order.seller_id
    await s.commit()  # the workflow never runs ahead of its order
    try:
        client = await temporal()
    except (RuntimeError, OSError) as e:
        log.warning("checkout_start_deferred", order_token=token, error=str(e))
        return
    await open_checkout(client, token, inp, seller_id)


async def another_card(s: AsyncSession, order: Order) -> Opened:
    """Another card on the same checkout page: a new SetupIntent for the same order, so a declined or abandoned
    card never leaves a second order behind. Refused once the checkout is over."""
    if order.payment_state not in CHECKOUT_OPEN_STATES:
        raise refused(Refusal.checkout_over)
    secret = await next_setup(s, order)
    return Opened(order.token, secret, await charged_total(s, order), order.currency_key, deferred(order))


async def next_setup(s: AsyncSession, order: Order) -> str:
    """The order's next SetupIntent (its own key, `order-{token}-setup-{n}`), recorded on the order: its client
    secret, for the page to confirm a card."""
    n = await setup_renewed(s, order)
    si_id, secret = await gateway().create_setup_intent(order.provider_customer_id or "", order.token, n)
    setup_intent_recorded(order, si_id)
    return secret
