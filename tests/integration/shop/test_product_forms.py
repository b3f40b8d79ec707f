"""Product forms beyond the download, each created, filled, published, bought and delivered, and closed again by a
refund or an ended subscription: license keys (the format's three messages, bulk adds, one key per order, the last
key to exactly one of two buyers, a checkout that expires giving its key back, the public verify call), digital
products (a link and a text) and services (a booking note)."""

from __future__ import annotations

import asyncio
import contextlib

import httpx
import pytest
from temporalio.client import Client, WorkflowExecutionStatus
from temporalio.service import RPCError

from domain.workflow_ids import subscription_id
from tests.integration.helpers import (
    CARD_OK,
    card_payment_method,
    client,
    db_count,
    new_seller,
    pay,
    start_checkout,
    stripe_succeeded_charges,
    until,
    wait_mail,
)

pytestmark = pytest.mark.integration

ONCE = {"name": "Once", "payment_type": "one_time", "price": 1900, "currency": "eur"}
MONTHLY = {"name": "Monthly", "payment_type": "subscription", "price": 900, "currency": "eur", "period": "1m"}


async def _product(c: httpx.AsyncClient, h: dict, form: str, name: str, **fields) -> dict:
    r = await c.post("/v1/cabinet/products", json={"name": name, "form": form}, headers=h)
    assert r.status_code == 201, r.text
    p = r.json()
    assert p["form"] == form
    if fields:
        r = await c.patch(f"/v1/cabinet/products/{p['id']}", json=fields, headers=h)
        assert r.status_code == 200, r.text
        p = r.json()
    return p


async def _plan(c: httpx.AsyncClient, h: dict, pid: int, plan: dict) -> None:
    r = await c.post(f"/v1/cabinet/products/{pid}/pricing_plans", json=plan, headers=h)
    assert r.status_code == 201, r.text


async def _publish(c: httpx.AsyncClient, h: dict, pid: int) -> dict:
    r = await c.post(f"/v1/cabinet/products/{pid}/publish", headers=h)
    assert r.status_code == 200, r.text
    return r.json()


async def _bought(
    stack, c: httpx.AsyncClient, username: str, product: dict, email: str, plan: int = 0
) -> str:
    shown = (await c.get(f"/v1/shop/{username}/products/{product['slug']}")).json()
    co = await start_checkout(
        c, username, {**product, "pricing_plans": [shown["pricing_plans"][plan]]}, email=email
    )
    pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
    r = await pay(c, username, co["order_token"], pm)
    assert r.json()["outcome"] == "succeeded", r.text
    return co["order_token"]


async def _delivered(c: httpx.AsyncClient, username: str, token: str, field: str) -> dict:
    return await until(c, f"/v1/shop/{username}/orders/{token}", None, lambda b: b.get(field) is not None, 30)


async def _verify(c: httpx.AsyncClient, username: str, key: str) -> dict:
    r = await c.get(f"/v1/shop/{username}/license_keys/verify", params={"key": key})
    assert r.status_code == 200, r.text
    return r.json()


async def test_license_keys_from_format_to_a_refund_that_revokes(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "keys")
        other = await new_seller(stack, c, "keys-other")
        h = seller.headers
        p = await _product(c, h, "license_key", "Pro licence")
        pid = p["id"]
        assert p["license_keys_free"] == 0 and p["license_keys_taken"] == 0
        # the format's three messages (editor §5), each refusing the change
        for fmt, reason in [
            ("SF-{abc}", "bad_format"),
            ("no parameters", "bad_format"),
            ("SF-{numeric_2}-{alphabetic_2}", "format_size"),
            ("SF-{hex_5}", "format_type"),
        ]:
            r = await c.patch(f"/v1/cabinet/products/{pid}", json={"key_format": fmt}, headers=h)
            assert r.status_code == 400 and r.json()["reason"] == reason, (fmt, r.text)
            assert "key_format" in r.json()["fields"]
        assert (await c.get(f"/v1/cabinet/products/{pid}", headers=h)).json()["key_format"] is None
        r = await c.patch(
            f"/v1/cabinet/products/{pid}", json={"key_format": "SF-{alphanumeric_5}-{numeric_4}"}, headers=h
        )
        assert r.status_code == 200 and r.json()["key_format"] == "SF-{alphanumeric_5}-{numeric_4}"
        # an empty pool cannot be published: sold out
        await _plan(c, h, pid, ONCE)
        r = await c.post(f"/v1/cabinet/products/{pid}/publish", headers=h)
        assert r.status_code == 422 and "limit_reached" in r.text
        # a key that breaks the format refuses the whole paste; nothing is added
        r = await c.post(
            f"/v1/cabinet/products/{pid}/license_keys", json={"text": "SF-ABCDE-1234\nwrong"}, headers=h
        )
        assert r.status_code == 400 and "line 2" in r.text
        assert (await c.get(f"/v1/cabinet/products/{pid}", headers=h)).json()["license_keys_free"] == 0
        # pasted (a repeat counted, not added), generated, uploaded as CSV with a header
        r = await c.post(
            f"/v1/cabinet/products/{pid}/license_keys",
            json={"text": "SF-ABCDE-1234\nSF-ABCDE-1234\n  SF-XYZ12-0001  \n"},
            headers=h,
        )
        assert r.status_code == 201 and r.json() == {"added": 2, "duplicates": 1, "free": 2}, r.text
        r = await c.post(f"/v1/cabinet/products/{pid}/license_keys", json={"generate": 3}, headers=h)
        assert r.json()["added"] == 3 and r.json()["free"] == 5
        r = await c.post(
            f"/v1/cabinet/products/{pid}/license_keys/csv",
            files={"file": ("keys.csv", b"key;note\nSF-CSV01-0001;first\nSF-ABCDE-1234;again\n", "text/csv")},
            headers=h,
        )
        assert r.status_code == 201 and r.json() == {"added": 1, "duplicates": 1, "free": 6}, r.text
        keys = (await c.get(f"/v1/cabinet/products/{pid}/license_keys", headers=h)).json()
        assert keys["total_count"] == 6 and {k["state"] for k in keys["list"]} == {"free"}
        assert all(k["key"].startswith("SF-") for k in keys["list"])
        # another seller sees none of it
        assert (
            await c.get(f"/v1/cabinet/products/{pid}/license_keys", headers=other.headers)
        ).status_code == 404
        r = await c.post(
            f"/v1/cabinet/products/{pid}/license_keys", json={"generate": 1}, headers=other.headers
        )
        assert r.status_code == 404
        product = await _publish(c, h, pid)

        token = await _bought(stack, c, seller.username, product, "licensee@example.com")
        status = await _delivered(c, seller.username, token, "license_key")
        key = status["license_key"]
        assert status["download_url"] is None and key.startswith("SF-")
        mail = await wait_mail(stack, "licensee@example.com", "Your order")
        assert key in mail["body"] and "Download" not in mail["body"]
        assert await _verify(c, seller.username, key) == {"state": "valid", "product": product["slug"]}
        assert (await _verify(c, other.username, key))["state"] == "unknown"  # keys belong to their seller
        assert (await _verify(c, seller.username, "SF-NOPE0-0000"))["state"] == "unknown"
        free = [k for k in keys["list"] if k["key"] != key][0]["key"]
        assert (await _verify(c, seller.username, free))["state"] == "unknown"  # nobody was given it
        taken = (await c.get(f"/v1/cabinet/products/{pid}/license_keys?state=taken", headers=h)).json()
        assert [(k["key"], k["state"], k["order_token"]) for k in taken["list"]] == [
            (key, "delivered", token)
        ]
        # a sold key stays with its order
        r = await c.delete(f"/v1/cabinet/products/{pid}/license_keys/{taken['list'][0]['id']}", headers=h)
        assert r.status_code == 409
        assert (
            await db_count("select count(*) from license_keys where order_id is not null and key = :k", k=key)
            == 1
        )

        r = await c.post(
            f"/v1/cabinet/orders/{token}/refunds", json={"amount": 1900, "reason": "Wrong licence"}, headers=h
        )
        assert r.status_code in (200, 201, 202), r.text
        await until(
            c, f"/v1/shop/{seller.username}/orders/{token}", None, lambda b: b["license_key"] is None, 30
        )
        assert (await _verify(c, seller.username, key))["state"] == "revoked"
        # the refunded key is not sold again
        token2 = await _bought(stack, c, seller.username, product, "second@example.com")
        key2 = (await _delivered(c, seller.username, token2, "license_key"))["license_key"]
        assert key2 != key


async def test_the_last_key_goes_to_exactly_one_of_two_buyers(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "lastkey")
        h = seller.headers
        p = await _product(c, h, "license_key", "Last licence")
        await c.post(f"/v1/cabinet/products/{p['id']}/license_keys", json={"text": "ONLY-KEY-1"}, headers=h)
        await _plan(c, h, p["id"], ONCE)
        product = await _publish(c, h, p["id"])
        a = await start_checkout(c, seller.username, product, email="a@example.com")
        b = await start_checkout(c, seller.username, product, email="b@example.com")
        pm_a, pm_b = await asyncio.gather(
            card_payment_method(stack, a["setup_intent_client_secret"], CARD_OK),
            card_payment_method(stack, b["setup_intent_client_secret"], CARD_OK),
        )
        ra, rb = await asyncio.gather(
            pay(c, seller.username, a["order_token"], pm_a), pay(c, seller.username, b["order_token"], pm_b)
        )
        outcomes = sorted([ra.json()["outcome"], rb.json()["outcome"]])
        assert outcomes == ["failed", "succeeded"], (ra.text, rb.text)
        loser = ra if ra.json()["outcome"] == "failed" else rb
        assert "sold out" in loser.json()["message"]
        winner = a if loser is rb else b
        status = await _delivered(c, seller.username, winner["order_token"], "license_key")
        assert status["license_key"] == "ONLY-KEY-1"
        # the buyer who got no key was never charged
        loser_token = (b if loser is rb else a)["order_token"]
        assert (
            await db_count(
                "select count(*) from payment_intents pi join orders o on o.id = pi.order_id where o.token = :t",
                t=loser_token,
            )
            == 0
        )
        listed = (await c.get(f"/v1/cabinet/products/{p['id']}", headers=h)).json()
        assert listed["license_keys_free"] == 0 and "limit_reached" in listed["warnings"]
        # sold out: the shop refuses a new checkout
        r = await c.post(
            f"/v1/shop/{seller.username}/products/{product['slug']}/checkout",
            json={
                "pricing_plan_id": product["pricing_plans"][0]["id"],
                "withdrawal_consent": True,
                "payer": {"email": "c@example.com", "first_name": "C", "last_name": "D"},
            },
        )
        assert r.status_code == 422 and "limit_reached" in r.text


async def test_digital_and_service_deliver_their_link_and_text_while_paid(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "digital")
        h = seller.headers
        d = await _product(c, h, "digital", "Template pack")
        await _plan(c, h, d["id"], ONCE)
        await _plan(c, h, d["id"], MONTHLY)
        r = await c.post(f"/v1/cabinet/products/{d['id']}/publish", headers=h)
        assert r.status_code == 422 and "no_digitals" in r.text  # nothing to deliver yet
        for bad in ["javascript:alert(1)", "ftp://example.com/x", "https://", "https://exa mple.com"]:
            r = await c.patch(f"/v1/cabinet/products/{d['id']}", json={"delivery_link": bad}, headers=h)
            assert r.status_code == 400 and "delivery_link" in r.json()["fields"], bad
        r = await c.patch(
            f"/v1/cabinet/products/{d['id']}",
            json={"delivery_link": "https://files.example.com/pack", "delivery_text": "Unzip and enjoy."},
            headers=h,
        )
        assert r.status_code == 200
        digital = await _publish(c, h, d["id"])
        copy = (await c.post(f"/v1/cabinet/products/{d['id']}/duplicate", headers=h)).json()
        assert copy["delivery_link"] == "https://files.example.com/pack" and copy["form"] == "digital"
        token = await _bought(stack, c, seller.username, digital, "monthly@example.com", plan=1)
        status = await _delivered(c, seller.username, token, "delivery_link")
        assert status["delivery_link"] == "https://files.example.com/pack"
        assert status["delivery_text"] == "Unzip and enjoy." and status["download_url"] is None
        mail = await wait_mail(stack, "monthly@example.com", "Your order")
        assert "https://files.example.com/pack" in mail["body"] and "Unzip and enjoy." in mail["body"]
        # the subscription ends: the link is gone from the page (once the checkout has started it: the mails go
        # first, and a busy machine may start it a moment after them)
        temporal = await Client.connect(f"127.0.0.1:{stack.ports.temporal}")
        running = temporal.get_workflow_handle(subscription_id(token))
        for _ in range(100):
            with contextlib.suppress(RPCError):
                if (await running.describe()).status == WorkflowExecutionStatus.RUNNING:
                    break
            await asyncio.sleep(0.2)
        r = await c.post(f"/v1/cabinet/orders/{token}/subscription", json={"action": "cancel_now"}, headers=h)
        assert r.status_code == 202, r.text
        await until(
            c, f"/v1/shop/{seller.username}/orders/{token}", None, lambda b: b["delivery_link"] is None, 30
        )

        s = await _product(
            c, h, "service", "Coaching hour", delivery_text="Book your slot: reply to this mail."
        )
        await _plan(c, h, s["id"], ONCE)
        service = await _publish(c, h, s["id"])  # a service needs nothing more to be sold
        token = await _bought(stack, c, seller.username, service, "coachee@example.com")
        status = await _delivered(c, seller.username, token, "delivery_text")
        assert (
            status["delivery_text"] == "Book your slot: reply to this mail." and status["license_key"] is None
        )
        r = await c.post(
            f"/v1/cabinet/orders/{token}/refunds", json={"amount": 1900, "reason": "Cancelled"}, headers=h
        )
        assert r.status_code in (200, 201, 202), r.text
        await until(
            c, f"/v1/shop/{seller.username}/orders/{token}", None, lambda b: b["delivery_text"] is None, 30
        )


async def test_forms_not_built_yet_cannot_be_created(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "forms", legitimate=False)
        for form in ("nonsense", "ticket"):
            r = await c.post("/v1/cabinet/products", json={"name": "X", "form": form}, headers=seller.headers)
            assert r.status_code == 400, (form, r.text)
        p = await _product(c, seller.headers, "download", "File")
        r = await c.post(
            f"/v1/cabinet/products/{p['id']}/license_keys", json={"generate": 1}, headers=seller.headers
        )
        assert r.status_code == 404  # a download has no pool


@pytest.mark.parametrize("kill_after_s", [0.05, 0.3])
async def test_a_worker_killed_mid_purchase_leaves_one_key_and_one_charge(stack, kill_after_s):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "keycrash")
        h = seller.headers
        p = await _product(c, h, "license_key", "Crash licence")
        await c.post(
            f"/v1/cabinet/products/{p['id']}/license_keys", json={"text": "C-1\nC-2\nC-3"}, headers=h
        )
        await _plan(c, h, p["id"], ONCE)
        product = await _publish(c, h, p["id"])
        co = await start_checkout(c, seller.username, product)
        token = co["order_token"]
        pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
        request = asyncio.create_task(pay(c, seller.username, token, pm))
        await asyncio.sleep(kill_after_s)
        stack.kill("worker")  # SIGKILL: whatever was in flight is lost
        await asyncio.sleep(0.5)
        stack.start_worker()
        r = await request
        if r.status_code == 503:  # the payment step gave up while no worker ran: the buyer retries
            r = await pay(c, seller.username, token, pm)
        assert r.status_code == 200 and r.json()["outcome"] == "succeeded", r.text
        key = (await _delivered(c, seller.username, token, "license_key"))["license_key"]
        assert key == "C-1"
        assert await stripe_succeeded_charges(stack, token) == 1
        held = await db_count(
            "select count(*) from license_keys k join orders o on o.id = k.order_id where o.token = :t",
            t=token,
        )
        assert held == 1
        assert (await c.get(f"/v1/cabinet/products/{p['id']}", headers=h)).json()["license_keys_free"] == 2


async def test_the_details_a_seller_sets_category_limit_password_and_cost_center(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "details")
        h = seller.headers
        p = await _product(c, h, "service", "Consulting hour")
        pid = p["id"]
        for bad in [
            {"category": "weapons"},
            {"limit": -1},
            {"limit": 1.5},
            {"limit": "3"},
            {"cost_center": "x" * 101},
        ]:
            r = await c.patch(f"/v1/cabinet/products/{pid}", json=bad, headers=h)
            assert r.status_code == 400, (bad, r.text)
        r = await c.patch(
            f"/v1/cabinet/products/{pid}",
            json={"category": "coaching", "limit": 1, "cost_center": "KST-42", "access_password": "secret"},
            headers=h,
        )
        assert r.status_code == 200
        body = r.json()
        assert (body["category"], body["limit"], body["cost_center"]) == ("coaching", 1, "KST-42")
        assert "has_access_password" in body["warnings"]  # core §6: not sold via the shop while it has one
        r = await c.patch(
            f"/v1/cabinet/products/{pid}", json={"access_password": "", "category": ""}, headers=h
        )
        assert r.json()["access_password"] is None and r.json()["category"] is None
        await _plan(c, h, pid, ONCE)
        service = await _publish(c, h, pid)
        await _bought(stack, c, seller.username, service, "only@example.com")
        listed = await until(
            c, f"/v1/cabinet/products/{pid}", h, lambda b: "limit_reached" in b["warnings"], 30
        )
        assert listed["sold_count"] == 1
        r = await c.patch(f"/v1/cabinet/products/{pid}", json={"limit": 0}, headers=h)
        assert r.json()["limit"] is None and "limit_reached" not in r.json()["warnings"]
