"""Subscription activities (its plan loaded, a card's expiry reminded, a rate failed; the subscription moved or
ended): one idempotent side effect each. A rate is charged and booked by `activities/rates.py` (the Subscription,
its Claims and the payer's RatePayment share it); a claim's own steps are activities/claim.py.
"""

from __future__ import annotations

import dataclasses

import structlog
from temporalio import activity

from activities.mail import deliver
from core.settings import get_settings
from domain.billing.subscriptions import (
    CardExpiryReminder,
    LoadRates,
    RateEvent,
    SubscriptionEnd,
    SubscriptionMove,
    SubscriptionPlan,
)
from domain.keys import card_expiry_mail_key
from domain.mail import MailTemplate, OutgoingMail, mail_date
from domain.money import format_money
from domain.orders.orders import PaymentState
from providers.mail.smtp import Mailer
from providers.stripe.client import RenewalIntents
from store.accounts.queries import seller_user_of
from store.billing.subscriptions import (
    card_expiry_saved,
    rate_failed,
    rates_shifted,
    subscription_ended,
    subscription_moved,
    subscription_plan,
)
from store.db import session
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


async def seller_username(seller_id: int) -> str:
    async with session() as s:
        user = await seller_user_of(s, seller_id)
    return user.username if user and user.username else ""


async def manage_url(seller_id: int, token: str) -> str:
    """The payer's manage page of the order (pay, change the card, cancel)."""
    return f"{get_settings().public_url}/s/{await seller_username(seller_id)}/payment/{token}/manage"
