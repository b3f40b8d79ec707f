"""Order actions, named in the past tense of what they record. Each is idempotent: run twice, it
finds the row it wrote the first time (unique keys built from the order token) instead of adding one."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime

from sqlalchemy import case, literal, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from domain.affiliates.resellers import SellingMode
from domain.billing.billing_calendar import PlanTerms
from domain.billing.subscriptions import RECURRING, terms_to_json
from domain.catalog.addons import AddonKind
from domain.coupons import CouponTerms, coupon_applied
from domain.errors import DomainError, ErrorCode
from domain.keys import attempt_denied_key, order_event_key, payment_pending_key
from domain.ledger.ledger import platform_fee, sale_entries
from domain.notifications import NotificationType
from domain.orders.invoices import VatTreatment, bump_line, discount_line, priced_terms
from domain.orders.orders import (
    CHECKOUT_OPEN_STATES,
    PAID_STATES,
    InvoiceForm,
    InvoiceState,
    LogType,
    OrderType,
    PaymentLogState,
    PaymentMethod,
    PaymentProvider,
    PaymentState,
    PaymentType,
    TransferForm,
    paying_later,
)
from domain.seller_webhooks import EventType
from store.accounts.models import Seller
from store.affiliates.attribution import commissions_booked, orders_attributed
from store.catalog.license_keys import key_released
from store.catalog.models import PricingPlan, Product
from store.catalog.plans import plan_terms
from store.catalog.tickets import ticket_released
from store.coupons.models import Coupon
from store.db import session
from store.ledger.actions import entries_booked, fee_rate_of
from store.legitimation.models import SellerProfileRow
from store.notifications.actions import noticed
from store.orders.coupon_uses import coupon_use_released
from store.orders.invoices import InvoiceDraft, invoice_numbered, reseller_vat, seller_vat, snapshot_now
from store.orders.models import (
    Access,
    Invoice,
    Order,
    PayerCustomer,
    Payment,
    PaymentIntentRecord,
    SepaMandate,
    Transfer,
)
from store.orders.queries import extras_of, order_by_token, payer_customer
from store.seller_webhooks.actions import event_recorded, order_data
from store.teams.fees import orders_sold_by


def new_order_token() -> str:
    return secrets.token_hex(10)


async def payer_customer_saved(s: AsyncSession, email: str, customer_id: str) -> str:
    """Keep the first customer recorded for this email (a concurrent checkout may have won)."""
    await s.execute(
        insert(PayerCustomer)
        .values(email=email.lower(), provider_customer_id=customer_id)
        .on_conflict_do_nothing()
    )
    return (await payer_customer(s, email)) or customer_id


async def buyer_vat(s: AsyncSession, seller_id: int, payer: dict[str, str | None]) -> VatTreatment:
    """The VAT a buyer's invoice from this seller will carry (`seller_vat`, the rule the invoice applies); the
    platform's, when it sells the seller's products as reseller."""
    mode, profile = (
        await s.execute(
            select(Seller.selling_mode, SellerProfileRow)
            .outerjoin(SellerProfileRow, SellerProfileRow.seller_id == Seller.id)
            .where(Seller.id == seller_id)
        )
    ).one()
    if mode == SellingMode.selling_via_reseller:
        return reseller_vat(payer.get("country"), payer.get("vat_id"))
    return seller_vat(profile, payer.get("country"), payer.get("vat_id"))


async def buyer_terms(
    s: AsyncSession, seller_id: int, plan: PricingPlan, payer: dict[str, str | None]
) -> tuple[PlanTerms, VatTreatment | None]:
    """The plan's terms as this buyer pays them: a net price with the VAT their invoice will carry (and that
    VAT), a gross price as it is (None: not looked up)."""
    terms = plan_terms(plan)
    if not plan.use_net_price:
        return terms, None
    vat = await buyer_vat(s, seller_id, payer)
    return priced_terms(terms, vat.rate_bp), vat


def with_coupon(terms: PlanTerms, coupon: Coupon | None) -> tuple[PlanTerms, int]:
    """The terms with the coupon taken off, and what it took off the first payment (0 without one). A coupon
    that takes the whole price off a one-time plan makes a free order (taken without a payment); one that would
    make a recurring plan's first rate free is refused (the rates to come need a payment method)."""
    if coupon is None:
        return terms, 0
    c = CouponTerms(
        coupon.value_form, coupon.value, coupon.currency, coupon.active, coupon.limit, coupon.orders_count
    )
    out, off = coupon_applied(terms, c, coupon.recurring)
    if out.first_amount <= 0 and terms.payment_type != PaymentType.one_time:
        raise DomainError(
            ErrorCode.INVALID_INPUT,
            fields={"coupon_code": "this coupon would make a recurring plan's first payment free"},
            reason="coupon_makes_free",
        )
    return out, off


async def order_created(
    s: AsyncSession,
    *,
    token: str,
    product: Product,
    plan: PricingPlan,
    payer: dict[str, str | None],
    customer_id: str,
    setup_intent_id: str | None,
    opt_in_answers: dict[str, object] | None = None,
    coupon: Coupon | None = None,
    parent: Order | None = None,
    upsell_type: AddonKind | None = None,
    opened_by: str | None = None,
    consent: str | None = None,
) -> Order:
    """A new order waiting for its payment; with `parent` and `upsell_type`, a bump or upsell of that order (order
    type `bump`): the same payer and customer, its own product, plan, price and delivery, and the consent to begin
    at once the buyer gave on its checkout. `opened_by`: the digest of the opening request's key (`order_opened_by`
    finds it). `consent`: the words of the consent to begin the delivery at once the buyer ticked, kept with now."""
    if consent is None and parent is not None:
        consent, consented_at = parent.withdrawal_consent_text, parent.withdrawal_consent_at
    else:
        consented_at = datetime.now(UTC) if consent is not None else None
    listed, _ = await buyer_terms(s, product.seller_id, plan, payer)
    terms, off = with_coupon(listed, coupon)
    order = Order(
        token=token,
        opened_by=opened_by,
        setup_intent_id=setup_intent_id,
        seller_id=product.seller_id,
        product_id=product.id,
        product_name=product.name,
        pricing_plan_id=plan.id,
        pricing_plan_name=plan.name,
        payment_state=PaymentState.payment_waiting,
        payment_form="card",
        period_type=plan.payment_type,
        total=terms.first_amount,
        terms=terms_to_json(terms) if plan.payment_type in RECURRING else None,
        paid=0,
        currency_key=plan.currency,
        payer_email=str(payer["email"]).lower(),
        payer_first_name=payer.get("first_name") or "",
        payer_last_name=payer.get("last_name") or "",
        payer_country=payer.get("country"),
        payer_company=payer.get("company"),
        payer_vat_id=payer.get("vat_id"),
        payer_leitweg_id=payer.get("leitweg_id"),
        payer_street=payer.get("street"),
        payer_street_number=payer.get("street_number"),
        payer_zip=payer.get("zip"),
        payer_city=payer.get("city"),
        payer_locale=payer.get("locale") or "en",
        provider_customer_id=customer_id,
        opt_in_answers=opt_in_answers or None,
        coupon_id=coupon.id if coupon else None,
        coupon_code=coupon.code if coupon else None,
        discount=off,
        list_terms=terms_to_json(listed) if terms != listed and plan.payment_type in RECURRING else None,
        order_type=OrderType.bump if upsell_type else OrderType.standard,
        parent_order_id=parent.id if parent else None,
        upsell_type=upsell_type,
        withdrawal_consent_text=consent,
        withdrawal_consent_at=consented_at,
        # sold the way the seller sells when it is bought (a bump or upsell: as its order was)
        via_reseller=parent.via_reseller
        if parent
        else await s.scalar(select(Seller.selling_mode).where(Seller.id == product.seller_id))
        == SellingMode.selling_via_reseller,
    )
    s.add(order)
    await s.flush()
    return order


async def upsell_order_created(
    s: AsyncSession, parent: Order, product: Product, plan: PricingPlan, kind: AddonKind
) -> Order:
    """An upsell (or downsell) of a paid order as its own order, for the same payer and customer; the one made by
    a concurrent click when there is one (one bump or upsell of a product per order: a unique index)."""
    payer: dict[str, str | None] = {
        "email": parent.payer_email,
        "first_name": parent.payer_first_name,
        "last_name": parent.payer_last_name,
        "country": parent.payer_country,
        "company": parent.payer_company,
        "vat_id": parent.payer_vat_id,
        "leitweg_id": parent.payer_leitweg_id,
        "street": parent.payer_street,
        "street_number": parent.payer_street_number,
        "zip": parent.payer_zip,
        "city": parent.payer_city,
        "locale": parent.payer_locale,
    }
    try:
        async with s.begin_nested():
            made = await order_created(
                s,
                token=new_order_token(),
                product=product,
                plan=plan,
                payer=payer,
                customer_id=parent.provider_customer_id or "",
                setup_intent_id="",
                parent=parent,
                upsell_type=kind,
            )
            if parent.affiliate:  # bought for the publisher the main order was: the same click
                vat = await buyer_vat(s, parent.seller_id, payer)
                await orders_attributed(s, [made], int(parent.affiliate["click_id"]), vat.rate_bp)
            if parent.sales_team:  # sold by the sales team member who sold the main order
                await orders_sold_by(s, [made], int(parent.sales_team["user_id"]))
            return made
    except IntegrityError:
        return next(x for x in await extras_of(s, parent.id) if x.product_id == product.id)


async def intent_recorded(
    s: AsyncSession,
    *,
    order: Order,
    attempt: int,
    provider_ref: str,
    idempotency_key: str,
    payment_method: str,
    status: str,
    amount: int | None = None,
) -> PaymentIntentRecord | None:
    """`amount`: what the intent charges (the order's total and its bumps'); the order's total by default. The
    record written, or None when the attempt was recorded already (read it with `intent_for_attempt`)."""
    written = await s.execute(
        insert(PaymentIntentRecord)
        .values(
            order_id=order.id,
            attempt=attempt,
            provider_ref=provider_ref,
            idempotency_key=idempotency_key,
            payment_method=payment_method,
            amount=order.total if amount is None else amount,
            currency=order.currency_key,
            status=status,
            created_at=datetime.now(UTC),
            updated_at=datetime.now(UTC),
        )
        .on_conflict_do_nothing()
        .returning(PaymentIntentRecord)
    )
    return written.scalar_one_or_none()


async def intent_status_changed(s: AsyncSession, provider_ref: str, status: str) -> None:
    await s.execute(
        update(PaymentIntentRecord)
        .where(PaymentIntentRecord.provider_ref == provider_ref)
        .values(status=status, updated_at=datetime.now(UTC))
    )


async def _log(
    s: AsyncSession,
    order: Order,
    *,
    state: str,
    provider_ref: str | None,
    message: str | None,
    key: str,
    log_type: str = LogType.Payment,
) -> None:
    await s.execute(
        insert(Payment)
        .values(
            order_id=order.id,
            seller_id=order.seller_id,
            type=log_type,
            state=state,
            provider=PaymentProvider.direct_bank
            if order.payment_form == PaymentMethod.bank_wire
            else PaymentProvider.stripe,
            amount=order.total,
            currency=order.currency_key,
            provider_ref=provider_ref,
            message=message,
            idempotency_key=key,
        )
        .on_conflict_do_nothing()
    )


def wire_chosen(order: Order, due_at: datetime) -> None:
    """The buyer pays by bank transfer: the order waits for it until `due_at` (`payment_pending`)."""
    order.payment_form = PaymentMethod.bank_wire
    order.wire_due_at = due_at
    if order.payment_state in CHECKOUT_OPEN_STATES:
        order.payment_state = PaymentState.payment_pending


async def _attempt_state(s: AsyncSession, token: str, to: PaymentState) -> Order:
    """The order moved to `to` if its checkout is still open, in one statement that locks its row and answers it
    (the attempt's activity read the order once already; this does not read it again)."""
    moved = await s.scalars(
        update(Order)
        .where(Order.token == token)
        .values(
            payment_state=case(
                (Order.payment_state.in_(CHECKOUT_OPEN_STATES), literal(to, Order.payment_state.type)),
                else_=Order.payment_state,
            )
        )
        .returning(Order),
        execution_options={"synchronize_session": False},
    )
    order = moved.one_or_none()
    if order is None:
        raise DomainError(ErrorCode.NOT_FOUND, "Order not found.")
    return order


async def payment_pending(s: AsyncSession, token: str, intent_id: str) -> None:
    order = await _attempt_state(s, token, PaymentState.payment_pending)
    await _log(
        s,
        order,
        state=PaymentLogState.pending,
        provider_ref=intent_id,
        message=None,
        key=payment_pending_key(token, intent_id),
    )


async def payment_denied(
    s: AsyncSession, token: str, intent_id: str | None, message: str, attempt: int
) -> None:
    """A declined or failed attempt: the log keeps the reason; the order waits for another attempt."""
    order = await _attempt_state(s, token, PaymentState.payment_waiting)
    await _log(
        s,
        order,
        state=PaymentLogState.denied,
        provider_ref=intent_id,
        message=message,
        key=attempt_denied_key(token, attempt),
    )


async def order_paid(s: AsyncSession, token: str, intent_id: str) -> Order:
    """The order paid by `intent_id`, and the bumps that charge paid with it, in one transaction."""
    order = await order_by_token(s, token, lock=True)
    for bump in await extras_of(s, order.id, bumps_only=True, lock=True):
        await _paid(s, bump, intent_id)
    await _paid(s, order, intent_id)
    await intent_status_changed(s, intent_id, "succeeded")
    if not order.total:  # a free order: no sale is booked, so it is noticed here
        await noticed(s, order.seller_id, NotificationType.free_transaction, token, order_data(order))
    return order


async def _paid(s: AsyncSession, order: Order, intent_id: str) -> None:
    token = order.token
    if paying_later(order.payment_state, order.payment_form):  # its invoice paid: sold and delivered before
        order.payment_state = PaymentState.paid
        order.paid = order.total
        order.paid_at = datetime.now(UTC)
    elif order.payment_state not in PAID_STATES:
        order.payment_state = PaymentState.paid
        order.paid = order.total
        order.paid_at = datetime.now(UTC)
        order.payment_form = await _paid_with_form(s, order, intent_id)
        if order.terms is not None:  # the card that paid the first rate pays the rates to come
            order.renewal_payment_method = (
                await s.execute(
                    select(PaymentIntentRecord.payment_method).where(
                        PaymentIntentRecord.provider_ref == intent_id
                    )
                )
            ).scalar_one_or_none()
        await s.execute(
            update(Product).where(Product.id == order.product_id).values(sold_count=Product.sold_count + 1)
        )
    await _log(
        s,
        order,
        state=PaymentLogState.successful,
        provider_ref=intent_id,
        message=None,
        key=order_event_key(token, "paid"),
    )


async def _paid_with_form(s: AsyncSession, order: Order, intent_id: str) -> PaymentMethod:
    """How the paying attempt paid: PayPal, the SEPA mandate's debit, a bank wire, or a card (the buyer may have
    chosen one way and paid another after it failed); a bump as the main order it was paid with."""
    method = (
        await s.execute(
            select(PaymentIntentRecord.payment_method).where(PaymentIntentRecord.provider_ref == intent_id)
        )
    ).scalar_one_or_none()
    if method == PaymentMethod.paypal:
        return PaymentMethod.paypal
    if method is not None:
        payer = (
            order.parent_order_id
            if order.order_type == OrderType.bump and order.parent_order_id
            else order.id
        )
        debit = await s.execute(
            select(SepaMandate.id).where(SepaMandate.order_id == payer, SepaMandate.payment_method == method)
        )
        return PaymentMethod.sepa if debit.first() else PaymentMethod.card
    return PaymentMethod(order.payment_form)  # no attempt of its own: a bank wire's transfer


async def order_started(s: AsyncSession, token: str, payment_method: str) -> Order:
    """A deferred order (a test period or a start day puts its first rate later): the card is saved, nothing is
    paid yet; the order is `paying`, its schedule counts from today, and its Subscription charges every rate."""
    order = await order_by_token(s, token, lock=True)
    if order.payment_state in CHECKOUT_OPEN_STATES:
        order.payment_state = PaymentState.paying
        order.started_on = datetime.now(UTC).date()
        order.renewal_payment_method = payment_method
        await s.execute(
            update(Product).where(Product.id == order.product_id).values(sold_count=Product.sold_count + 1)
        )
    return order


async def checkout_expired(s: AsyncSession, token: str) -> None:
    """The checkout ended unpaid: the order and its bumps are not completed, and what they set aside goes back."""
    order = await order_by_token(s, token, lock=True)
    for o in [*await extras_of(s, order.id, bumps_only=True, lock=True), order]:
        if o.payment_state in (PaymentState.payment_waiting, PaymentState.payment_pending):
            o.payment_state = PaymentState.payment_not_completed
        await key_released(s, o)
        await ticket_released(s, o)
    await coupon_use_released(s, order)


async def invoice_issued(token: str, pay_by: Callable[[Order], dict[str, str]] | None = None) -> int:
    """The paid order's invoice (its first rate's, for a recurring plan), once, with the seller's next gapless
    number (`invoice_numbered`): its number. An order paid later has it unpaid at first, saying what `pay_by`
    gives for it (when, where and with which reference to pay)."""
    async with session() as s:
        order = await order_by_token(s, token)
        later = paying_later(order.payment_state, order.payment_form)
        coupon = [discount_line(order.discount, order.coupon_code)] if order.discount else []
        bumps = [bump_line(b.total, b.product_name) for b in await extras_of(s, order.id, bumps_only=True)]
        snap = await snapshot_now(s, order, order.product_name, extra_lines=coupon + bumps)
        document = replace(snap, pay_by=pay_by(order)).to_json() if later and pay_by else snap.to_json()
    return await invoice_numbered(
        InvoiceDraft(
            (Invoice.order_id == order.id) & (Invoice.form == InvoiceForm.regular) & (Invoice.rate == 1),
            {
                "seller_id": order.seller_id,
                "order_id": order.id,
                "form": InvoiceForm.regular,
                "rate": 1,
                "state": InvoiceState.unpaid if later else InvoiceState.paid,
                "total": order.total + sum(int(x["amount"]) for x in bumps),
                "currency": order.currency_key,
                "document": document,
            },
        )
    )


async def sale_booked(s: AsyncSession, token: str) -> None:
    """The paid order in the ledger (sale and the platform fee of the seller's plan, summing to zero) and the
    seller's `sale` transfer row the order view shows; once per order, however often it is retried."""
    order = await order_by_token(s, token)
    for bump in await extras_of(s, order.id, bumps_only=True):
        await money_booked(s, bump, bump.token, bump.total)
    await money_booked(s, order, token, order.total)


async def money_booked(s: AsyncSession, order: Order, ref: str, amount: int, rate_no: int = 1) -> None:
    """`amount` of `order` as a sale (`ref`: the order token, or `{token}-rate-{n}` for a subscription's rate): the
    ledger entries of `sale_entries`, the commissions a referred order's payment earns, and the `sale` transfer
    row, under keys built from `ref`, so booked once."""
    seller_id = order.seller_id
    fee = platform_fee(amount, await fee_rate_of(s, seller_id))
    await entries_booked(s, sale_entries(ref, seller_id, amount, fee, order.currency_key), order_id=order.id)
    await commissions_booked(s, order, ref, rate_no, amount)
    kind = EventType.order_paid if rate_no == 1 else EventType.rate_paid
    data = order_data(order, amount=amount, rate=rate_no)
    await event_recorded(s, seller_id, kind, ref, data)
    if amount:
        await noticed(s, seller_id, NotificationType.paid_transaction, ref, data)
    await s.execute(
        insert(Transfer)
        .values(
            seller_id=order.seller_id,
            order_id=order.id,
            form=TransferForm.sale,
            state=PaymentLogState.successful,
            amount=amount,
            currency=order.currency_key,
            idempotency_key=order_event_key(ref, "sale"),
        )
        .on_conflict_do_nothing()
    )


async def access_granted(s: AsyncSession, order: Order) -> Access:
    """The payer's access to a paid order (once: a second grant finds the first)."""
    product = await s.get(Product, order.product_id)
    await s.execute(
        insert(Access)
        .values(
            order_id=order.id, token=secrets.token_urlsafe(24), file_id=product.file_id if product else None
        )
        .on_conflict_do_nothing()
    )
    return (await s.execute(select(Access).where(Access.order_id == order.id))).scalar_one()


def download_counted(access: Access) -> None:
    access.download_count += 1


async def setup_renewed(s: AsyncSession, order: Order) -> int:
    """Another card on the same checkout page: the number of the order's next SetupIntent (row locked)."""
    locked = await order_by_token(s, order.token, lock=True)
    locked.setup_attempts += 1
    return locked.setup_attempts


def setup_intent_recorded(order: Order, setup_intent_id: str) -> None:
    order.setup_intent_id = setup_intent_id
