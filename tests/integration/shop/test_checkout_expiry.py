"""An unpaid checkout expires on the workflow's own calendar (a compressed day here, the same code)."""

from __future__ import annotations

import asyncio

import pytest
from temporalio.client import Client

from domain.checkout import CheckoutInput, PayOutcome
from domain.workflow_ids import checkout_id
from handles.checkout import pay
from tests.integration.helpers import (
    CARD_3DS,
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
        # a day of 4 seconds: the checkout stays open one (compressed) day
        r = await pay(temporal, token, pm, CheckoutInput(order_token=token, day_s=4))
        assert r.outcome == PayOutcome.requires_action
        result = await asyncio.wait_for(temporal.get_workflow_handle(checkout_id(token)).result(), 30)
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
