"""Checkout activities, one idempotent side effect each, as methods of one class with its providers injected
(the worker passes the real Stripe gateway and mailer; tests pass fakes). The payment steps run as local
activities on the buyer's path (see workflows/checkout.py).

Exactly-once charging: the PaymentIntent of (order, attempt) is created with an idempotency key, recorded in
PostgreSQL (unique per order and attempt), and only then confirmed. A retry (a worker killed mid-step, a
repeated pay request) finds the recorded intent and asks the provider for its state instead of charging again.
The workflow sees Sellflow's `PayOutcome`, never the provider's statuses.
"""

from __future__ import annotations

import time
from datetime import datetime

import structlog
from sqlalchemy.ext.asyncio import AsyncSession
from temporalio import activity
from temporalio.exceptions import ApplicationError

from activities.checkout_mails import order_mails
from activities.gateways import card
from activities.gateways.attempts import attempt_flow, flow_of, recorded
from activities.gateways.paypal import paypal_cancel, paypal_order, paypal_refresh
from activities.mail import deliver
from core.settings import get_settings
from domain.catalog.addons import AddonKind
from domain.keys import (
    order_event_key,
    payment_intent_key,
)
from domain.mail import MailTemplate, OutgoingMail, mail_date
from domain.money import format_money
from domain.notifications import NotificationType
from domain.orders.checkout import (
    AccessGranted,
    CardSaved,
    EnsureIntent,
    IntentStatus,
    InvoiceIssued,
    LateTransfer,
    LateTransferBooked,
    MailsSent,
    OrderPaid,
    OrderStep,
    PayOutcome,
    TransferReturns,
    WireInstructions,
    WireMail,
    WireStart,
)
from domain.orders.orders import PAID_STATES, PaymentMethod
from domain.payments.gateways import Flow
from domain.payments.rules import wire_reference
from providers.mail.smtp import Mailer
from providers.paypal.client import PayPalPayments
from providers.stripe.client import CheckoutIntents, Intent, SepaMandate
from providers.stripe.errors import ProviderRefused
from store.accounts.queries import seller_user_of
from store.catalog.certificates import certificate_issued
from store.catalog.license_keys import order_goods_reserved
from store.catalog.models import Product
from store.db import session
from store.notifications.actions import noticed
from store.orders.actions import (
    access_granted,
    checkout_expired,
    intent_recorded,
    invoice_issued,
    order_paid,
    order_started,
    payment_denied,
    sale_booked,
    wire_chosen,
)
from store.orders.bank_wire import transfers_returned
from store.orders.coupon_uses import coupon_use_held
from store.orders.models import Order
from store.orders.pay_later import (
    late_transfer_booked,
    paid_later,
    pay_later_chosen,
    pay_later_overdue,
    pay_later_settled,
)
from store.orders.queries import (
    charged_total,
    extras_of,
    intent_for_attempt,
    latest_intent,
    order_by_token,
)
from store.orders.sepa import mandate_of
from store.seller_webhooks.actions import order_data

log = structlog.get_logger()
SOLD_OUT = "This product is sold out."
COUPON_USED_UP = "This coupon has been used up."


def transfer_terms(order: Order) -> dict[str, str]:
    """How an order paid by transfer is paid: its due day, the collection account and the order's reference (the
    invoice of an order paid later, and the reminders of its claim)."""
    settings = get_settings()
    return {
        "due": order.wire_due_at.date().isoformat() if order.wire_due_at else "",
        "holder": settings.wire_holder,
        "iban": settings.wire_iban,
        "bic": settings.wire_bic,
        "reference": wire_reference(order.token),
    }


async def order_page_url(s: AsyncSession, order: Order) -> str:
    """The buyer's page of the order (the checkout's thank-you page): what was bought, and how to pay what is
    still open."""
    seller = await seller_user_of(s, order.seller_id)
    product = await s.get(Product, order.product_id)
    return (
        f"{get_settings().public_url}/s/{seller.username if seller else ''}/{product.slug if product else ''}"
        f"/thank_you/{order.token}"
    )


async def _goods_reserved(s: AsyncSession, orders: list[Order]) -> bool:
    """A license key or seat set aside for each order that needs one; False (and nothing charged) when one has
    none left. What the others set aside goes back when the checkout expires."""
    for o in orders:
        if not await order_goods_reserved(s, o):
            return False
    return True


def _refused(e: ProviderRefused) -> ApplicationError:
    return ApplicationError(f"provider refused: {e.message}", type="ProviderRefused", non_retryable=True)


class CheckoutActivities:
    def __init__(
        self, payments: CheckoutIntents, mailer: Mailer, paypal: PayPalPayments | None = None
    ) -> None:
        self.payments = payments
        self.mailer = mailer
        self.paypal = paypal

    # ----- the payment steps (local activities) ------------------------------------------------------------
    @activity.defn
    async def ensure_payment_intent(self, req: EnsureIntent) -> IntentStatus:
        started = time.perf_counter()
        try:
            return await self._ensure(req)
        except ProviderRefused as e:
            raise _refused(e) from e
        finally:
            log.info(
                "payment_step_done",
                order_token=req.order_token,
                attempt=req.attempt,
                duration_ms=round((time.perf_counter() - started) * 1000, 1),
            )

    async def _ensure(self, req: EnsureIntent) -> IntentStatus:
        token, attempt = req.order_token, req.attempt
        flow = flow_of(req.kind)  # how this method's payment flows: the gateway says, not the method's name
        bound = log.bind(order_token=token, workflow_id=activity.info().workflow_id, attempt=attempt)
        async with session() as s:
            order = await order_by_token(s, token)
            rec = await intent_for_attempt(s, order.id, attempt)
            bumps = await extras_of(s, order.id, bumps_only=True)
            # one charge for the order and the bumps ticked with it
            amount = order.total + sum(b.total for b in bumps)
            currency = order.currency_key
            # an upsell is charged with the card that paid its order while the buyer is on the thank-you page:
            # as a merchant-initiated payment, so no second 3-D Secure challenge where the bank allows it
            off_session = order.upsell_type in (AddonKind.upsell, AddonKind.downsell)
            # the coupon's use and a license key or seat are set aside before any money moves (the bumps' too):
            # the last of each goes to one buyer
            coupon_ok = rec is not None or await coupon_use_held(s, order)
            ready = coupon_ok and (rec is not None or await _goods_reserved(s, [order, *bumps]))
            sepa = flow is Flow.debit
            signed = await mandate_of(s, order.id) if sepa else None
            mandate = SepaMandate(signed.ip_address, signed.user_agent) if signed else None
            # the card PaymentIntent made when the checkout opened: the first card attempt confirms it
            prepared = order.prepared_intent_id if attempt == 1 and flow is Flow.card else None
            fresh = rec is None and bool(prepared) and ready  # claimed by this run: nothing confirmed it yet
            if fresh and prepared:
                rec = await intent_recorded(
                    s,
                    order=order,
                    attempt=attempt,
                    provider_ref=prepared,
                    idempotency_key=payment_intent_key(token, attempt, "prepared"),
                    payment_method=req.payment_method,
                    status="requires_payment_method",
                    amount=amount,
                ) or await intent_for_attempt(s, order.id, attempt)
                if rec is None:
                    raise ApplicationError("payment intent not recorded", type="NotRecorded")
        if not ready:
            why = SOLD_OUT if coupon_ok else COUPON_USED_UP
            bound.info("sold_out" if coupon_ok else "coupon_used_up")
            return await recorded(token, Intent.declined(req.payment_method, why, amount, currency), attempt)
        if flow is Flow.redirect:
            return await paypal_order(self._paypal(), order, attempt, amount, rec)
        chosen = card.CardAttempt(
            order=order,
            attempt=attempt,
            amount=amount,
            payment_method=req.payment_method,
            rec=rec,
            prepared=prepared,
            fresh=fresh,
            sepa=sepa,
            mandate=mandate,
            off_session=off_session,
        )
        return await card.charge(self.payments, chosen, activity.info().workflow_id or "")

    def _paypal(self) -> PayPalPayments:
        if self.paypal is None:
            raise ApplicationError("PayPal is not configured", type="NoPayPal", non_retryable=True)
        return self.paypal

    @activity.defn
    async def reserve_free(self, req: OrderStep) -> IntentStatus:
        """A free order is taken once its coupon's use and its goods are set aside (the last of each to one
        buyer, as for a paid order); nothing is asked of a payment provider."""
        token = req.order_token
        ref = f"free-{token}"
        async with session() as s:
            order = await order_by_token(s, token, lock=True)
            if order.payment_state in PAID_STATES:
                return IntentStatus(intent_id=ref, outcome=PayOutcome.succeeded, attempt=0)
            coupon_ok = await coupon_use_held(s, order)
            ready = coupon_ok and await order_goods_reserved(s, order)
            if ready:
                order.payment_form = PaymentMethod.not_assigned
        if not ready:
            why = SOLD_OUT if coupon_ok else COUPON_USED_UP
            async with session() as s:
                await payment_denied(s, token, ref, why, 1)
            return IntentStatus(intent_id=ref, outcome=PayOutcome.failed, attempt=1, error_message=why)
        log.info("free_order_taken", order_token=token)
        return IntentStatus(intent_id=ref, outcome=PayOutcome.succeeded, attempt=0)

    @activity.defn
    async def save_card(self, req: EnsureIntent) -> IntentStatus:
        """A deferred order (test period, start day): nothing is charged; the attempt succeeds when the checkout
        page's SetupIntent saved this very card, and fails (the buyer may enter it again) otherwise."""
        async with session() as s:
            order = await order_by_token(s, req.order_token)
            setup = order.setup_intent_id or ""
            coupon_ok = await coupon_use_held(s, order)
            ready = coupon_ok and await order_goods_reserved(s, order)
        if not ready:
            why = SOLD_OUT if coupon_ok else COUPON_USED_UP
            async with session() as s:
                await payment_denied(s, req.order_token, setup, why, req.attempt)
            return IntentStatus(
                intent_id=setup, outcome=PayOutcome.failed, attempt=req.attempt, error_message=why
            )
        try:
            saved = await self.payments.setup_payment_method(setup) if setup else None
        except ProviderRefused as e:
            raise _refused(e) from e
        if saved is not None and saved == req.payment_method:
            log.info("card_saved", order_token=req.order_token, attempt=req.attempt)
            return IntentStatus(intent_id=setup, outcome=PayOutcome.succeeded, attempt=req.attempt)
        message = "The card was not saved. Please enter it again."
        async with session() as s:
            await payment_denied(s, req.order_token, setup, message, req.attempt)
        return IntentStatus(
            intent_id=setup, outcome=PayOutcome.failed, attempt=req.attempt, error_message=message
        )

    @activity.defn
    async def start_wire(self, req: WireStart) -> WireInstructions:
        """The buyer pays by bank wire: the order's license keys or seats and the coupon's use set aside now (as
        before a card payment), the order marked as paid by transfer, and what to transfer where."""
        return await self._transfer_chosen(req, later=False)

    @activity.defn
    async def start_pay_later(self, req: WireStart) -> WireInstructions:
        """The buyer pays later: the goods and the coupon's use set aside now, the order (and its bumps) sold and
        delivered on the promise (`paying`) with its one rate due on the day, and what to transfer where."""
        return await self._transfer_chosen(req, later=True)

    async def _transfer_chosen(self, req: WireStart, *, later: bool) -> WireInstructions:
        settings = get_settings()
        async with session() as s:
            order = await order_by_token(s, req.order_token, lock=True)
            bumps = await extras_of(s, order.id, bumps_only=True)
            amount = await charged_total(s, order)
            told = WireInstructions(
                order_token=order.token,
                amount=amount,
                currency=order.currency_key,
                reference=wire_reference(order.token),
                iban=settings.wire_iban,
                bic=settings.wire_bic,
                holder=settings.wire_holder,
                later=later,
            )
            coupon_ok = await coupon_use_held(s, order)
            if not coupon_ok or not await _goods_reserved(s, [order, *bumps]):
                told.refused = SOLD_OUT if coupon_ok else COUPON_USED_UP
                return told
            due = datetime.fromisoformat(req.due_at)
            if later:
                for bump in bumps:
                    await pay_later_chosen(s, bump, due, None)
                await pay_later_chosen(s, order, due, amount)
            else:
                wire_chosen(order, due)
        log.info("pay_later_chosen" if later else "wire_chosen", order_token=req.order_token, amount=amount)
        return told

    @activity.defn
    async def pay_later_overdue(self, req: OrderStep) -> int:
        """The invoice's day passed unpaid: its rate unpaid, the access paused until it is paid. What is owed."""
        async with session() as s:
            owed = await pay_later_overdue(s, req.order_token, "The invoice was not paid by its due day.")
        log.info("pay_later_overdue", order_token=req.order_token, owed=owed)
        return owed

    @activity.defn
    async def book_late_transfer(self, req: LateTransfer) -> LateTransferBooked:
        """A transfer after the invoice's day: a part of the overdue rate, booked once per bank event; above what
        was still owed, owed back to the payer."""
        async with session() as s:
            full, returned = await late_transfer_booked(s, req.order_token, req.event_id, req.amount)
        log.info(
            "late_transfer_booked",
            order_token=req.order_token,
            event_id=req.event_id,
            paid_in_full=full,
            returned=returned,
        )
        return LateTransferBooked(paid_in_full=full, returned=returned)

    @activity.defn
    async def record_transfer_returns(self, req: TransferReturns) -> None:
        """The parts of transfers that paid nothing, owed back to their payers (listed for the managers)."""
        async with session() as s:
            await transfers_returned(s, req.returns)
        log.info("transfer_returns_recorded", order_token=req.order_token, returns=req.returns)

    @activity.defn
    async def settle_pay_later(self, req: OrderStep) -> str:
        """The claim of an unpaid invoice ended: the order paid if its rate is. The order's payment state."""
        async with session() as s:
            return await pay_later_settled(s, req.order_token)

    @activity.defn
    async def send_wire_mail(self, req: WireMail) -> None:
        """The bank wire's instructions (n = 0) or a reminder: once each (the mail's key names it)."""
        w = req.instructions
        async with session() as s:
            order = await order_by_token(s, w.order_token)
            order_url = await order_page_url(s, order)
            if req.n == 0:  # the order is placed and waits for the buyer's money: the seller hears of it
                data = order_data(
                    order,
                    amount=w.amount,
                    method=(PaymentMethod.pay_later if w.later else PaymentMethod.bank_wire).value,
                    due=w.due_at or "",
                )
                await noticed(s, order.seller_id, NotificationType.order_created, w.order_token, data)
        due = mail_date(datetime.fromisoformat(w.due_at).date(), order.payer_locale) if w.due_at else ""
        mail = OutgoingMail(
            key=order_event_key(w.order_token, f"wire-mail-{req.n}"),
            to=order.payer_email,
            template=(
                (MailTemplate.pay_later_instructions if req.n == 0 else MailTemplate.pay_later_reminder)
                if w.later
                else (MailTemplate.wire_instructions if req.n == 0 else MailTemplate.wire_reminder)
            ),
            locale=order.payer_locale,
            context={
                "first_name": order.payer_first_name,
                "product_name": order.product_name,
                "amount": format_money(w.amount, w.currency, order.payer_locale),
                "due": due,
                "holder": w.holder,
                "iban": w.iban,
                "bic": w.bic,
                "reference": w.reference,
                "order_token": w.order_token,
                # the thank-you page, which shows the same instructions until the transfer arrives
                "order_url": order_url,
            },
        )
        await deliver(self.mailer, mail)

    @activity.defn
    async def refresh_payment_intent(self, req: OrderStep) -> IntentStatus:
        """Believe only the provider: retrieve the order's latest PaymentIntent and record its state."""
        async with session() as s:
            order = await order_by_token(s, req.order_token)
            rec = await latest_intent(s, order.id)
        if rec is None:
            raise ApplicationError("order has no payment intent", type="NoIntent", non_retryable=True)
        if attempt_flow(rec) is Flow.redirect:
            return await paypal_refresh(self._paypal(), req.order_token, rec)
        return await card.refresh(self.payments, req.order_token, rec)

    @activity.defn
    async def cancel_payment_intent(self, req: OrderStep) -> IntentStatus:
        """The buyer pays with another card while the last attempt still waits for 3-D Secure: that attempt is
        cancelled first, so that at most one attempt can ever take money."""
        token = req.order_token
        async with session() as s:
            order = await order_by_token(s, token)
            rec = await latest_intent(s, order.id)
        if rec is None:
            raise ApplicationError("order has no payment intent", type="NoIntent", non_retryable=True)
        if attempt_flow(rec) is Flow.redirect and self.paypal is not None:
            return await paypal_cancel(self.paypal, token, rec)
        return await card.cancel(self.payments, token, rec)

    @activity.defn
    async def expire_checkout(self, req: OrderStep) -> None:
        async with session() as s:
            await checkout_expired(s, req.order_token)

    # ----- fulfilment (regular activities) ---------------------------------------------------------------
    @activity.defn
    async def record_order_paid(self, req: OrderPaid) -> None:
        async with session() as s:
            order = await order_paid(s, req.order_token, req.intent_id)
            if order.payment_form == PaymentMethod.pay_later:  # the invoice paid: its rate too, access back
                await paid_later(s, order)
        log.info("order_paid_recorded", order_token=req.order_token, intent_id=req.intent_id)

    @activity.defn
    async def record_order_started(self, req: CardSaved) -> None:
        async with session() as s:
            await order_started(s, req.order_token, req.payment_method)
        log.info("order_started_recorded", order_token=req.order_token, setup_intent_id=req.setup_intent_id)

    @activity.defn
    async def issue_invoice(self, req: OrderStep) -> InvoiceIssued:
        """The order's invoice, once: paid, or to be paid later by the due day it names with the transfer's
        account and reference."""
        number = await invoice_issued(req.order_token, transfer_terms)
        log.info("invoice_issued", order_token=req.order_token, invoice_number=number)
        return InvoiceIssued(number=number)

    @activity.defn
    async def book_seller_balance(self, req: OrderStep) -> None:
        async with session() as s:
            await sale_booked(s, req.order_token)
        log.info("sale_booked", order_token=req.order_token)

    @activity.defn
    async def grant_access(self, req: OrderStep) -> AccessGranted:
        """The payer's access, and for a license-key product the key set aside when they paid. A paid order whose
        key is missing (none was free) retries until the seller adds keys: the order is never dropped."""
        async with session() as s:
            order = await order_by_token(s, req.order_token)
            bumps = (
                await extras_of(s, order.id, bumps_only=True) if order.payment_state in PAID_STATES else []
            )
            for o in [*bumps, order]:  # the bumps paid with it are delivered with it
                if not await order_goods_reserved(s, o):
                    raise ApplicationError("no license key left for a paid order", type="NoKeyLeft")
                access = await access_granted(s, o)
                await certificate_issued(s, o)  # a certificate whose rule is the purchase: issued once, now
        log.info("access_granted", order_token=req.order_token)
        return AccessGranted(access_token=access.token)

    @activity.defn
    async def send_order_mails(self, req: OrderStep) -> MailsSent:
        """The payer's confirmation (with the download link) and the seller's sale mail. Reads only: the
        invoice and the access were made by the steps before this one."""
        return await order_mails(self.mailer, req.order_token)
