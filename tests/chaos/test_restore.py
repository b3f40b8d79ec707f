"""The restore drill (issue 24 item 9; `make chaos`): a base backup, a day's business written to the WAL archive
only, a mistake (an UPDATE without its WHERE overwrites every buyer's e-mail address), and the runbook of
deploy/production/README.md: stop the workers and the API, restore the database to the named point before the
mistake, start them again. Afterwards the mistake is undone, what was written after the point is gone, and the
subscriptions still running in Temporal (which kept its own history through the restore) renew against the
restored database: each rate charged once, the ledger summing to zero, no workflow task failing."""

from __future__ import annotations

import asyncio
import time

import pytest
from temporalio.api.enums.v1 import EventType
from temporalio.client import Client

from deploy import backup
from domain.workflow_ids import subscription_id
from store.db import dispose
from tests.integration.helpers import (
    CARD_OK,
    card_payment_method,
    client,
    db_execute,
    db_value,
    new_seller,
    pay,
    published_product,
    start_checkout,
    stripe_intents,
    wait_fulfilled,
)

pytestmark = pytest.mark.chaos

ONCE, SUBSCRIPTIONS = 6, 3
# a year of the compressed calendar (0.2 s a day) is 73 s: no renewal falls between the restore point and the
# workers' stop, and the second rate falls after the restore
YEARLY = {"name": "Yearly", "payment_type": "subscription", "price": 9900, "period": "1y", "currency": "eur"}


async def _bought(stack, c, seller, product: dict, n: int) -> tuple[str, str]:
    email = f"drill-{n}-{time.monotonic_ns() % 10**6}@example.com"
    co = await start_checkout(c, seller.username, product, email=email)
    pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
    r = await pay(c, seller.username, co["order_token"], pm)
    assert r.status_code == 200 and r.json()["outcome"] == "succeeded", r.text
    await wait_fulfilled(c, seller.username, co["order_token"], timeout=60)
    return co["order_token"], email


async def _paid_rates(c, seller, token: str) -> int:
    body = (await c.get(f"/v1/cabinet/orders/{token}/subscription", headers=seller.headers)).json()
    return sum(r["state"] == "paid" for r in body["rates"])


async def _workflow_tasks_failed(stack, token: str) -> int:
    temporal = await Client.connect(f"127.0.0.1:{stack.ports.temporal}")
    history = await temporal.get_workflow_handle(subscription_id(token)).fetch_history()
    return sum(e.event_type == EventType.EVENT_TYPE_WORKFLOW_TASK_FAILED for e in history.events)


async def test_a_restore_to_the_point_before_a_mistake_undoes_it_and_the_running_workflows_carry_on(stack):
    assert stack.wal_archive is not None, "the chaos stack archives its WAL"
    base = stack.data_dir / "base-backup"
    async with client(stack) as c:
        seller = await new_seller(stack, c, "drill")
        once = await published_product(c, seller, price=1200, name="Drill guide")
        yearly = await published_product(c, seller, plan=YEARLY, name="Drill club")
        # the night's base backup; the day's business after it reaches the archive only as WAL
        await asyncio.to_thread(backup.base_backup, stack._pg, base)
        bought = [await _bought(stack, c, seller, once, n) for n in range(ONCE)]
        subs = [await _bought(stack, c, seller, yearly, ONCE + n) for n in range(SUBSCRIPTIONS)]
        for token, _ in subs:  # the first rate is booked paid by the subscription's workflow, just after
            deadline = time.monotonic() + 30
            while await _paid_rates(c, seller, token) < 1:
                assert time.monotonic() < deadline, f"{token}: its first rate never paid"
                await asyncio.sleep(0.2)
            assert await _paid_rates(c, seller, token) == 1

        point = await asyncio.to_thread(backup.restore_point, stack._pg, "drill-before-the-mistake")
        # the mistake, and something the app wrote after the point
        await db_execute("update orders set payer_email = 'oops@example.com'")
        late = await c.post(
            "/v1/cabinet/products", json={"name": "Made after the point"}, headers=seller.headers
        )
        assert late.status_code == 201, late.text
        # the runbook: stop what writes, archive the last WAL, restore to the point, start again
        stack.kill("worker")
        stack.kill("api")
        await asyncio.to_thread(backup.flush_archive, stack._pg)
        await dispose()
        started = time.monotonic()
        aside = await asyncio.to_thread(
            backup.restore, stack._pg, base, stack.wal_archive, target_name="drill-before-the-mistake"
        )
        restored_in = time.monotonic() - started
        stack.start_worker()
        stack.start_api()
        print(f"restored to {point} in {restored_in:.1f} s (the replaced data kept in {aside.name})")

    async with client(stack) as c:
        # the mistake is undone, and what came after the point is gone
        for token, email in [*bought, *subs]:
            assert await db_value("select payer_email from orders where token = :t", t=token) == email
        names = [
            p["name"] for p in (await c.get("/v1/cabinet/products", headers=seller.headers)).json()["list"]
        ]
        assert "Made after the point" not in names and "Drill club" in names, names

        # the subscriptions running in Temporal renew against the restored database
        deadline = time.monotonic() + 150
        for token, _ in subs:
            while await _paid_rates(c, seller, token) < 2:
                assert time.monotonic() < deadline, f"subscription {token} stopped after the restore"
                await asyncio.sleep(1)
        for token, _ in subs:
            r = await c.post(
                f"/v1/cabinet/orders/{token}/subscription",
                json={"action": "cancel_now"},
                headers=seller.headers,
            )
            assert r.status_code == 202, r.text

        # order, provider and ledger agree: one charge per one-time order, one per paid rate, nothing booked twice
        for token, _ in bought:
            assert len(await stripe_intents(stack, token)) == 1, token
        for token, _ in subs:
            assert len(await stripe_intents(stack, token)) == await _paid_rates(c, seller, token), token
            assert await _workflow_tasks_failed(stack, token) == 0, token
        unbalanced = "select count(*) from (select currency from ledger_entries group by currency having sum(amount) <> 0) x"
        assert await db_value(unbalanced) == 0
        twice = "select count(*) from (select idempotency_key from ledger_entries group by idempotency_key having count(*) > 1) x"
        assert await db_value(twice) == 0
