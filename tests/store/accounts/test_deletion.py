"""Closing an account takes the shop offline at once; cancelling the request (or reactivating a deactivated
account) puts back exactly what the request paused, and nothing the seller changed meanwhile."""

from __future__ import annotations

import uuid

import pytest
from sqlalchemy import select

from domain.account_deletion import FlowKind, SubscriptionChoice
from domain.accounts import ProfileType
from domain.products import Publication
from store.accounts.actions import user_created
from store.accounts.deletion import (
    DeletionRequest,
    account_deactivated,
    account_reactivated,
    deletion_canceled,
    deletion_requested,
    products_unpublished,
)
from store.accounts.models import Seller
from store.accounts.queries import seller_of
from store.catalog.actions import product_archived, product_created
from store.catalog.models import Product
from store.db import session


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
