"""Chaos (issue 24; `make chaos`): 100 checkouts and 100 renewals while the worker, the Temporal server and
PostgreSQL are each killed at random moments and restarted. Afterwards: no order charged twice, none lost (every
checkout whose payment the provider took is paid, fulfilled and invoiced), every ledger sums to zero per
currency, and every mail went out once.

The clients do what a browser does: a request that fails while a part is down (a refused connection, a 5xx) is
sent again with the same Idempotency-Key until it is answered.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import time
import uuid

import httpx
import pytest

from tests.integration.helpers import (
    CARD_OK,
    card_payment_method,
    client,
    db_value,
    mails,
    new_seller,
    published_product,
    stripe_intents,
)

pytestmark = pytest.mark.chaos

CHECKOUTS = int(os.environ.get("CHAOS_CHECKOUTS", "100"))
SUBSCRIPTIONS = int(os.environ.get("CHAOS_SUBSCRIPTIONS", "20"))
RATES = 6  # each subscription: rate 1 at checkout, five renewals (20 x 5 = 100 renewals)
SEED = int(os.environ.get("CHAOS_SEED", "0")) or random.randrange(1, 1_000_000)
WEEKLY = {"name": "Weekly", "payment_type": "subscription", "price": 700, "period": "1w", "currency": "eur"}


async def _again(send, what: str, timeout: float = 180) -> httpx.Response:
    """`send()` until it is answered with something other than a 5xx, a dropped connection or a 409 that asks to
    come back (Retry-After: the same key's request is still running, or was when a part died)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            r = await send()
            if r.status_code < 500 and not (r.status_code == 409 and "retry-after" in r.headers):
                return r
        except (httpx.TransportError, OSError):
            pass
        assert time.monotonic() < deadline, f"{what}: never answered"
        await asyncio.sleep(0.5)


async def _checkout(stack, c: httpx.AsyncClient, seller, product: dict, email: str) -> str:
    plan = product["pricing_plans"][0]
    key = uuid.uuid4().hex
    body = {
        "pricing_plan_id": plan["id"],
        "withdrawal_consent": True,
        "payer": {"email": email, "first_name": "Bea", "last_name": "Chaos"},
    }
    url = f"/v1/shop/{seller.username}/products/{product['slug']}/checkout"
    r = await _again(lambda: c.post(url, json=body, headers={"Idempotency-Key": key}), "checkout")
    assert r.status_code == 201, r.text
    co = r.json()
    pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
    pay_key = uuid.uuid4().hex
    pay_url = f"/v1/shop/{seller.username}/orders/{co['order_token']}/pay"
    r = await _again(
        lambda: c.post(pay_url, json={"payment_method": pm}, headers={"Idempotency-Key": pay_key}), "pay"
    )
    assert r.status_code in (200, 409), r.text  # 409: an earlier try of this pay request is still running
    return co["order_token"]


async def _chaos(stack, stop: asyncio.Event, rng: random.Random, log: list[str]) -> None:
    """Kills one part at a random moment every few seconds and starts it again a moment later: each of the three
    once first (in a random order), then any of them, the worker twice as often."""
    first = rng.sample(["worker", "temporal", "postgres"], 3)
    while not stop.is_set():
        await asyncio.sleep(rng.uniform(2, 6))
        if stop.is_set():
            return
        part = first.pop(0) if first else rng.choice(["worker", "worker", "temporal", "postgres"])
        log.append(part)
        if part == "worker":
            stack.kill("worker")
            await asyncio.sleep(rng.uniform(0.2, 2))
            stack.start_worker()
        elif part == "temporal":
            stack.kill("temporal")
            await asyncio.sleep(rng.uniform(0.5, 2))
            stack.start_temporal()
        else:
            os.kill(
                stack._pg.get_pid(), signal.SIGQUIT
            )  # an immediate shutdown: recovery from the WAL at start
            await asyncio.sleep(rng.uniform(0.5, 2))
            await asyncio.to_thread(stack._pg.ensure_postgres_running)


def _settled_now(st: dict) -> bool:
    """Invoiced, and: a one-time order delivered; a subscription ended (canceled above: its download is gone)."""
    if not st.get("invoice_number"):
        return False
    if st.get("recurring"):
        return st.get("payment_state") not in ("pending", "paying", "payment_paused")
    return bool(st.get("download_url"))


async def _settled(c: httpx.AsyncClient, seller, token: str, timeout: float = 240) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        try:
            st = (await c.get(f"/v1/shop/{seller.username}/orders/{token}")).json()
            if _settled_now(st):
                return st
        except (httpx.TransportError, ValueError):
            pass
        assert time.monotonic() < deadline, f"order {token} was lost: never fulfilled"
        await asyncio.sleep(1)


async def test_checkouts_and_renewals_survive_killed_parts(stack):
    rng = random.Random(SEED)
    print(f"chaos seed {SEED}")  # CHAOS_SEED=… replays the same choices
    async with client(stack) as c:
        seller = await new_seller(stack, c, "chaos")
        once = await published_product(c, seller, price=2500, name="Chaos guide")
        weekly = await published_product(c, seller, plan=WEEKLY, name="Chaos club")
        stop, log = asyncio.Event(), []
        chaos = asyncio.create_task(_chaos(stack, stop, rng, log))
        gate = asyncio.Semaphore(8)

        async def one(product: dict, n: int) -> str:
            async with gate:
                return await _checkout(
                    stack, c, seller, product, f"chaos-{n}-{uuid.uuid4().hex[:6]}@example.com"
                )

        started = time.monotonic()
        tokens = await asyncio.gather(*(one(once, n) for n in range(CHECKOUTS)))
        subs = await asyncio.gather(*(one(weekly, CHECKOUTS + n) for n in range(SUBSCRIPTIONS)))
        # renewals: every subscription runs to its sixth rate while the parts keep dying
        for token in subs:
            url = f"/v1/cabinet/orders/{token}/subscription"
            deadline = time.monotonic() + 300
            while True:
                try:
                    body = (await c.get(url, headers=seller.headers)).json()
                    if sum(r["state"] == "paid" for r in body.get("rates", [])) >= RATES:
                        break
                except (httpx.TransportError, ValueError):
                    pass
                assert time.monotonic() < deadline, f"subscription {token} stopped renewing"
                await asyncio.sleep(1)
        stop.set()
        await chaos
        # the parts are up again: the subscriptions end (on a compressed day they would renew every 1.4 s while
        # the rest settles, thousands of rates), and everything settles
        for token in subs:
            url = f"/v1/cabinet/orders/{token}/subscription"
            r = await _again(
                lambda url=url: c.post(url, json={"action": "cancel_now"}, headers=seller.headers), "cancel"
            )
            assert r.status_code in (202, 409), r.text
        for token in [*tokens, *subs]:
            await _settled(c, seller, token)
        print(f"killed: {log} in {time.monotonic() - started:.0f} s")
        assert {"worker", "temporal", "postgres"} <= set(log), log  # every part died at least once

        # no order charged twice: one succeeded intent per one-time order, one per paid rate
        for token in tokens:
            assert len(await stripe_intents(stack, token)) == 1, token
        for token in subs:
            body = (await c.get(f"/v1/cabinet/orders/{token}/subscription", headers=seller.headers)).json()
            paid = sum(r["state"] == "paid" for r in body["rates"])
            assert len(await stripe_intents(stack, token)) == paid, token
        # every ledger sums to zero, per currency
        assert (
            await db_value(
                "select count(*) from (select currency from ledger_entries group by currency having sum(amount) <> 0) x"
            )
            == 0
        )
        # each booking once: no sale booked twice for an order's payment
        assert (
            await db_value(
                "select count(*) from (select idempotency_key from ledger_entries group by idempotency_key having count(*) > 1) x"
            )
            == 0
        )
        # every mail once: one order confirmation to each buyer
        for token in tokens[:: max(1, len(tokens) // 20)]:
            email = await db_value("select payer_email from orders where token = :t", t=token)
            confirmations = [m for m in await mails(stack, email) if "order" in m["subject"].lower()]
            subjects = [m["subject"] for m in confirmations]
            assert len(subjects) == len(set(subjects)), (email, subjects)
