"""The shop a hostname serves: only a verified domain of an active seller; a deactivated or deleted seller's
platform subdomain and custom domains serve nothing."""

from __future__ import annotations

import uuid

import pytest

from domain.accounts.account_deletion import AccountType
from domain.accounts.accounts import ProfileType
from domain.domains import DomainKind, DomainState
from store.accounts.actions import user_created
from store.accounts.queries import seller_of
from store.db import session
from store.domains.actions import domain_added
from store.domains.models import Domain
from store.domains.queries import seller_of_host


async def _seller_with_domain(state: DomainState) -> tuple[int, str]:
    name = uuid.uuid4().hex[:10]
    host = f"shop-{name}.example.test"
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
        row = await domain_added(s, seller.id, host, DomainKind.custom, 3600)
        (await s.get(Domain, row.id)).state = state
        return seller.id, host


async def test_a_verified_domain_of_an_active_seller_serves_the_shop():
    seller_id, host = await _seller_with_domain(DomainState.active_with_ssl)
    async with session() as s:
        found = await seller_of_host(s, host)
    assert found is not None and found[1].id == seller_id


async def test_a_domain_still_waiting_serves_nothing():
    _, host = await _seller_with_domain(DomainState.waiting)
    async with session() as s:
        assert await seller_of_host(s, host) is None


@pytest.mark.parametrize("account", [AccountType.deleted, AccountType.deactivated])
async def test_a_closed_accounts_domains_serve_nothing(account: AccountType):
    seller_id, host = await _seller_with_domain(DomainState.active)
    async with session() as s:
        from store.accounts.models import Seller

        (await s.get(Seller, seller_id)).account_type = account
    async with session() as s:
        assert await seller_of_host(s, host) is None


async def test_a_deleted_accounts_domains_are_marked_deleted_once():
    from store.domains.actions import domains_of_closed_account_deleted

    seller_id, host = await _seller_with_domain(DomainState.active_with_ssl)
    async with session() as s:
        removed = await domains_of_closed_account_deleted(s, seller_id)
    assert len(removed) == 1
    async with session() as s:
        assert await seller_of_host(s, host) is None
        assert (
            await domains_of_closed_account_deleted(s, seller_id) == []
        )  # a retried step finds nothing left
