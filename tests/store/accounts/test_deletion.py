"""Closing an account takes the shop offline at once; cancelling the request (or reactivating a deactivated
account) puts back exactly what the request paused, and nothing the seller changed meanwhile."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

import pytest
from sqlalchemy import select, update

from domain.accounts.account_deletion import CheckKind, CheckRequest, FlowKind, SubscriptionChoice
from domain.accounts.accounts import ProfileType
from domain.billing.billing_calendar import PlanTerms, parse_period
from domain.catalog.products import Publication
from domain.orders.orders import OrderRateState, PaymentState, PaymentType
from store.account_deletion import (
    DeletionRequest,
    account_deactivated,
    account_reactivated,
    checks_run,
    deletion_canceled,
    deletion_requested,
    products_unpublished,
)
from store.accounts.actions import user_created
from store.accounts.models import Seller
from store.accounts.queries import seller_of
from store.billing.models import OrderRate
from store.billing.subscriptions import subscription_moved, subscription_plan
from store.catalog.actions import plan_added, product_archived, product_created
from store.catalog.models import Product
from store.db import session
from store.orders.actions import order_created
from store.orders.queries import order_by_token


async def _seller_with_products() -> int:
    name = uuid.uuid4().hex[:10]
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
        for i, how in enumerate(["published", "published", "unpublished", "archived"]):
            view = await product_created(s, seller.id, name=f"P{i} {name}", description="", form="download")
            if how == "published":
                view.product.publication = Publication.published
            elif how == "archived":
                await product_archived(s, view)
        return seller.id


async def _state(seller_id: int) -> dict[str, tuple[str, bool]]:
    async with session() as s:
        rows = (await s.scalars(select(Product).where(Product.seller_id == seller_id))).all()
        plan = (await s.get(Seller, seller_id)).platform_plan_id
    return {"plan": (str(plan), False)} | {p.name: (p.publication.value, p.is_archived) for p in rows}


def _request(seller_id: int, kind: FlowKind) -> DeletionRequest:
    return DeletionRequest(seller_id, kind, [], None, SubscriptionChoice.wait)


@pytest.mark.parametrize("kind", [FlowKind.deletion, FlowKind.deactivation])
async def test_cancelling_restores_exactly_what_the_request_paused(kind: FlowKind):
    seller_id = await _seller_with_products()
    before = await _state(seller_id)
    async with session() as s:
        await deletion_requested(s, _request(seller_id, kind))
    async with session() as s:
        assert await products_unpublished(s, seller_id) == 2
    async with session() as s:
        assert await products_unpublished(s, seller_id) == 0  # a retried step changes nothing
    during = await _state(seller_id)
    assert [v for k, v in during.items() if k != "plan"].count(
        ("published", False)
    ) == 0  # the shop is offline
    async with session() as s:
        await deletion_canceled(s, seller_id)
    assert await _state(seller_id) == before


async def test_a_product_the_seller_archived_meanwhile_stays_archived():
    seller_id = await _seller_with_products()
    async with session() as s:
        await deletion_requested(s, _request(seller_id, FlowKind.deletion))
        await products_unpublished(s, seller_id)
    async with session() as s:
        first = (
            await s.scalars(
                select(Product).where(Product.seller_id == seller_id, Product.name.startswith("P0 ")).limit(1)
            )
        ).one()
        first.is_archived = True  # the seller archived one of them while the request ran
    async with session() as s:
        await deletion_canceled(s, seller_id)
    state = await _state(seller_id)
    published = sorted(k for k, v in state.items() if v == ("published", False))
    assert len(published) == 1 and published[0].startswith("P1 ")


async def test_a_reactivated_account_sells_again_what_it_sold_before():
    seller_id = await _seller_with_products()
    before = await _state(seller_id)
    async with session() as s:
        await deletion_requested(s, _request(seller_id, FlowKind.deactivation))
        await products_unpublished(s, seller_id)
    async with session() as s:
        await account_deactivated(s, seller_id)
    async with session() as s:
        assert await account_reactivated(s, seller_id)
    assert await _state(seller_id) == before


async def _active_orders(seller_id: int) -> int:
    async with session() as s:
        (result,) = await checks_run(s, CheckRequest(seller_id, FlowKind.deactivation))
    assert result.kind == CheckKind.active_orders
    return result.count


async def test_a_subscription_paid_at_its_checkout_counts_as_running_until_it_completes():
    """Between the checkout's payment (`paid`) and its Subscription workflow taking the order over (`paying`),
    a recurring order is running all the same: a closing account's checks must not miss it in that moment."""
    seller_id = await _seller_with_products()
    token, once = uuid.uuid4().hex[:20], uuid.uuid4().hex[:20]
    async with session() as s:
        view = await product_created(s, seller_id, name=f"Club {token}", description="", form="download")
        monthly = await plan_added(
            s,
            view,
            name="Three months",
            terms=PlanTerms(PaymentType.installment, "eur", 1000, 1000, 3, period=parse_period("1m")),
        )
        single = await plan_added(
            s, view, name="Once", terms=PlanTerms(PaymentType.one_time, "eur", 900, 900)
        )
        for t, plan in ((token, monthly), (once, single)):
            order = await order_created(
                s,
                token=t,
                product=view.product,
                plan=plan,
                payer={"email": f"b{t}@example.test", "first_name": "Bea", "last_name": "Buyer"},
                customer_id="cus_x",
                setup_intent_id=None,
            )
            order.payment_state, order.paid, order.paid_at = PaymentState.paid, order.total, datetime.now(UTC)
    assert await _active_orders(seller_id) == 1  # paid, its Subscription not started: no rate recorded yet
    async with session() as s:
        await subscription_plan(
            s, token, 1, horizon=3
        )  # the Subscription records rate 1 paid, 2 and 3 to come
    assert await _active_orders(seller_id) == 1
    async with session() as s:
        await subscription_moved(s, token, PaymentState.paying)
    assert await _active_orders(seller_id) == 1
    async with session() as s:  # every rate paid: the Subscription completes and the order is `paid` again
        order = await order_by_token(s, token)
        await s.execute(
            update(OrderRate).where(OrderRate.order_id == order.id).values(state=OrderRateState.paid)
        )
        await subscription_moved(s, token, PaymentState.paid)
    assert await _active_orders(seller_id) == 0  # and the one-time order never counted
