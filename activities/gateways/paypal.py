"""PayPal (core §9 method paypal; `Flow.redirect`): an order per attempt at PayPal, approved by the buyer at PayPal's
site and captured when they come back; each call once, by its PayPal-Request-Id made from the order and attempt. An
order not captured moves no money (cancelling it is leaving it); the money goes back as a refund of the capture."""

from __future__ import annotations

import structlog
from temporalio.exceptions import ApplicationError

from activities.gateways.attempts import PAYPAL, REPLACED, Back, recorded
from core.settings import get_settings
from domain.keys import paypal_capture_key, paypal_order_key
from domain.ledger.refunds import ProviderAnswer
from domain.orders.checkout import IntentStatus
from providers.paypal.client import PayPalOrder, PayPalPayments, PayPalRefused
from providers.stripe.client import Intent
from store.accounts.queries import seller_user_of
from store.catalog.models import Product
from store.db import session
from store.orders.actions import intent_recorded
from store.orders.models import Order, PaymentIntentRecord
from store.orders.queries import intent_for_attempt

log = structlog.get_logger()
PAYPAL_DECLINED = "PayPal declined this payment. Please choose another way to pay."
_PAYPAL_STATUS = {"COMPLETED": "succeeded", "VOIDED": "canceled"}  # any other: the buyer still has to approve


def paypal_intent(o: PayPalOrder, amount: int, currency: str) -> Intent:
    """A PayPal order in the words of a payment attempt: the approval link is what the buyer follows next."""
    status = _PAYPAL_STATUS.get(o.status, "requires_action")
    return Intent(
        o.id, status, o.approve_url if status == "requires_action" else None, None, amount, currency
    )


async def paypal_order(
    paypal: PayPalPayments,
    order: Order,
    attempt: int,
    amount: int,
    rec: PaymentIntentRecord | None,
) -> IntentStatus:
    """The attempt's PayPal order, created once (PayPal-Request-Id from the order and attempt) and recorded like
    a PaymentIntent; the buyer approves it at PayPal, and `paypal_refresh` captures it. `order`: as the step read
    it (not read again here)."""
    token, currency = order.token, order.currency_key
    try:
        if rec is None:
            async with session() as s:
                seller = await seller_user_of(s, order.seller_id)
                product = await s.get(Product, order.product_id)
            # the buyer comes back here from PayPal (the shop's page that finishes the payment)
            username = seller.username if seller and seller.username else ""
            slug = product.slug if product else "-"
            back = f"{get_settings().public_url}/s/{username}/{slug}/paypal/{token}"
            created = await paypal.create_order(
                order_token=token,
                amount=amount,
                currency=currency,
                return_url=back,
                cancel_url=f"{back}?cancel=1",
                request_id=paypal_order_key(token, attempt),
            )
            async with session() as s:
                await intent_recorded(
                    s,
                    order=order,
                    attempt=attempt,
                    provider_ref=created.id,
                    idempotency_key=paypal_order_key(token, attempt),
                    payment_method=PAYPAL,
                    status="requires_action",
                    amount=amount,
                )
                rec = await intent_for_attempt(s, order.id, attempt)
            if rec is None:
                raise ApplicationError("paypal order not recorded", type="NotRecorded")
        found = await paypal.get_order(rec.provider_ref)
    except PayPalRefused as e:
        raise ApplicationError(
            f"PayPal refused: {e.message}", type="ProviderRefused", non_retryable=True
        ) from e
    return await recorded(token, paypal_intent(found, amount, currency), attempt)


async def paypal_refresh(paypal: PayPalPayments, token: str, rec: PaymentIntentRecord) -> IntentStatus:
    """An approved PayPal order is captured (once: PayPal-Request-Id from the order and attempt); a captured
    one is paid; a declined funding source fails the attempt, and the buyer may pay another way."""
    try:
        found = await paypal.get_order(rec.provider_ref)
        if found.status == "APPROVED":
            found = await paypal.capture(rec.provider_ref, paypal_capture_key(token, rec.attempt))
    except PayPalRefused as e:
        if e.status and e.status < 500 and e.issue not in ("ORDER_NOT_APPROVED",):
            log.info("paypal_declined", order_token=token, issue=e.issue)
            declined = Intent.declined(rec.provider_ref, PAYPAL_DECLINED, rec.amount, rec.currency)
            return await recorded(token, declined, rec.attempt)
        raise ApplicationError(f"PayPal refused: {e.message}", type="ProviderRefused") from e
    return await recorded(token, paypal_intent(found, rec.amount, rec.currency), rec.attempt)


async def paypal_cancel(paypal: PayPalPayments, token: str, rec: PaymentIntentRecord) -> IntentStatus:
    """The buyer pays another way while the PayPal attempt waits: an order PayPal completed stays paid; one not
    captured is simply left (it moves no money)."""
    found = await paypal.get_order(rec.provider_ref)
    if found.status == "COMPLETED":
        return await recorded(token, paypal_intent(found, rec.amount, rec.currency), rec.attempt)
    left = Intent(rec.provider_ref, "canceled", None, None, rec.amount, rec.currency)
    return await recorded(token, left, rec.attempt, REPLACED)


async def paypal_refund(paypal: PayPalPayments | None, back: Back) -> ProviderAnswer:
    """The money back to the PayPal account it came from: a refund of the order's capture, once (PayPal-Request-Id
    from the refund's business key)."""
    if paypal is None:
        return ProviderAnswer(ok=False, message="PayPal is not configured.")
    try:
        found = await paypal.get_order(back.paid_by)
        if found.capture_id is None:
            return ProviderAnswer(ok=False, message="The PayPal payment has no capture to refund.")
        refund_id = await paypal.refund(found.capture_id, back.amount, back.currency, back.key)
    except PayPalRefused as e:
        if e.status and e.status < 500:
            return ProviderAnswer(ok=False, message=f"PayPal refused the refund: {e.issue}.")
        raise
    log.info("refunded_at_paypal", order_token=back.order_token, number=back.number, refund=refund_id)
    return ProviderAnswer(ok=True, provider_ref=refund_id)
