"""A worker killed in the middle of a renewal charge: the PaymentIntent of rate 2 is recorded (key
`order-{token}-rate-2`) and the worker dies before or while it is confirmed. After the restart the rate is charged
exactly once, booked once, invoiced once, and the rates after it go on."""

from __future__ import annotations

import asyncio
import time

import pytest

from tests.integration.billing.test_subscriptions import _buy
from tests.integration.helpers import (
    client,
    db_count,
    new_seller,
    published_product,
    stripe_succeeded_charges,
    until,
)

pytestmark = pytest.mark.integration


async def test_a_worker_killed_mid_charge_charges_the_rate_once(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "renewcrash")
        h = seller.headers
        plan = {
            "name": "Weekly",
            "payment_type": "subscription",
            "price": 700,
            "period": "1w",
            "currency": "eur",
        }
        product = await published_product(c, seller, plan=plan)
        token = await _buy(stack, c, seller, product)
        deadline = time.monotonic() + 60
        while (
            await db_count(
                "select count(*) from rate_charges rc join orders o on o.id = rc.order_id "
                "where o.token = :t and rc.rate = 2",
                t=token,
            )
            == 0
        ):  # the intent of rate 2 is recorded: its confirmation is next
            assert time.monotonic() < deadline, "rate 2 was never charged"
            await asyncio.sleep(0.005)
        stack.kill("worker")  # SIGKILL in the middle of the charge
        await asyncio.sleep(1.0)
        stack.start_worker()

        sub_url = f"/v1/cabinet/orders/{token}/subscription"
        sub = await until(c, sub_url, h, lambda b: [r["state"] for r in b["rates"][:3]] == ["paid"] * 3, 90)
        r = await c.post(sub_url, json={"action": "cancel_now"}, headers=h)
        assert r.status_code == 202
        sub = await until(c, sub_url, h, lambda b: b["phase"] == "ended")
        paid = [r["number"] for r in sub["rates"] if r["state"] == "paid"]
    assert await stripe_succeeded_charges(stack, token) == len(paid)  # one charge per paid rate, none twice
    for n in paid[1:]:
        assert (
            await db_count(
                "select count(*) from ledger_entries e join orders o on o.id = e.order_id "
                "where o.token = :t and e.idempotency_key = :k",
                t=token,
                k=f"order-{token}-rate-{n}-sale-seller",
            )
            == 1
        )
    invoices = await db_count(
        "select count(*) from invoices i join orders o on o.id = i.order_id where o.token = :t and i.form = 'regular'",
        t=token,
    )
    assert invoices == len(paid)
