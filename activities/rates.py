"""A rate charged and booked, whoever asks: the Subscription when it falls due, its Claim while dunning, the payer's
RatePayment from the manage page. One idempotent side effect each.

Exactly-once renewal: the PaymentIntent of (order, rate, attempt) is created with the idempotency key
`order-{token}-rate-{n}` (`…-{attempt}` for a retry), recorded in PostgreSQL (unique per order, rate and
attempt), and only then confirmed off-session. A retry after a crash finds the recorded intent and asks the
provider for its state; an intent that succeeded is never confirmed again.
"""

from __future__ import annotations

import structlog
from temporalio import activity
from temporalio.exceptions import ApplicationError

from activities.mail import queued
from core.metrics import PAYMENTS, RENEWALS_DUE, RENEWALS_PAID
from domain.billing.subscriptions import (
    ChargeOutcome,
    ChargeRate,
    DeclineKind,
    RateEvent,
    RateOwed,
    RatePaymentInput,
    decline_kind,
)
from domain.keys import rate_key, rate_paid_mail_key
from domain.mail import MailTemplate, OutgoingMail
from domain.money import format_money
from domain.orders.checkout import PayOutcome
from providers.stripe.client import RenewalIntents
from providers.stripe.errors import ProviderDeclined, ProviderRefused
from store.billing.subscriptions import (
    charge_facts,
    rate_charge_recorded,
    rate_charge_status,
    rate_invoice_draft,
    rate_owed,
    rate_paid,
)
from store.db import session
from store.orders.invoices import invoice_numbered
from store.orders.models import Order

log = structlog.get_logger()


class RateActivities:
    def __init__(self, payments: RenewalIntents) -> None:
        self.payments = payments

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
            await queued(s, rate_mail(order, ev, MailTemplate.rate_paid, key))
        return await invoice_numbered(draft)

    @activity.defn
    async def owed_on_rate(self, req: RatePaymentInput) -> RateOwed:
        async with session() as s:
            return await rate_owed(s, req)


def rate_mail(order: Order, ev: RateEvent, template: MailTemplate, key: str) -> OutgoingMail:
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
