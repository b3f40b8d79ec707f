"""`/v1/shop/{username}/…/checkout` and `/orders/{token}`: the order, its SetupIntent, pay (update-with-start of
the Checkout workflow), the 3-D Secure report and the thank-you page."""

from __future__ import annotations

import hashlib
import time
from datetime import UTC, datetime
from typing import Annotated

import structlog
from fastapi import APIRouter, Path, Query, Request

from api.deps import DB, IdempotencyKey, Temporal
from api.routes.shop.products import offer_out
from api.routes.shop.tickets import shop_ticket
from api.schemas.addons import OfferOut
from api.schemas.events import UpgradeIn, UpgradeOptionOut, UpgradeOptions
from api.schemas.fields import CountryCode
from api.schemas.shop import (
    CheckoutIn,
    CheckoutOut,
    ExtraBought,
    IncludedDelivery,
    PayIn,
    PayOut,
    PriceOut,
    SepaIn,
    SepaOut,
    ThankYou,
    UpsellIn,
    WireOut,
)
from api.storefront.clicks import AFFILIATE_COOKIE, SALES_COOKIE, click_of_token, sales_member_of_token
from api.throttle import throttle
from core.settings import get_settings
from domain.addons import ADDONS_MAX, AddonKind
from domain.billing_calendar import schedule
from domain.builder.pages import PageType
from domain.checkout import CheckoutInput, PayOutcome, PayResult
from domain.coupons import CouponRefusal, coupon_refusal, normal_code
from domain.errors import DomainError, ErrorCode, invalid
from domain.invoices import buyer_vat_id, vat_of_gross
from domain.keys import payment_intent_key, sepa_method_key
from domain.limits import ID_MAX, PROFILE_TEXT_MAX, USERNAME_MAX, VAT_ID_MAX
from domain.optins import answers_problems
from domain.orders import (
    CHECKOUT_OPEN_STATES,
    PAID_STATES,
    OrderType,
    PaymentMethod,
    PaymentState,
    paying_later,
)
from domain.payment_methods import SEPA_COUNTRIES, methods_for, wire_reference
from domain.seller_profile import iban_error, normalised_iban
from domain.subscriptions import order_defers_first_rate, terms_from_json
from handles.checkout import (
    PAY_REFUSALS,
    CheckoutOver,
    authenticated,
    choose_wire,
    open_checkout,
    pay,
    take_free,
)
from providers.stripe.client import gateway
from store.accounts.queries import display_name, seller_user_of
from store.affiliates.attribution import orders_attributed
from store.builder.pages import published_for_product
from store.catalog.addons import Offer, offers_of
from store.catalog.models import Product, ProductAddon
from store.catalog.queries import shop_product
from store.catalog.tickets import upgrade_options, upgrade_order_created
from store.coupons.models import Coupon
from store.coupons.queries import coupon_by_code
from store.orders.actions import (
    buyer_terms,
    buyer_vat,
    new_order_token,
    order_created,
    payer_customer_saved,
    setup_intent_recorded,
    setup_renewed,
    upsell_order_created,
    with_coupon,
)
from store.orders.bank_wire import payment_matrix
from store.orders.delivery import Delivered, delivered_of
from store.orders.models import Order
from store.orders.queries import (
    charged_total,
    extras_of,
    invoice_of_order,
    order_in_shop,
    order_opened_by,
    paid_with,
    payer_customer,
)
from store.orders.sepa import mandate_accepted, mandate_of, method_for_account
from store.teams.fees import orders_sold_by

Username = Annotated[str, Path(max_length=USERNAME_MAX)]
TicketCode = Annotated[str, Path(max_length=16)]
OrderToken = Annotated[str, Path(max_length=64)]
TICKET_PAGES_PER_MINUTE = 60  # as the ticket's page: a code cannot be guessed by trying

router = APIRouter()
log = structlog.get_logger()
BUMP_IDS_SHAPE = rf"^[1-9][0-9]{{0,17}}(,[1-9][0-9]{{0,17}}){{0,{ADDONS_MAX - 1}}}$"


def _deferred(order: Order) -> bool:
    """Whether the order's first rate falls due later: decided once, when its checkout opened, so a checkout and
    its payment on either side of midnight never disagree (orders from before: decided now)."""
    if order.defers_first_rate is not None:
        return order.defers_first_rate
    return order_defers_first_rate(order.terms, datetime.now(UTC).date())


COUPON_WORDS = {
    CouponRefusal.unknown: "no such coupon",
    CouponRefusal.inactive: "this coupon is not active",
    CouponRefusal.used_up: "this coupon has been used up",
    CouponRefusal.other_product: "this coupon is not for this product",
    CouponRefusal.other_currency: "this coupon is for another currency",
}


async def _coupon_for(
    s: DB, seller_id: int, product_id: int, currency: str, code: str | None
) -> Coupon | None:
    """The seller's coupon of this code if it applies to this purchase now; a 400 on `coupon_code` with the
    reason (unknown, inactive, used up, another product, another currency) if not; None without a code."""
    if code is None or not code.strip():
        return None
    c = await coupon_by_code(s, seller_id, normal_code(code))
    refusal = (
        CouponRefusal.unknown
        if c is None
        else coupon_refusal(
            active=c.active,
            limit=c.limit,
            orders_count=c.orders_count,
            scope=c.scope,
            product_ids=c.product_ids,
            product_id=product_id,
            value_form=c.value_form,
            currency=c.currency,
            plan_currency=currency,
        )
    )
    if refusal is not None:
        raise DomainError(
            ErrorCode.INVALID_INPUT, fields={"coupon_code": COUPON_WORDS[refusal]}, reason=refusal.value
        )
    return c


@router.get("/{username}/products/{slug}/price", response_model=PriceOut)
async def plan_price(
    username: str,
    slug: str,
    s: DB,
    pricing_plan_id: Annotated[int, Query(ge=1, le=ID_MAX)],
    country: CountryCode | None = None,
    company: Annotated[str | None, Query(max_length=PROFILE_TEXT_MAX)] = None,
    vat_id: Annotated[str | None, Query(max_length=VAT_ID_MAX)] = None,
    coupon_code: Annotated[str | None, Query(max_length=60)] = None,
    # the bumps ticked, by offer id, comma-separated (`bump_ids=3,5`)
    bump_ids: Annotated[str | None, Query(pattern=BUMP_IDS_SHAPE, max_length=200)] = None,
    main_product: bool = True,
) -> PriceOut:
    """What the buyer will pay for the plan given their country (and, as a business, VAT id): the pay button
    shows it before anything is charged. 400 for a VAT id the checkout would refuse."""
    v = await shop_product(s, username, slug)
    plan = next((x for x in v.plans if x.id == pricing_plan_id and x.active), None)
    if plan is None:
        raise DomainError(ErrorCode.INVALID_INPUT, fields={"pricing_plan_id": "invalid"})
    if vat_id and vat_id.strip():
        try:
            vat_id = buyer_vat_id(vat_id, country, company)
        except ValueError as e:
            raise invalid(vat_id=str(e)) from e
    else:
        vat_id = None
    payer: dict[str, str | None] = {"country": country, "vat_id": vat_id}
    terms, looked_up = await buyer_terms(s, v.product.seller_id, plan, payer)
    coupon = await _coupon_for(s, v.product.seller_id, v.product.id, plan.currency, coupon_code)
    terms, off = with_coupon(terms, coupon)
    vat = looked_up or await buyer_vat(s, v.product.seller_id, payer)
    bumps = 0
    ticked = [int(x) for x in bump_ids.split(",")] if bump_ids else []
    if any(x > ID_MAX for x in ticked):
        raise invalid(bump_ids="not a bump offered with this product now")
    for o in await _bumps_chosen(s, v.product.id, ticked):
        bumps += (await buyer_terms(s, v.product.seller_id, o.plan, payer))[0].first_amount
    if not main_product and not v.product.main_product_required:
        amount, off = bumps, 0  # only the bumps (a coupon applies at the checkout, to the first of them)
    else:
        amount = terms.first_amount + bumps
    tax = vat_of_gross(amount, vat.rate_bp) if vat.rate_bp else 0
    return PriceOut(
        amount=amount,
        currency=plan.currency,
        net=amount - tax,
        vat=tax,
        vat_kind=vat.kind,
        vat_rate_bp=vat.rate_bp,
        net_price=plan.use_net_price,
        discount=off,
        bumps=bumps,
    )


async def _bumps_chosen(s: DB, product_id: int, ids: list[int]) -> list[Offer]:
    """The product's bumps the buyer ticked, each once; 400 on `bump_ids` for one that is not offered now."""
    if not ids:
        return []
    offered = {o.addon.id: o for o in await offers_of(s, product_id, {AddonKind.bump})}
    if len(set(ids)) != len(ids) or any(i not in offered for i in ids):
        raise DomainError(
            ErrorCode.INVALID_INPUT, fields={"bump_ids": "not a bump offered with this product now"}
        )
    return [offered[i] for i in ids]


@router.post("/{username}/products/{slug}/checkout", response_model=CheckoutOut, status_code=201)
async def start_checkout(
    idempotency_key: IdempotencyKey, username: str, slug: str, body: CheckoutIn, s: DB, request: Request
) -> CheckoutOut:
    """Creates the order (payment_waiting), prepares its payment (`_prepared`: the PaymentIntent that paying
    confirms, or the SetupIntent of a deferred first rate) and starts its Checkout workflow, open for a day from
    now. No money moves here; card data never reaches us. A visitor who came through a publisher's link (the
    shop's signed click cookie) buys for that publisher. The same request again (its key) is the same order: the
    idempotency layer answers a retry with the first answer, and a request run again because the process that ran
    it died finds the order that run made (`opened_by`) instead of opening a second."""
    opened_by = hashlib.sha256(f"{request.url.path}\x00{idempotency_key}".encode()).hexdigest()
    if (made_before := await order_opened_by(s, opened_by)) is not None:
        return await _reopened(s, request, made_before)
    v = await shop_product(s, username, slug)
    if v.reasons:
        raise DomainError(ErrorCode.NOT_SELLABLE, fields={"reasons": [r.value for r in v.reasons]})
    plan = next((x for x in v.plans if x.id == body.pricing_plan_id and x.active), None)
    if plan is None:
        raise DomainError(ErrorCode.INVALID_INPUT, fields={"pricing_plan_id": "invalid"})
    answers = {k: (a.strip() if isinstance(a, str) else a) for k, a in body.opt_in_answers.items()}
    if problems := answers_problems(v.product.opt_ins or [], answers):
        raise DomainError(
            ErrorCode.INVALID_INPUT, fields={f"opt_in_answers.{k}": why for k, why in problems.items()}
        )
    bumps = await _bumps_chosen(s, v.product.id, body.bump_ids)
    main_product, main_plan = v.product, plan
    if not body.main_product:
        # only the bumps (mainProductRequired off): the first is the order, the others its bumps
        if v.product.main_product_required:
            raise invalid(main_product="this product is bought with its bumps, not left out")
        if not bumps:
            raise invalid(bump_ids="choose at least one of the offers")
        first, bumps = bumps[0], bumps[1:]
        main_product, main_plan = first.view.product, first.plan
    coupon = await _coupon_for(s, v.product.seller_id, main_product.id, main_plan.currency, body.coupon_code)
    if bumps and (main_plan.test_days or main_plan.start_day):
        raise DomainError(
            ErrorCode.INVALID_INPUT,
            fields={"bump_ids": "a bump is paid with the first payment; this plan charges nothing today"},
        )
    customer = await payer_customer(s, body.payer.email)
    if customer is None:
        created = await gateway().create_customer(
            body.payer.email, f"{body.payer.first_name} {body.payer.last_name}"
        )
        customer = await payer_customer_saved(s, body.payer.email, created)
    token = new_order_token()
    order = await order_created(
        s,
        token=token,
        product=main_product,
        plan=main_plan,
        payer=body.payer.model_dump(),
        customer_id=customer,
        setup_intent_id=None,
        opt_in_answers={k: a for k, a in answers.items() if a not in ("", False)},
        coupon=coupon,
        opened_by=opened_by,
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
            payer=body.payer.model_dump(),
            customer_id=customer,
            setup_intent_id=None,
            parent=order,
            upsell_type=AddonKind.bump,
        )
        extra += bump.total
        made.append(bump)
    seller_id = main_product.seller_id
    click = click_of_token(seller_id, request.cookies.get(AFFILIATE_COOKIE.format(seller_id=seller_id)))
    if click is not None:
        vat = await buyer_vat(s, seller_id, body.payer.model_dump())
        await orders_attributed(s, made, click, vat.rate_bp)
    await orders_sold_by(
        s,
        made,
        sales_member_of_token(seller_id, request.cookies.get(SALES_COOKIE.format(seller_id=seller_id))),
    )
    secret = await _prepared(order, customer, order.total + extra)
    await _opened(s, request, order, order.total + extra)
    return CheckoutOut(
        order_token=token,
        setup_intent_client_secret=secret,
        amount=order.total + extra,
        currency=order.currency_key,
        deferred=_deferred(order),
    )


async def _reopened(s: DB, request: Request, order: Order) -> CheckoutOut:
    """The checkout a request with the same key opened before it died unanswered: the same order, its workflow
    started if that run had not (a deferred first rate gets a fresh SetupIntent for the page to confirm)."""
    amount = await charged_total(s, order)
    secret = (
        await _next_setup(s, order)
        if _deferred(order) and order.payment_state in CHECKOUT_OPEN_STATES
        else None
    )
    await _opened(s, request, order, amount)
    return CheckoutOut(
        order_token=order.token,
        setup_intent_client_secret=secret,
        amount=amount,
        currency=order.currency_key,
        deferred=_deferred(order),
    )


async def _prepared(order: Order, customer: str, amount: int) -> str | None:
    """What the checkout asks of the card provider when it opens: for an order charged today, its PaymentIntent
    (paying is then one confirm; nothing is charged before it); for one whose first rate is deferred, a
    SetupIntent that saves the card, whose client secret the page confirms; nothing for a free order. Made after
    the order (an unused one, should the request fail after it, moves no money)."""
    if _deferred(order):
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


async def _opened(s: DB, request: Request, order: Order, amount: int) -> None:
    """The checkout is open: the order (and what it prepared) is written, then its Checkout workflow starts, so
    its day counts from now and the buyer's payment is an update on a running workflow. Temporal out of reach
    does not keep the page from opening: the first payment request starts the workflow instead."""
    inp = _checkout_input(order, free=order.terms is None and amount == 0)
    token, seller_id = order.token, order.seller_id
    await s.commit()  # the workflow never runs ahead of its order
    try:
        client = await request.app.state.temporal()
    except (RuntimeError, OSError) as e:
        log.warning("checkout_start_deferred", order_token=token, error=str(e))
        return
    await open_checkout(client, token, inp, seller_id)


@router.post("/{username}/orders/{token}/setup_intent", response_model=CheckoutOut, status_code=201)
async def renew_setup_intent(username: str, token: str, s: DB) -> CheckoutOut:
    """Another card on the same checkout page: a new SetupIntent for the same order, so a declined or
    abandoned card never leaves a second order behind. Refused once the checkout is over."""
    order = await order_in_shop(s, username, token)
    if order.payment_state not in CHECKOUT_OPEN_STATES:
        raise DomainError(ErrorCode.CONFLICT, "This checkout is over; reload the page.")
    return CheckoutOut(
        order_token=token,
        setup_intent_client_secret=await _next_setup(s, order),
        amount=await charged_total(s, order),
        currency=order.currency_key,
        deferred=_deferred(order),
    )


async def _next_setup(s: DB, order: Order) -> str:
    """The order's next SetupIntent (its own key, `order-{token}-setup-{n}`), recorded on the order: its client
    secret, for the page to confirm a card."""
    n = await setup_renewed(s, order)
    si_id, secret = await gateway().create_setup_intent(order.provider_customer_id or "", order.token, n)
    setup_intent_recorded(order, si_id)
    return secret


def _checkout_input(order: Order, *, free: bool = False) -> CheckoutInput:
    """The order's Checkout workflow input, decided once, by the first request that starts it (a later one finds
    the workflow and its input)."""
    return CheckoutInput(
        order_token=order.token,
        day_s=get_settings().checkout_day_s,
        recurring=order.terms is not None,
        billing_day_s=get_settings().billing_day_s,
        deferred=_deferred(order),
        free=free,
    )


async def _over(s: DB, order: Order) -> PayOut:
    """The checkout ended between our read and the update (paid or expired just now): its workflow takes no more
    payments. The order in the database says how it ended; otherwise 409."""
    await s.refresh(order)
    if done := _closed(order):
        return done
    raise DomainError(ErrorCode.CONFLICT, "This checkout is over; reload the page.", reason="checkout_over")


async def _offered(s: DB, order: Order, method: PaymentMethod, refusal: str, reason: str) -> None:
    """409 with `reason` unless the seller's method matrix takes `method` for this order's plan and currency."""
    matrix = await payment_matrix(s, order.seller_id)
    if method not in methods_for(matrix, order.period_type, order.currency_key):
        raise DomainError(ErrorCode.CONFLICT, refusal, reason=reason)


async def _has_a_price(s: DB, order: Order) -> None:
    """A free order is taken (`…/free`), never charged: no provider takes a payment of nothing."""
    if order.terms is None and order.total == 0 and await charged_total(s, order) == 0:
        raise DomainError(
            ErrorCode.CONFLICT, "This order is free: take it without a payment.", reason="free_order"
        )


def _closed(order: Order) -> PayOut | None:
    """An order whose checkout is over answers from the database, without touching the workflow."""
    if paying_later(order.payment_state, order.payment_form):  # delivered: its invoice is paid by transfer
        raise DomainError(ErrorCode.CONFLICT, PAY_REFUSALS["pay_later_chosen"], reason="pay_later_chosen")
    if order.payment_state in PAID_STATES:
        return PayOut(
            order_token=order.token, outcome=PayOutcome.succeeded, payment_state=order.payment_state
        )
    if order.payment_state == PaymentState.payment_not_completed:
        return PayOut(
            order_token=order.token,
            outcome=PayOutcome.failed,
            payment_state=PaymentState.payment_not_completed,
            message="This checkout has expired.",
        )
    return None


def _pay_out(token: str, r: PayResult) -> PayOut:
    return PayOut(
        order_token=token,
        outcome=r.outcome,
        payment_state=r.payment_state,
        client_secret=r.client_secret,
        message=r.message,
    )


@router.post("/{username}/orders/{token}/pay", response_model=PayOut)
async def pay_order(
    idempotency_key: IdempotencyKey, username: str, token: str, body: PayIn, s: DB, client: Temporal
) -> PayOut:
    order = await order_in_shop(s, username, token)
    if done := _closed(order):
        return done
    await _has_a_price(s, order)
    started = time.perf_counter()
    try:
        r = await pay(client, token, body.payment_method, _checkout_input(order), order.seller_id)
    except CheckoutOver:
        return await _over(s, order)
    log.info(
        "pay_update_done",
        order_token=token,
        outcome=r.outcome,
        duration_ms=round((time.perf_counter() - started) * 1000, 1),
    )
    return _pay_out(token, r)


@router.post("/{username}/orders/{token}/authenticated", response_model=PayOut)
async def order_authenticated(
    idempotency_key: IdempotencyKey, username: str, token: str, s: DB, client: Temporal
) -> PayOut:
    order = await order_in_shop(s, username, token)
    if done := _closed(order):
        return done
    r = await authenticated(client, token)
    if r is None:
        raise DomainError(ErrorCode.NOT_FOUND, "No payment in progress for this order.")
    return _pay_out(token, r)


@router.get("/{username}/orders/{token}", response_model=ThankYou)
async def get_order_status(username: str, token: str, s: DB) -> ThankYou:
    order = await order_in_shop(s, username, token)
    product = await s.get(Product, order.product_id)
    delivered = await delivered_of(s, order) or Delivered()
    invoice = await invoice_of_order(s, order.id)
    seller = await seller_user_of(s, order.seller_id)
    first = (
        schedule(terms_from_json(order.terms), order.started_on, horizon=1)[0]
        if order.started_on is not None and order.terms is not None
        else None
    )
    offered = await offers_after(s, order, product)
    return ThankYou(
        token=token,
        seller_name=display_name(seller) or username,
        payment_state=order.payment_state,
        product_name=order.product_name,
        total=order.total,
        currency=order.currency_key,
        payer_email=order.payer_email,
        download_url=f"{get_settings().public_url}/v1/shop/downloads/{delivered.download_token}"
        if delivered.download_token
        else None,
        invoice_number=invoice.number if invoice else None,
        recurring=order.terms is not None,
        first_due=first.due if first else None,
        first_amount=first.amount if first else None,
        delivery_link=delivered.link,
        delivery_text=delivered.text,
        license_key=delivered.license_key,
        course_url=delivered.course_path,
        certificate_number=delivered.certificate_number,
        certificate_url=delivered.certificate_path,
        certificate_pending=delivered.certificate_pending,
        ticket_code=delivered.ticket_code,
        ticket_url=delivered.ticket_path,
        items=[
            IncludedDelivery(
                product_id=x.product_id,
                name=x.name,
                form=x.form,
                download_url=f"{get_settings().public_url}{x.download_path}" if x.download_path else None,
                delivery_link=x.link,
                delivery_text=x.text,
                course_url=x.course_path,
            )
            for x in delivered.items
        ],
        extras=[await _extra_out(s, x) for x in await extras_of(s, order.id)],
        # still awaited: the bank wire's transfer, or the invoice of an order delivered and paid later
        wire=await _transfer_out(s, order)
        if order.payment_form == PaymentMethod.bank_wire and order.payment_state in CHECKOUT_OPEN_STATES
        else None,
        pay_later=await _transfer_out(s, order)
        if paying_later(order.payment_state, order.payment_form)
        else None,
        sepa=await _sepa_out(s, order) if order.payment_form == PaymentMethod.sepa else None,
        upsell_title=product.upsell_title if product else None,
        thank_you_page=await published_for_product(s, order.seller_id, PageType.thank_you, order.product_id)
        is not None,
        **offered,
        funnel_url=f"/s/{username}/{product.slug}/offer/{token}"
        if product is not None
        and offered.get("upsells")
        and await published_for_product(s, order.seller_id, PageType.funnel, product.id)
        else None,
    )


async def _transfer_out(s: DB, order: Order) -> WireOut:
    """What to transfer where, and by when: a bank wire the order waits for, or the invoice of an order paid
    later."""
    settings = get_settings()
    return WireOut(
        amount=await charged_total(s, order),
        currency=order.currency_key,
        reference=wire_reference(order.token),
        iban=settings.wire_iban,
        bic=settings.wire_bic,
        holder=settings.wire_holder,
        due_at=order.wire_due_at,
    )


@router.post("/{username}/orders/{token}/pay_later", response_model=WireOut)
async def pay_later(
    idempotency_key: IdempotencyKey, username: Username, token: OrderToken, s: DB, client: Temporal
) -> WireOut:
    """Pay later (core §9 `pay_later`): the order (and its bumps) is delivered now with an invoice due in 14 days,
    paid by bank transfer with the order's reference; reminders before the day; unpaid after it, the seller's
    dunning (and collection) path. Asked again, the same answer. 409 when this order's plan, currency or seller
    does not offer it, when a card payment or a bank transfer of it is under way, or when its checkout is over."""
    order = await order_in_shop(s, username, token)
    if order.payment_state in PAID_STATES and not paying_later(order.payment_state, order.payment_form):
        raise DomainError(ErrorCode.CONFLICT, "This order is paid.", reason="checkout_over")
    await _has_a_price(s, order)
    await _offered(
        s, order, PaymentMethod.pay_later, "This order cannot be paid later.", "pay_later_not_offered"
    )
    try:
        told = await choose_wire(client, token, _checkout_input(order), order.seller_id, later=True)
    except CheckoutOver:
        raise DomainError(
            ErrorCode.CONFLICT, "This checkout is over; reload the page.", reason="checkout_over"
        ) from None
    if told.refused:
        raise DomainError(ErrorCode.CONFLICT, told.refused, reason="sold_out")
    return WireOut(
        amount=told.amount,
        currency=told.currency,
        reference=told.reference,
        iban=told.iban,
        bic=told.bic,
        holder=told.holder,
        due_at=datetime.fromisoformat(told.due_at) if told.due_at else None,
    )


@router.post("/{username}/orders/{token}/bank_wire", response_model=WireOut)
async def pay_by_wire(
    idempotency_key: IdempotencyKey, username: Username, token: OrderToken, s: DB, client: Temporal
) -> WireOut:
    """Pay by bank transfer (core §9): the order (and its bumps) waits its days for a transfer with its reference,
    with its goods and the coupon's use set aside, the instructions mailed and reminded; asked again, the same
    instructions. 409 when this order's plan, currency or seller does not take bank transfers, when a card
    payment of it is under way, or when its checkout is over."""
    order = await order_in_shop(s, username, token)
    if order.payment_state in PAID_STATES:
        raise DomainError(ErrorCode.CONFLICT, "This order is paid.", reason="checkout_over")
    await _has_a_price(s, order)
    await _offered(
        s, order, PaymentMethod.bank_wire, "This order cannot be paid by bank transfer.", "wire_not_offered"
    )
    inp = _checkout_input(order)
    try:
        told = await choose_wire(client, token, inp, order.seller_id)
    except CheckoutOver:
        raise DomainError(
            ErrorCode.CONFLICT, "This checkout is over; reload the page.", reason="checkout_over"
        ) from None
    if told.refused:
        raise DomainError(ErrorCode.CONFLICT, told.refused, reason="sold_out")
    return WireOut(
        amount=told.amount,
        currency=told.currency,
        reference=told.reference,
        iban=told.iban,
        bic=told.bic,
        holder=told.holder,
        due_at=datetime.fromisoformat(told.due_at) if told.due_at else None,
    )


@router.post("/{username}/orders/{token}/sepa", response_model=PayOut)
async def pay_by_sepa(
    idempotency_key: IdempotencyKey,
    username: Username,
    token: OrderToken,
    body: SepaIn,
    request: Request,
    s: DB,
    client: Temporal,
) -> PayOut:
    """Pay by SEPA Direct Debit (core §9 method sepa): the buyer's IBAN and name are the mandate's account, the
    request their consent (its address and browser are kept as its proof). The debit settles days later: the
    answer is `processing`, and the order is paid and delivered once the bank confirms it (the page follows the
    order). The same account sent again is the same debit. 400 for an IBAN that is not valid or not from a SEPA
    country; 409 when this order's plan, currency or seller does not take direct debits, when another payment
    of it is under way, or when its checkout is over."""
    order = await order_in_shop(s, username, token)
    if done := _closed(order):
        return done
    await _has_a_price(s, order)
    await _offered(
        s, order, PaymentMethod.sepa, "This order cannot be paid by direct debit.", "sepa_not_offered"
    )
    iban = normalised_iban(body.iban)
    if iban_error(iban):
        raise invalid(iban="not a valid IBAN")
    if iban[:2] not in SEPA_COUNTRIES:
        raise invalid(iban="not an account in a SEPA country")
    holder = " ".join(body.account_holder.split())
    if len(holder) < 2:
        raise invalid(account_holder="required")
    method = await method_for_account(s, order.id, iban) or await gateway().create_sepa_method(
        iban, holder, order.payer_email, sepa_method_key(token, iban)
    )
    await mandate_accepted(
        s,
        order,
        holder=holder,
        iban=iban,
        payment_method=method,
        ip_address=request.client.host if request.client else "",
        user_agent=request.headers.get("user-agent", ""),
    )
    await s.commit()  # the Checkout workflow's payment step reads the mandate
    inp = _checkout_input(order)
    try:
        r = await pay(client, token, method, inp, order.seller_id, kind=PaymentMethod.sepa)
    except CheckoutOver:
        return await _over(s, order)
    return _pay_out(token, r)


@router.post("/{username}/orders/{token}/free", response_model=PayOut)
async def take_free_order(
    idempotency_key: IdempotencyKey, username: Username, token: OrderToken, s: DB, client: Temporal
) -> PayOut:
    """An order with nothing to pay (a coupon took the whole price of a one-time plan) is taken without a payment:
    its goods and the coupon's use are set aside (the last of each to one buyer), then it is delivered like a
    paid one, with no invoice and no sale. 409 `not_free` for an order with a price to pay."""
    order = await order_in_shop(s, username, token)
    if done := _closed(order):
        return done
    if order.terms is not None or await charged_total(s, order) != 0:
        raise DomainError(ErrorCode.CONFLICT, "This order has a price to pay.", reason="not_free")
    inp = _checkout_input(order, free=True)
    try:
        r = await take_free(client, token, inp, order.seller_id)
    except CheckoutOver:
        return await _over(s, order)
    return _pay_out(token, r)


@router.post("/{username}/orders/{token}/paypal", response_model=PayOut)
async def pay_by_paypal(
    idempotency_key: IdempotencyKey, username: Username, token: OrderToken, s: DB, client: Temporal
) -> PayOut:
    """Pay with PayPal (core §9 method paypal): a PayPal order for what the checkout charges, which the buyer
    approves at PayPal (`approve_url`); PayPal sends them back to the shop, which finishes the payment
    (`…/paypal/return`). Asked again, the same PayPal order. 409 when this order's plan, currency or seller does
    not take PayPal, or when its checkout is over."""
    order = await order_in_shop(s, username, token)
    if done := _closed(order):
        return done
    await _has_a_price(s, order)
    await _offered(
        s, order, PaymentMethod.paypal, "This order cannot be paid with PayPal.", "paypal_not_offered"
    )
    inp = _checkout_input(order)
    try:
        r = await pay(client, token, PaymentMethod.paypal, inp, order.seller_id, kind=PaymentMethod.paypal)
    except CheckoutOver:
        return await _over(s, order)
    return _paypal_out(token, r)


@router.post("/{username}/orders/{token}/paypal/return", response_model=PayOut)
async def paypal_returned(
    idempotency_key: IdempotencyKey, username: Username, token: OrderToken, s: DB, client: Temporal
) -> PayOut:
    """The buyer is back from PayPal: an approved PayPal order is captured (once) and the order paid; one not
    approved (the buyer cancelled) leaves the checkout open for another try."""
    order = await order_in_shop(s, username, token)
    if done := _closed(order):
        return done
    r = await authenticated(client, token)
    if r is None:
        raise DomainError(ErrorCode.NOT_FOUND, "No payment in progress for this order.")
    return _paypal_out(token, r)


def _paypal_out(token: str, r: PayResult) -> PayOut:
    """A PayPal attempt waiting for the buyer answers where to approve it (its "secret" is PayPal's link)."""
    out = _pay_out(token, r)
    if r.outcome == PayOutcome.requires_action and (r.client_secret or "").startswith(
        ("http://", "https://")
    ):
        out.approve_url, out.client_secret = r.client_secret, None
    return out


async def _sepa_out(s: DB, order: Order) -> SepaOut | None:
    m = await mandate_of(s, order.id)
    if m is None:
        return None
    return SepaOut(
        reference=m.reference,
        holder=m.holder,
        iban_country=m.iban_country,
        iban_last4=m.iban_last4,
        accepted_at=m.accepted_at,
    )


async def _extra_out(s: DB, x: Order) -> ExtraBought:
    d = await delivered_of(s, x) or Delivered()
    base = get_settings().public_url
    return ExtraBought(
        token=x.token,
        upsell_type=x.upsell_type or AddonKind.bump,
        product_name=x.product_name,
        payment_state=x.payment_state,
        total=x.total,
        currency=x.currency_key,
        download_url=f"{base}/v1/shop/downloads/{d.download_token}" if d.download_token else None,
        delivery_link=d.link,
        delivery_text=d.text,
        license_key=d.license_key,
        course_url=d.course_path,
        certificate_url=d.certificate_path,
        invoice_number=invoice.number if (invoice := await invoice_of_order(s, x.id)) else None,
    )


async def offers_after(s: DB, order: Order, product: Product | None) -> dict[str, list[OfferOut]]:
    """What the thank-you page offers once the order is paid: its product's upsells not bought yet, and its
    downsells (shown when the buyer declines) unless an upsell was bought."""
    if product is None or not product.upsell or order.payment_state not in PAID_STATES:
        return {}
    if order.order_type != OrderType.standard or await paid_with(s, order) is None:
        return {}  # an upsell is charged with the card that paid: none after a bank transfer
    extras = await extras_of(s, order.id)
    bought = {x.product_id for x in extras if x.payment_state in PAID_STATES}
    offers = [
        o
        for o in await offers_of(s, product.id, {AddonKind.upsell, AddonKind.downsell})
        if o.view.product.id not in bought
    ]
    upsold = any(x.upsell_type == AddonKind.upsell and x.payment_state in PAID_STATES for x in extras)
    return {
        "upsells": [offer_out(o) for o in offers if o.addon.kind == AddonKind.upsell],
        "downsells": [] if upsold else [offer_out(o) for o in offers if o.addon.kind == AddonKind.downsell],
    }


@router.post("/{username}/orders/{token}/upsells", response_model=PayOut)
async def buy_upsell(
    idempotency_key: IdempotencyKey,
    username: Username,
    token: Annotated[str, Path(max_length=64)],
    body: UpsellIn,
    s: DB,
    client: Temporal,
) -> PayOut:
    """One click on the thank-you page: the upsell (or downsell) becomes its own order (type bump) and is charged
    with the card that paid this order, off-session (no card entered again, no second 3-D Secure challenge where
    the bank allows it). Asked again (a double click, a retry), it finds the same order and its one charge. The
    answer is the payment's, as for `/pay` (`requires_action` with a client secret when the bank insists).
    409 `upsell_unavailable` when this order offers no such upsell now or has no card to charge."""
    return await buy_offer(s, client, username, token, body.addon_id)


async def buy_offer(s: DB, client: Temporal, username: str, token: str, addon_id: int) -> PayOut:
    """An upsell or downsell of a paid order bought with one click: on the thank-you page, or a funnel page's
    accept button (api/routes/funnels.py). Idempotent: the offer's order is found again and charged once."""
    order = await order_in_shop(s, username, token)
    product = await s.get(Product, order.product_id)
    offered = await offers_after(s, order, product)
    offer_ids = {o.id for o in [*offered.get("upsells", []), *offered.get("downsells", [])]}
    method = await paid_with(s, order)
    wanted = await _offer_product(s, addon_id)
    existing = next(
        (
            x
            for x in await extras_of(s, order.id)
            if x.upsell_type in (AddonKind.upsell, AddonKind.downsell) and x.product_id == wanted
        ),
        None,
    )
    if existing is None and (addon_id not in offer_ids or method is None):
        raise DomainError(
            ErrorCode.CONFLICT, "This offer is not available for this order.", reason="upsell_unavailable"
        )
    if existing is None:
        offer = next(
            o
            for o in await offers_of(s, order.product_id, {AddonKind.upsell, AddonKind.downsell})
            if o.addon.id == addon_id
        )
        existing = await upsell_order_created(s, order, offer.view.product, offer.plan, offer.addon.kind)
        await s.commit()  # the Checkout workflow reads the order
    if done := _closed(existing):
        return done
    if method is None:
        raise DomainError(
            ErrorCode.CONFLICT, "This offer is not available for this order.", reason="upsell_unavailable"
        )
    inp = _checkout_input(existing)
    try:
        r = await pay(client, existing.token, method, inp, existing.seller_id)
    except CheckoutOver:
        return await _over(s, existing)
    return _pay_out(existing.token, r)


async def _offer_product(s: DB, addon_id: int) -> int | None:
    addon = await s.get(ProductAddon, addon_id)
    return addon.addon_product_id if addon else None


# ----- a ticket's upgrade (core §3 order type `upgrade`) ------------------------------------------------------------
@router.get("/{username}/tickets/{code}/upgrades", response_model=UpgradeOptions)
async def ticket_upgrades(username: Username, code: TicketCode, request: Request, s: DB) -> UpgradeOptions:
    """The dearer tickets of the same event this ticket can be upgraded to, each with the difference to pay."""
    throttle(request, "ticket-page", TICKET_PAGES_PER_MINUTE)
    held = await shop_ticket(s, username, code)
    return UpgradeOptions(
        options=[
            UpgradeOptionOut(
                pricing_plan_id=o.plan.id,
                plan_name=o.plan.name,
                ticket_name=o.ticket.name,
                price=o.price,
                currency=o.plan.currency,
                starts_at=o.ticket.starts_at,
                ends_at=o.ticket.ends_at,
                time_zone=o.ticket.time_zone,
                without_dates=o.ticket.without_dates,
                location=o.ticket.location,
                online=o.ticket.online,
            )
            for o in await upgrade_options(s, held)
        ]
    )


@router.post("/{username}/tickets/{code}/upgrade", response_model=CheckoutOut, status_code=201)
async def start_upgrade(
    idempotency_key: IdempotencyKey,
    username: Username,
    code: TicketCode,
    body: UpgradeIn,
    request: Request,
    s: DB,
) -> CheckoutOut:
    """An upgrade's checkout: its own order (type `upgrade`) for the difference, paid like any order through
    `/orders/{token}/pay`. Its seat is set aside before money moves; once paid, the old ticket lets no one in and
    gives its seat back; a refund of the upgrade gives the old ticket back. 409 when the ticket is not upgradable
    to this plan (used, refunded, upgraded already, or the plan is not dearer, sold out or over)."""
    throttle(request, "ticket-page", TICKET_PAGES_PER_MINUTE)
    held = await shop_ticket(s, username, code)
    option = next((o for o in await upgrade_options(s, held) if o.plan.id == body.pricing_plan_id), None)
    if option is None:
        raise DomainError(
            ErrorCode.CONFLICT, "This ticket cannot be upgraded to that plan.", reason="upgrade_unavailable"
        )
    customer = held.order.provider_customer_id
    if not customer:
        raise DomainError(
            ErrorCode.CONFLICT, "This ticket cannot be upgraded here.", reason="upgrade_unavailable"
        )
    token = new_order_token()
    order = await upgrade_order_created(
        s, token=token, parent=held.order, option=option, setup_intent_id=None
    )
    order.defers_first_rate = False
    secret = await _prepared(order, customer, order.total)
    await _opened(s, request, order, order.total)
    return CheckoutOut(
        order_token=token,
        setup_intent_client_secret=secret,
        amount=order.total,
        currency=order.currency_key,
        deferred=False,
    )
