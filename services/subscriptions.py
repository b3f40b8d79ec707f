"""The payer's own page of a recurring order (the order token is the payer's key): its subscription, another card for
the rates to come (charged at once for a rate in dunning), paying a past-due rate no claim collects any more, and
cancelling at the period's end."""

from __future__ import annotations

from collections.abc import Awaitable
from dataclasses import dataclass

from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import Client

from domain.billing.subscriptions import CancelMode, RatePaymentInput, RatePaymentResult
from domain.errors import DomainError, ErrorCode, Refusal, invalid, refused
from domain.orders.orders import PAID_STATES
from handles import subscriptions as flow
from handles.subscriptions import rate_payment
from providers.stripe.client import gateway
from services.checkout.opening import next_setup
from store.billing.subscriptions import rate_owed, renewal_method_changed, schedule_written
from store.db import session
from store.orders.models import Order
from store.orders.queries import order_in_shop, order_of_seller


async def recurring(s: AsyncSession, username: str, token: str) -> Order:
    """The shop's recurring order of this token; not found for a one-time order."""
    order = await order_in_shop(s, username, token)
    if order.terms is None:
        raise DomainError(ErrorCode.NOT_FOUND, "This order has no subscription.")
    return order


async def another_card(s: AsyncSession, username: str, token: str) -> str:
    """A SetupIntent for another card, on the payer's customer at the provider: its client secret."""
    return await next_setup(s, await recurring(s, username, token))


async def card_saved(
    s: AsyncSession, client: Client, username: str, token: str, payment_method: str
) -> Order:
    """The card this page's latest SetupIntent saved pays the rates to come; an open claim charges it at once.
    400 for another card. The order as it is now."""
    order = await recurring(s, username, token)
    saved = await gateway().setup_payment_method(order.setup_intent_id) if order.setup_intent_id else None
    if saved != payment_method:  # only the card this page's latest SetupIntent saved
        raise invalid(payment_method="is not the card just saved on this page")
    async with session() as own:  # committed before the claims are told: they read the new card
        await renewal_method_changed(own, order.token, payment_method)
    try:
        await flow.card_changed(client, token)
    except DomainError:
        pass  # the subscription has ended: the card is kept, nothing is due
    await s.refresh(order)
    return order


@dataclass
class RatePaid:
    result: RatePaymentResult
    order: Order  # read again after the payment


async def pay_rate(s: AsyncSession, client: Client, username: str, token: str, rate: int) -> RatePaid:
    """A past-due rate no claim collects any more (a debt, or what the agency did not collect), paid with the saved
    card; 404 for no such rate, 409 with why it cannot be paid now or that it is paid."""
    order = await recurring(s, username, token)
    owed = await rate_owed(s, RatePaymentInput(token, rate))
    if owed.reason is not None:
        raise DomainError(ErrorCode.NOT_FOUND if owed.missing else ErrorCode.CONFLICT, owed.reason)
    if owed.amount <= 0:
        raise DomainError(ErrorCode.CONFLICT, "This rate is paid.")
    result = await rate_payment(client, token, rate, order.seller_id)
    s.expunge_all()  # the workflow changed the rows this request read: read them again
    return RatePaid(result, await recurring(s, username, token))


async def cancel(s: AsyncSession, client: Client, username: str, token: str, request_id: str) -> None:
    """No further charge; access lasts until the period ends."""
    order = await recurring(s, username, token)
    await acted(s, order, flow.canceled(client, token, CancelMode.period_end, request_id))


async def acted(s: AsyncSession, order: Order, action: Awaitable[str]) -> str:
    """An action on the order's Subscription (pause, resume, cancel): the workflow's answer. No workflow answers
    both when the subscription has ended and in the moment between a purchase and its Subscription's start; the
    second is `subscription_starting` (409: try again in a moment), not that it has ended."""
    try:
        return await action
    except DomainError as e:
        if getattr(e, "reason", None) != Refusal.subscription_ended or not await _starting(s, order):
            raise
        raise refused(Refusal.subscription_starting) from e


async def _starting(s: AsyncSession, order: Order) -> bool:
    """Paid (or its card saved, for a deferred first rate) and its Subscription has not written its rates yet."""
    await s.refresh(order)
    paid = order.payment_state in PAID_STATES or order.started_on is not None
    return paid and not await schedule_written(s, order.id)


async def seller_acted(
    s: AsyncSession,
    client: Client,
    seller_id: int,
    token: str,
    action: str,
    key: str,
) -> None:
    """The seller pauses, resumes or cancels (now or at the period's end) a recurring order's subscription (404
    for an order without one)."""
    order = await order_of_seller(s, seller_id, token)
    if order.terms is None:
        raise DomainError(ErrorCode.NOT_FOUND, "This order has no subscription.")
    if action == "pause":
        await acted(s, order, flow.paused(client, token))
    elif action == "resume":
        await acted(s, order, flow.resumed(client, token))
    else:
        mode = CancelMode.now if action == "cancel_now" else CancelMode.period_end
        await acted(s, order, flow.canceled(client, token, mode, key))
