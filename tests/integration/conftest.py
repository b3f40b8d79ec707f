"""Fixtures for the integration tests: a fresh seller (signed up, confirmed by the mailed link, registration
done), a published product of theirs, and a Temporal client on the test stack. The stack itself is the
session fixture of `tests/conftest.py`."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest
from temporalio.client import Client

from tests.integration.helpers import (
    Seller,
    client,
    new_seller,
    published_product,
    sellers_ahead_spoiled,
    sellers_ahead_stopped,
)


def _prefix(request: pytest.FixtureRequest) -> str:
    """Usernames name the test module they come from, so a failing test's data is easy to find."""
    return request.module.__name__.rsplit(".", 1)[-1].removeprefix("test_").replace("_", "-")[:14]


@pytest.fixture
async def seller(stack, request: pytest.FixtureRequest) -> Seller:
    async with client(stack) as c:
        return await new_seller(stack, c, _prefix(request))


@pytest.fixture
async def product(stack, seller: Seller) -> dict:
    """A published download product of `seller` with one one-time price (25.00 EUR)."""
    async with client(stack) as c:
        return await published_product(c, seller)


@pytest.fixture(scope="module")
async def shop(stack, request: pytest.FixtureRequest) -> tuple[Seller, dict]:
    """One seller and product shared by a module's tests (19.90 EUR), for tests that only buy."""
    async with client(stack) as c:
        s = await new_seller(stack, c, _prefix(request))
        return s, await published_product(c, s, price=1990, name="Field Guide")


@pytest.fixture(scope="session", autouse=True)
async def _sellers_ahead_stopped() -> AsyncIterator[None]:
    yield
    await sellers_ahead_stopped()


@pytest.fixture
def spoils_sellers_ahead() -> Iterator[None]:
    """For a test that calls endpoints with made-up ids: the sellers made ahead meanwhile are not handed out after."""
    yield
    sellers_ahead_spoiled()


@pytest.fixture(scope="session")
async def temporal(stack) -> AsyncIterator[Client]:
    yield await Client.connect(f"127.0.0.1:{stack.ports.temporal}")
