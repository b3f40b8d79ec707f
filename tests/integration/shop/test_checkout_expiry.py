"""An unpaid checkout expires on the workflow's own calendar (a compressed day here, the same code), counted from
the checkout's opening: its workflow starts then, so a buyer's payment is an update on a running workflow."""

from __future__ import annotations

import asyncio
import time

import pytest
from temporalio.client import Client, WorkflowExecutionStatus

from domain.checkout import PayOutcome
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


async def test_three_d_secure_never_answered_expires_the_checkout(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "expiry")
        product = await published_product(c, seller)
        co = await start_checkout(c, seller.username, product)
        token = co["order_token"]
        pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_3DS)
        temporal = await Client.connect(f"127.0.0.1:{stack.ports.temporal}")
        # the checkout stays open one (compressed) day from its opening
        r = await pay(temporal, token, pm)
        assert r.outcome == PayOutcome.requires_action
        result = await asyncio.wait_for(temporal.get_workflow_handle(checkout_id(token)).result(), 60)
        assert result == "payment_not_completed"
        status = (await c.get(f"/v1/shop/{seller.username}/orders/{token}")).json()
        assert status["payment_state"] == "payment_not_completed" and status["download_url"] is None
        late = (await http_pay(c, seller.username, token, pm)).json()
        assert late["outcome"] == "failed" and late["payment_state"] == "payment_not_completed"
    assert (
        await db_count(
            "select count(*) from invoices i join orders o on o.id = i.order_id where o.token = :t", t=token
        )
        == 0
    )


async def test_an_abandoned_checkout_is_not_completed_after_its_day(stack):
    """Its workflow runs from the opening, before any payment; nobody pays, and a day later the order says so."""
    async with client(stack) as c:
        seller = await new_seller(stack, c, "abandoned")
        product = await published_product(c, seller)
        opened = time.monotonic()
        co = await start_checkout(c, seller.username, product)
        token = co["order_token"]
        temporal = await Client.connect(f"127.0.0.1:{stack.ports.temporal}")
        handle = temporal.get_workflow_handle(checkout_id(token))
        assert (await handle.describe()).status == WorkflowExecutionStatus.RUNNING
        status = (await c.get(f"/v1/shop/{seller.username}/orders/{token}")).json()
        assert status["payment_state"] == "payment_waiting"
        assert await asyncio.wait_for(handle.result(), 60) == "payment_not_completed"
        assert time.monotonic() - opened >= stack.checkout_day_s * 0.9  # a (compressed) day, not sooner
        status = (await c.get(f"/v1/shop/{seller.username}/orders/{token}")).json()
        assert status["payment_state"] == "payment_not_completed" and status["download_url"] is None
        pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
        late = (await http_pay(c, seller.username, token, pm)).json()
        assert late["outcome"] == "failed" and late["payment_state"] == "payment_not_completed"
