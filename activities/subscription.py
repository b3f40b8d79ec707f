"""Subscription activities (a rate charged, booked, failed; the subscription moved or ended): one idempotent
side effect each. A claim's own steps are activities/claim.py; it charges through `charge_rate` here.

Exactly-once renewal: the PaymentIntent of (order, rate, attempt) is created with the idempotency key
`order-{token}-rate-{n}` (`…-{attempt}` for a retry), recorded in PostgreSQL (unique per order, rate and
attempt), and only then confirmed off-session. A retry after a crash finds the recorded intent and asks the
provider for its state; an intent that succeeded is never confirmed again.
"""

from __future__ import annotations

import dataclasses

import structlog
from temporalio import activity
from temporalio.exceptions import ApplicationError

from activities.mail import deliver, queued
from core.metrics import PAYMENTS, RENEWALS_DUE, RENEWALS_PAID
from core.settings import get_settings
from domain.checkout import PayOutcome
from domain.keys import card_expiry_mail_key, rate_key, rate_paid_mail_key
from domain.mail import MailTemplate, OutgoingMail, mail_date
from domain.money import format_money
from domain.orders import PaymentState
from domain.subscriptions import (
    CardExpiryReminder,
    ChargeOutcome,
    ChargeRate,
    DeclineKind,
    LoadRates,
    RateEvent,
    RateOwed,
    RatePaymentInput,
    SubscriptionEnd,
    SubscriptionMove,
    SubscriptionPlan,
    decline_kind,
)
from providers.mail.smtp import Mailer
from providers.stripe.client import RenewalIntents
from providers.stripe.errors import ProviderDeclined, ProviderRefused
from store.accounts.queries import seller_user_of
from store.billing.subscriptions import (
    card_expiry_saved,
    charge_facts,
    rate_charge_recorded,
    rate_charge_status,
    rate_failed,
    rate_invoice_draft,
    rate_owed,
    rate_paid,
    rates_shifted,
    subscription_ended,
    subscription_moved,
    subscription_plan,
)
from store.db import session
from store.orders.invoices import invoice_numbered
from store.orders.models import Order
from store.orders.queries import order_by_token

log = structlog.get_logger()


class SubscriptionActivities:
    def __init__(self, payments: RenewalIntents, mailer: Mailer) -> None:
        self.payments = payments
        self.mailer = mailer

    @activity.defn
    async def load_subscription(self, req: LoadRates) -> SubscriptionPlan:
        async with session() as s:
            plan = await subscription_plan(s, req.order_token, req.from_rate, req.horizon)
            method = (await order_by_token(s, req.order_token)).renewal_payment_method
        if plan.card_expires is None and method:  # looked up once per saved card
            facts = await self.payments.card_facts(method)
            if facts:
                async with session() as s:
                    await card_expiry_saved(
                        s, req.order_token, method, facts.expires, facts.brand, facts.last4
                    )
                if facts.expires:
                    plan = dataclasses.replace(plan, card_expires=facts.expires)
        return plan

    @activity.defn
    async def remind_card_expiry(self, req: CardExpiryReminder) -> None:
        """Asks the payer to save another card before the rate the saved one cannot pay (once per card)."""
        async with session() as s:
            order = await order_by_token(s, req.order_token)
        year, month = req.expires.split("-")
        await deliver(
            self.mailer,
            OutgoingMail(
                key=card_expiry_mail_key(req.order_token, req.expires),
                to=order.payer_email,
                template=MailTemplate.card_expiry,
                locale=order.payer_locale,
                context={
                    "first_name": order.payer_first_name,
                    "product_name": order.product_name,
                    "expires": f"{month}/{year}",
                    "amount": format_money(req.amount, order.currency_key, order.payer_locale),
                    "due": mail_date(req.due, order.payer_locale),
                    "manage_url": await manage_url(order.seller_id, req.order_token),
                },
            ),
        )
        log.info("card_expiry_reminded", order_token=req.order_token, expires=req.expires, rate=req.rate)

    @activity.defn
    async def charge_rate(self, req: ChargeRate) -> ChargeOutcome:
        if req.attempt == 1:
            RENEWALS_DUE.add(1)
        out = await self._charge_rate(req)
        PAYMENTS.add(1, {"path": "renewal", "outcome": "succeeded" if out.paid else "declined"})
        return out

    async def _charge_rate(self, req: ChargeRate) -> ChargeOutcome:
        token, n, attempt = req.order_token, req.rate, req.attempt
        key = rate_key(token, n, attempt)
        async with session() as s:
            facts = await charge_facts(s, token, n, attempt)
        rec, method, customer, currency = facts.charge, facts.method, facts.customer, facts.currency
        try:
            if rec is None:
                if not method or not customer:
                    return ChargeOutcome(
                        paid=False,
                        decline=DeclineKind.hard,
                        code="no_payment_method",
                        message="No payment method.",
                    )
                intent = await self.payments.create_payment_intent(
                    order_token=token,
                    attempt=attempt,
                    amount=req.amount,
                    currency=currency,
                    customer_id=customer,
                    payment_method=method,
                    idempotency_key=key,
                )
                async with session() as s:
                    rec = await rate_charge_recorded(
                        s,
                        order_id=facts.order_id,
                        rate=n,
                        attempt=attempt,
                        provider_ref=intent.id,
                        key=key,
                        payment_method=method,
                        amount=req.amount,
                        status=intent.status,
                    )
                if rec.provider_ref != intent.id:  # another run recorded first: only its intent is confirmed
                    intent = await self.payments.retrieve_payment_intent(rec.provider_ref)
            else:
                intent = await self.payments.retrieve_payment_intent(rec.provider_ref)
            if intent.needs_confirmation:
                intent = await self.payments.confirm_off_session(rec.provider_ref, f"{key}-confirm")
        except ProviderDeclined as e:
            ref = e.intent_id or (rec.provider_ref if rec else None)
            if ref:
                async with session() as s:
                    await rate_charge_status(s, ref, "requires_payment_method")
            log.info("rate_declined", order_token=token, rate=n, attempt=attempt, code=e.code)
            return ChargeOutcome(
                paid=False, intent_id=ref, decline=decline_kind(e.code), code=e.code, message=e.message
            )
        except ProviderRefused as e:
            raise ApplicationError(
                f"provider refused: {e.message}", type="ProviderRefused", non_retryable=True
            ) from e
        if intent.outcome == PayOutcome.succeeded:
            # its charge row says so in the booking's transaction (record_rate_paid), one transaction fewer here
            log.info("rate_charged", order_token=token, rate=n, attempt=attempt, intent_id=intent.id)
            return ChargeOutcome(paid=True, intent_id=intent.id)
        async with session() as s:
            await rate_charge_status(s, intent.id, intent.status)
        if intent.outcome in (PayOutcome.requires_action, PayOutcome.processing):
            # the bank wants the payer (3-D Secure) or is still deciding: a hard case for an off-session charge
            return ChargeOutcome(
                paid=False,
                intent_id=intent.id,
                decline=DeclineKind.hard,
                code="authentication_required",
                message="The bank asks the payer to confirm this payment.",
            )
        return ChargeOutcome(
            paid=False,
            intent_id=intent.id,
            decline=decline_kind(None),
            code=None,
            message=intent.error_message or "The payment failed.",
        )

    @activity.defn
    async def record_rate_paid(self, ev: RateEvent) -> int:
        """The rate booked as paid, its charge marked succeeded and the payer's receipt queued (one transaction; the
        outbox round sends the receipt, off the renewal's path), then its invoice numbered."""
        RENEWALS_PAID.add(1)
        async with session() as s:
            if ev.intent_id:
                await rate_charge_status(s, ev.intent_id, "succeeded")
            order = await rate_paid(s, ev)
            draft = await rate_invoice_draft(s, order, ev.rate)
            key = rate_paid_mail_key(ev.order_token, ev.rate)
            await queued(s, _rate_mail(order, ev, MailTemplate.rate_paid, key))
        return await invoice_numbered(draft)

    @activity.defn
    async def owed_on_rate(self, req: RatePaymentInput) -> RateOwed:
        async with session() as s:
            return await rate_owed(s, req)

    @activity.defn
    async def record_rate_failed(self, ev: RateEvent) -> None:
        async with session() as s:
            await rate_failed(s, ev, 1)

    @activity.defn
    async def move_subscription(self, req: SubscriptionMove) -> None:
        async with session() as s:
            await subscription_moved(s, req.order_token, PaymentState(req.state))
            if req.shift_from and req.shift_days:
                await rates_shifted(s, req.order_token, req.shift_from, req.shift_days)

    @activity.defn
    async def end_subscription(self, end: SubscriptionEnd) -> None:
        async with session() as s:
            await subscription_ended(s, end)
        log.info("subscription_ended", order_token=end.order_token, reason=end.reason)


def _rate_mail(order: Order, ev: RateEvent, template: MailTemplate, key: str) -> OutgoingMail:
    return OutgoingMail(
        key=key,
        to=order.payer_email,
        template=template,
        locale=order.payer_locale,
        context={
            "first_name": order.payer_first_name,
            "product_name": order.product_name,
            "amount": format_money(ev.amount, order.currency_key, order.payer_locale),
            "rate": str(ev.rate),
        },
    )


async def seller_username(seller_id: int) -> str:
    async with session() as s:
        user = await seller_user_of(s, seller_id)
    return user.username if user and user.username else ""


async def manage_url(seller_id: int, token: str) -> str:
    """The payer's manage page of the order (pay, change the card, cancel)."""
    return f"{get_settings().public_url}/s/{await seller_username(seller_id)}/payment/{token}/manage"
