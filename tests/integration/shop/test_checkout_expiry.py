"""An unpaid checkout expires on the workflow's own calendar (a compressed day here, the same code), counted from
the checkout's opening: its workflow starts then, so a buyer's payment is an update on a running workflow. The
three checkouts below wait out the same day side by side."""

from __future__ import annotations

import asyncio
import time

import httpx
import pytest
from temporalio.client import Client, WorkflowExecutionStatus

from domain.orders.checkout import PayOutcome
from domain.workflow_ids import checkout_id
from handles.checkout import pay
from tests.integration.helpers import (
    CARD_3DS,
    CARD_OK,
    card_payment_method,
    client,
    db_count,
    new_seller,
    published_product,
    start_checkout,
)
from tests.integration.helpers import pay as http_pay

pytestmark = pytest.mark.integration

ONCE = {"name": "Once", "payment_type": "one_time", "price": 1900, "currency": "eur"}


async def _not_completed(stack, c: httpx.AsyncClient, temporal: Client, username: str, co: dict) -> None:
    """The checkout's workflow ends unpaid; the order says so, and a payment after it is refused."""
    token = co["order_token"]
    result = await asyncio.wait_for(temporal.get_workflow_handle(checkout_id(token)).result(), 60)
    assert result == "payment_not_completed"
    status = (await c.get(f"/v1/shop/{username}/orders/{token}")).json()
    assert status["payment_state"] == "payment_not_completed" and status["download_url"] is None
    pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
    late = (await http_pay(c, username, token, pm)).json()
    assert late["outcome"] == "failed" and late["payment_state"] == "payment_not_completed"
    invoices = "select count(*) from invoices i join orders o on o.id = i.order_id where o.token = :t"
    assert await db_count(invoices, t=token) == 0


async def _three_d_secure_never_answered(stack, c: httpx.AsyncClient, temporal: Client) -> None:
    seller = await new_seller(stack, c, "expiry")
    product = await published_product(c, seller)
    co = await start_checkout(c, seller.username, product)
    pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_3DS)
    r = await pay(temporal, co["order_token"], pm)
    assert r.outcome == PayOutcome.requires_action
    await _not_completed(stack, c, temporal, seller.username, co)


async def _abandoned(stack, c: httpx.AsyncClient, temporal: Client) -> None:
    """Nobody pays: the workflow runs from the opening, before any payment, and ends a day later."""
    seller = await new_seller(stack, c, "abandoned")
    product = await published_product(c, seller)
    opened = time.monotonic()
    co = await start_checkout(c, seller.username, product)
    handle = temporal.get_workflow_handle(checkout_id(co["order_token"]))
    assert (await handle.describe()).status == WorkflowExecutionStatus.RUNNING
    status = (await c.get(f"/v1/shop/{seller.username}/orders/{co['order_token']}")).json()
    assert status["payment_state"] == "payment_waiting"
    await _not_completed(stack, c, temporal, seller.username, co)
    assert time.monotonic() - opened >= stack.checkout_day_s * 0.9  # a (compressed) day, not sooner


async def _key_given_back(stack, c: httpx.AsyncClient, temporal: Client) -> None:
    """A license key set aside while 3-D Secure waits goes back to the pool when the checkout ends unpaid."""
    seller = await new_seller(stack, c, "keyback")
    h = seller.headers
    p = (
        await c.post(
            "/v1/cabinet/products", json={"name": "Returned licence", "form": "license_key"}, headers=h
        )
    ).json()
    await c.post(f"/v1/cabinet/products/{p['id']}/license_keys", json={"text": "BACK-KEY-1"}, headers=h)
    assert (
        await c.post(f"/v1/cabinet/products/{p['id']}/pricing_plans", json=ONCE, headers=h)
    ).status_code == 201
    product = (await c.post(f"/v1/cabinet/products/{p['id']}/publish", headers=h)).json()
    co = await start_checkout(c, seller.username, product)
    pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_3DS)
    r = await pay(temporal, co["order_token"], pm)
    assert r.outcome == PayOutcome.requires_action
    # while 3-D Secure waits, the key is set aside: the product is sold out
    assert (await c.get(f"/v1/cabinet/products/{p['id']}", headers=h)).json()["license_keys_free"] == 0
    await _not_completed(stack, c, temporal, seller.username, co)
    after = (await c.get(f"/v1/cabinet/products/{p['id']}", headers=h)).json()
    assert after["license_keys_free"] == 1 and after["sellable"]


async def test_unpaid_checkouts_end_a_day_after_they_open(stack):
    temporal = await Client.connect(f"127.0.0.1:{stack.ports.temporal}")
    async with client(stack) as c:
        await asyncio.gather(
            _three_d_secure_never_answered(stack, c, temporal),
            _abandoned(stack, c, temporal),
            _key_given_back(stack, c, temporal),
        )
