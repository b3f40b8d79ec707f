"""Cards and SEPA direct debits (core §9 methods card, sepa; `Flow.card` and `Flow.debit`): a PaymentIntent per
attempt at the card provider (Stripe's API), created with an idempotency key from the order and attempt, recorded in
PostgreSQL (unique per order and attempt) and only then confirmed, so a retried step finds the recorded intent and
asks the provider instead of charging again. The prepared intent the checkout made when it opened is paid by one
confirm. A SEPA debit confirms with the buyer's mandate and settles days later (`processing` until then). The money
goes back as a refund of the intent that took it."""

from __future__ import annotations

from dataclasses import dataclass

import structlog
from temporalio.exceptions import ApplicationError

from activities.gateways.attempts import REPLACED, Back, recorded
from domain.keys import card_attach_key, payment_intent_key
from domain.ledger.refunds import ProviderAnswer
from domain.orders.checkout import IntentStatus
from providers.stripe.client import CheckoutIntents, Intent, PaymentIntents, SepaMandate
from providers.stripe.errors import ProviderDeclined, ProviderRefused
from providers.stripe.refunds import Refunds
from store.db import session
from store.orders.actions import intent_recorded
from store.orders.models import Order, PaymentIntentRecord
from store.orders.queries import intent_for_attempt

log = structlog.get_logger()


@dataclass(frozen=True)
class CardAttempt:
    """One attempt as the payment step read it (the order once): what to charge, with what, and what was recorded."""

    order: Order
    attempt: int
    amount: int  # the order's total and the bumps ticked with it: one charge
    payment_method: str  # the `pm_…` the page made
    rec: (
        PaymentIntentRecord | None
    )  # recorded by an earlier run of this step, or the prepared intent claimed now
    prepared: str | None  # the intent made when the checkout opened (the first card attempt confirms it)
    fresh: bool  # the prepared intent was claimed by this run: nothing confirmed it yet
    sepa: bool  # a SEPA debit: created for sepa_debit and confirmed with the mandate
    mandate: SepaMandate | None
    off_session: bool  # an upsell, charged with the card that paid its order while the buyer is away from it


async def charge(payments: CheckoutIntents, a: CardAttempt, workflow_id: str) -> IntentStatus:
    """The attempt's intent created (once) and confirmed; what it means for the order recorded."""
    order, attempt = a.order, a.attempt
    token, currency = order.token, order.currency_key
    bound = log.bind(order_token=token, workflow_id=workflow_id, attempt=attempt)
    rec = a.rec
    ref = rec.provider_ref if rec else ""
    try:
        if rec is None:
            # The page made this card without a SetupIntent (one 3-D Secure challenge per purchase): it is
            # saved on the order's customer first, as the SetupIntent did, so the renewals can charge it.
            await payments.attach_payment_method(
                a.payment_method, order.provider_customer_id or "", card_attach_key(token, attempt)
            )
            key = payment_intent_key(token, attempt)
            intent = await payments.create_payment_intent(
                order_token=token,
                attempt=attempt,
                amount=a.amount,
                currency=currency,
                customer_id=order.provider_customer_id or "",
                payment_method=a.payment_method,
                idempotency_key=key,
                save_for_later=order.terms is not None,
                sepa=a.sepa,
            )
            async with session() as s:  # the order as the step read it, not read again
                rec = await intent_recorded(
                    s,
                    order=order,
                    attempt=attempt,
                    provider_ref=intent.id,
                    idempotency_key=key,
                    payment_method=a.payment_method,
                    status=intent.status,
                    amount=a.amount,
                ) or await intent_for_attempt(s, order.id, attempt)
            # the insert above, or a concurrent one, wrote it: reading it back cannot miss
            if rec is None:
                raise ApplicationError("payment intent not recorded", type="NotRecorded")
            ref = rec.provider_ref
            # another run of this step recorded first: only the recorded intent is ever confirmed
            if ref != intent.id:
                intent = await payments.retrieve_payment_intent(ref)
            bound.info("payment_intent_recorded", intent_id=ref)
        else:
            # paying a prepared intent is one confirm, with the card the page made (the provider refuses another
            # payer's card); a retry of this step asks first, and confirms only an intent no card was ever tried on
            found = None if a.fresh else await payments.retrieve_payment_intent(ref)
            untried = found is None or (found.status == "requires_payment_method" and not found.error_message)
            if a.prepared and ref == a.prepared and rec.payment_method and untried:
                intent = await payments.confirm_payment_intent(
                    ref, payment_intent_key(token, attempt, "confirm"), payment_method=rec.payment_method
                )
            else:
                intent = found or await payments.retrieve_payment_intent(ref)
        if intent.needs_confirmation:
            confirm_key = payment_intent_key(token, attempt, "confirm")
            if a.off_session:
                intent = await payments.confirm_off_session(ref, confirm_key)
            else:
                intent = await payments.confirm_payment_intent(ref, confirm_key, a.mandate)
    except ProviderDeclined as e:
        bound.info("payment_declined", reason=e.message)
        # refused before any intent existed (the card could not be saved): the log names the card
        ref = e.intent_id or ref or a.payment_method
        return await recorded(token, Intent.declined(ref, e.message, a.amount, currency), attempt)
    return await recorded(token, intent, attempt)


async def refresh(payments: PaymentIntents, token: str, rec: PaymentIntentRecord) -> IntentStatus:
    """Believe only the provider: the attempt's intent as it is now, recorded."""
    return await recorded(token, await payments.retrieve_payment_intent(rec.provider_ref), rec.attempt)


async def cancel(payments: PaymentIntents, token: str, rec: PaymentIntentRecord) -> IntentStatus:
    """The attempt's intent cancelled (an intent that succeeded meanwhile stays succeeded)."""
    intent = await payments.cancel_payment_intent(
        rec.provider_ref, payment_intent_key(token, rec.attempt, "cancel")
    )
    log.info("payment_intent_canceled", order_token=token, intent_id=intent.id, status=intent.status)
    return await recorded(token, intent, rec.attempt, REPLACED if intent.canceled else None)


async def refund(refunds: Refunds, back: Back) -> ProviderAnswer:
    """A refund of the intent that took the money, once (the refund's key)."""
    try:
        done = await refunds.refund(back.paid_by, back.amount, back.key)
    except ProviderRefused as e:
        return ProviderAnswer(ok=False, message=e.message)
    log.info("refunded_at_provider", order_token=back.order_token, number=back.number, refund=done.id)
    if done.status == "failed" or done.status == "canceled":
        return ProviderAnswer(ok=False, provider_ref=done.id, message=f"The provider answered {done.status}.")
    return ProviderAnswer(ok=True, provider_ref=done.id)
