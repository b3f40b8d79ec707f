"""Checkout activities. Short steps on the buyer's path run as local activities (see workflows/checkout.py).

Exactly-once charging: the PaymentIntent of (order, attempt) is created with an idempotency key, recorded in
PostgreSQL (unique per order and attempt), and only then confirmed. A retry — a worker killed mid-step, a
repeated pay request — finds the recorded intent and asks Stripe for its state instead of charging again.
"""

from __future__ import annotations

import time

import stripe
import structlog
from temporalio import activity
from temporalio.exceptions import ApplicationError

from activities.mail import deliver
from domain.checkout import EnsureIntent, IntentStatus
from domain.mail import MailTemplate, OutgoingMail
from domain.money import format_money
from domain.orders import PaymentState
from providers.mail.smtp import SmtpMailer
from providers.stripe import client as gw
from providers.stripe.errors import ProviderDeclined
from sellflow.settings import get_settings
from store.accounts.queries import seller_user_of
from store.db import session
from store.orders.actions import (
    access_granted,
    checkout_expired,
    intent_recorded,
    intent_status_changed,
    invoice_issued,
    order_paid,
    payment_denied,
    payment_pending,
    sale_booked,
)
from store.orders.queries import (
    access_of_order,
    intent_for_attempt,
    invoice_of_order,
    latest_intent,
    order_by_token,
)

log = structlog.get_logger()


def _status(intent: gw.Intent, attempt: int) -> IntentStatus:
    return IntentStatus(
        intent_id=intent.id,
        status=intent.status,
        attempt=attempt,
        client_secret=intent.client_secret,
        error_message=intent.error_message,
    )


def _non_retryable(e: stripe.StripeError) -> ApplicationError:
    return ApplicationError(
        f"provider refused: {e.user_message or e}", type="ProviderRefused", non_retryable=True
    )


async def _after(token: str, st: IntentStatus) -> IntentStatus:
    """Record what the attempt's state means for the order (pending 3-D Secure, or denied). A success is
    recorded by `record_order_paid`, off the buyer's path."""
    if st.status == "succeeded":
        return st
    async with session() as s:
        await intent_status_changed(s, st.intent_id, st.status)
        if st.status in ("requires_action", "processing"):
            await payment_pending(s, token, st.intent_id)
        elif st.status in ("requires_payment_method", "canceled"):
            await payment_denied(
                s, token, st.intent_id, st.error_message or "The payment failed.", st.attempt
            )
    return st


@activity.defn
async def ensure_payment_intent(req: EnsureIntent) -> IntentStatus:
    started = time.perf_counter()
    try:
        return await _ensure(req)
    finally:
        log.info(
            "payment_step_done",
            order_token=req.order_token,
            attempt=req.attempt,
            duration_ms=round((time.perf_counter() - started) * 1000, 1),
        )


async def _ensure(req: EnsureIntent) -> IntentStatus:
    token, attempt = req.order_token, req.attempt
    bound = log.bind(order_token=token, workflow_id=activity.info().workflow_id, attempt=attempt)
    async with session() as s:
        order = await order_by_token(s, token)
        rec = await intent_for_attempt(s, order.id, attempt)
        amount, currency, customer = order.total, order.currency_key, order.provider_customer_id
    ref = rec.provider_ref if rec else ""
    try:
        if rec is None:
            key = f"order-{token}-pi-{attempt}"
            intent = await gw.create_payment_intent(
                order_token=token,
                attempt=attempt,
                amount=amount,
                currency=currency,
                customer_id=customer or "",
                payment_method=req.payment_method,
                idempotency_key=key,
            )
            async with session() as s:
                order = await order_by_token(s, token)
                await intent_recorded(
                    s,
                    order=order,
                    attempt=attempt,
                    provider_ref=intent.id,
                    idempotency_key=key,
                    payment_method=req.payment_method,
                    status=intent.status,
                )
                rec = await intent_for_attempt(s, order.id, attempt)
            assert rec is not None
            ref = rec.provider_ref
            if ref != intent.id:  # another attempt recorded first: only the recorded intent is ever confirmed
                intent = await gw.retrieve_payment_intent(ref)
            bound.info("payment_intent_recorded", intent_id=ref)
        else:
            intent = await gw.retrieve_payment_intent(ref)
        if intent.status == "requires_confirmation":
            intent = await gw.confirm_payment_intent(ref, f"order-{token}-pi-{attempt}-confirm")
    except ProviderDeclined as e:
        bound.info("payment_declined", reason=e.message)
        st = IntentStatus(
            intent_id=e.intent_id or ref,
            status="requires_payment_method",
            attempt=attempt,
            error_message=e.message,
        )
        return await _after(token, st)
    except stripe.StripeError as e:
        if e.http_status and 400 <= e.http_status < 500:
            raise _non_retryable(e) from e
        raise
    return await _after(token, _status(intent, attempt))


@activity.defn
async def refresh_payment_intent(order_token: str) -> IntentStatus:
    """Believe only Stripe: retrieve the order's latest PaymentIntent and record its state."""
    async with session() as s:
        order = await order_by_token(s, order_token)
        rec = await latest_intent(s, order.id)
    if rec is None:
        raise ApplicationError("order has no payment intent", type="NoIntent", non_retryable=True)
    intent = await gw.retrieve_payment_intent(rec.provider_ref)
    return await _after(order_token, _status(intent, rec.attempt))


@activity.defn
async def cancel_payment_intent(order_token: str) -> IntentStatus:
    """The buyer pays with another card while the last attempt still waits for 3-D Secure: that attempt is
    cancelled first, so that at most one attempt can ever take money."""
    async with session() as s:
        order = await order_by_token(s, order_token)
        rec = await latest_intent(s, order.id)
    if rec is None:
        raise ApplicationError("order has no payment intent", type="NoIntent", non_retryable=True)
    intent = await gw.cancel_payment_intent(rec.provider_ref, f"order-{order_token}-pi-{rec.attempt}-cancel")
    log.info("payment_intent_canceled", order_token=order_token, intent_id=intent.id, status=intent.status)
    st = _status(intent, rec.attempt)
    if st.status == "canceled":
        st.error_message = "Replaced by a new payment attempt."
    return await _after(order_token, st)


@activity.defn
async def record_order_paid(args: list[str]) -> str:
    token, intent_id = args
    async with session() as s:
        order = await order_paid(s, token, intent_id)
    log.info("order_paid_recorded", order_token=token, intent_id=intent_id)
    return order.payment_state


@activity.defn
async def issue_invoice(order_token: str) -> int:
    async with session() as s:
        number = (await invoice_issued(s, order_token)).number
    log.info("invoice_issued", order_token=order_token, invoice_number=number)
    return number


@activity.defn
async def book_seller_balance(order_token: str) -> None:
    async with session() as s:
        await sale_booked(s, order_token)
    log.info("sale_booked", order_token=order_token)


@activity.defn
async def grant_access(order_token: str) -> str:
    async with session() as s:
        access = await access_granted(s, order_token)
    log.info("access_granted", order_token=order_token)
    return access.token


@activity.defn
async def expire_checkout(order_token: str) -> None:
    async with session() as s:
        await checkout_expired(s, order_token)


@activity.defn
async def send_order_mails(order_token: str) -> int:
    """The payer's confirmation (with the download link) and the seller's sale mail. Reads only: the invoice
    and the access were made by the steps before this one."""
    base = get_settings().public_url
    async with session() as s:
        order = await order_by_token(s, order_token)
        access = await access_of_order(s, order.id)
        invoice = await invoice_of_order(s, order.id)
        seller_user = await seller_user_of(s, order.seller_id)
    if order.payment_state != PaymentState.paid:
        raise ApplicationError("order is not paid", type="NotPaid", non_retryable=True)
    if access is None or invoice is None:
        raise ApplicationError("order is not fulfilled yet", type="NotFulfilled")
    price = format_money(order.total, order.currency_key)
    mails = [
        OutgoingMail(
            key=f"order-{order_token}-payer-confirmation",
            to=order.payer_email,
            template=MailTemplate.order_confirmation,
            context={
                "first_name": order.payer_first_name,
                "product_name": order.product_name,
                "price": price,
                "invoice_number": str(invoice.number),
                "download_url": f"{base}/v1/shop/downloads/{access.token}",
                "order_token": order_token,
            },
        )
    ]
    if seller_user:
        mails.append(
            OutgoingMail(
                key=f"order-{order_token}-seller-sale",
                to=seller_user.email,
                template=MailTemplate.order_sale,
                locale=seller_user.locale,
                context={
                    "product_name": order.product_name,
                    "price": price,
                    "payer_email": order.payer_email,
                    "order_url": f"{base}/cabinet/orders/{order_token}",
                },
            )
        )
    mailer = SmtpMailer.from_settings()
    sent = sum([await deliver(mailer, m) for m in mails])
    log.info("order_mails_sent", order_token=order_token, sent_now=sent)
    return sent


ALL = [
    ensure_payment_intent,
    refresh_payment_intent,
    cancel_payment_intent,
    record_order_paid,
    issue_invoice,
    book_seller_balance,
    grant_access,
    expire_checkout,
    send_order_mails,
]
