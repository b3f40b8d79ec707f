"""A seller or payer who acts on a subscription bought a moment ago, before its Subscription workflow started, is
told it is starting (409 `subscription_starting`: try again in a moment), not that it has ended; once its workflow
has written the rates, or for an order that was never paid, no answering workflow still means it has ended."""

from __future__ import annotations

import uuid

import pytest

from domain.accounts.accounts import ProfileType
from domain.billing.billing_calendar import PlanTerms, parse_period
from domain.errors import DomainError, Refusal, refused
from domain.orders.orders import PaymentState, PaymentType
from services.subscriptions import acted
from store.accounts.actions import user_created
from store.accounts.queries import seller_of
from store.billing.subscriptions import subscription_plan
from store.catalog.actions import plan_added, product_created
from store.db import session
from store.orders.actions import order_created
from store.orders.queries import order_by_token

MONTHLY = PlanTerms(PaymentType.subscription, "eur", 1900, 1900, period=parse_period("1m"))


async def _order(state: PaymentState) -> str:
    name = uuid.uuid4().hex[:10]
    token = uuid.uuid4().hex[:20]
    async with session() as s:
        user = await user_created(
            s,
            email=f"{name}@example.test",
            password="sellflow-demo",
            username=f"s{name}",
            first_name="A",
            last_name="B",
            locale="en",
            profile_type=ProfileType.seller,
        )
        seller = await seller_of(s, user.id)
        assert seller is not None
        view = await product_created(s, seller.id, name=f"Club {name}", description="", form="membership")
        plan = await plan_added(s, view, name="Monthly", terms=MONTHLY)
        order = await order_created(
            s,
            token=token,
            product=view.product,
            plan=plan,
            payer={"email": f"b{name}@example.test", "first_name": "Bea", "last_name": "Buyer"},
            customer_id="cus_x",
            setup_intent_id=None,
        )
        order.payment_state = state
    return token


async def _no_workflow() -> str:
    raise refused(Refusal.subscription_ended)  # what the handles answer when no Subscription runs


async def _answer(token: str) -> str:
    async with session() as s:
        order = await order_by_token(s, token)
        with pytest.raises(DomainError) as e:
            await acted(s, order, _no_workflow())
        return str(e.value.reason)


async def test_a_paid_subscription_whose_workflow_has_not_started_is_starting() -> None:
    token = await _order(PaymentState.paid)
    assert await _answer(token) == Refusal.subscription_starting


async def test_once_its_rates_are_written_no_workflow_means_it_has_ended() -> None:
    token = await _order(PaymentState.paid)
    async with session() as s:
        await subscription_plan(s, token, 1, 3)  # what the Subscription's first run writes
    assert await _answer(token) == Refusal.subscription_ended


async def test_an_order_never_paid_has_no_subscription_starting() -> None:
    token = await _order(PaymentState.payment_not_completed)
    assert await _answer(token) == Refusal.subscription_ended


async def test_the_workflows_own_answer_passes_through() -> None:
    token = await _order(PaymentState.paying)

    async def paused() -> str:
        return "paused"

    async with session() as s:
        assert await acted(s, await order_by_token(s, token), paused()) == "paused"
