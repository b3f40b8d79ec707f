"""A worker killed mid-flight: after a restart there is exactly one charge and one paid order."""

from __future__ import annotations

import asyncio

import pytest

from tests.integration.helpers import (
    CARD_OK,
    card_payment_method,
    client,
    db_count,
    pay,
    start_checkout,
    stripe_succeeded_charges,
    wait_fulfilled,
)

pytestmark = pytest.mark.integration


async def _exactly_once(stack, token: str) -> None:
    assert await stripe_succeeded_charges(stack, token) == 1
    assert (
        await db_count("select count(*) from orders where token = :t and payment_state = 'paid'", t=token)
        == 1
    )
    assert (
        await db_count(
            "select count(*) from invoices i join orders o on o.id = i.order_id where o.token = :t", t=token
        )
        == 1
    )
    assert (
        await db_count("select count(*) from transfers where idempotency_key = :k", k=f"order-{token}-sale")
        == 1
    )
    for _ in range(250):  # the mails are the last step; a step lost with the killed worker restarts in 10 s
        if (
            await db_count(
                "select count(*) from mails where idempotency_key like :k and sent_at is not null",
                k=f"order-{token}-%",
            )
            == 2
        ):
            break
        await asyncio.sleep(0.2)
    assert (
        await db_count("select count(*) from mails where idempotency_key like :k", k=f"order-{token}-%") == 2
    )


@pytest.mark.parametrize("kill_after_s", [0.0, 0.05, 0.3])
async def test_worker_killed_during_checkout(stack, seller, product, kill_after_s):
    async with client(stack) as c:
        co = await start_checkout(c, seller.username, product)
        token = co["order_token"]
        pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
        request = asyncio.create_task(pay(c, seller.username, token, pm))
        await asyncio.sleep(kill_after_s)
        stack.kill("worker")  # SIGKILL: no graceful shutdown, whatever was in flight is lost
        await asyncio.sleep(0.5)
        stack.start_worker()
        r = await request
        if r.status_code == 503:  # the payment step gave up while no worker ran: the buyer retries
            r = await pay(c, seller.username, token, pm)
        assert r.status_code == 200, r.text
        assert r.json()["outcome"] == "succeeded"
        await wait_fulfilled(c, seller.username, token, timeout=60)
    await _exactly_once(stack, token)
