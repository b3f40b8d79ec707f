"""The account deletion wizard through the real stack (PostgreSQL, Temporal, localstripe), on the test stack's
compressed billing day (the workflow re-checks every day of it): a seller with an active subscription starts the
deletion and is blocked by active orders (and the balance not paid out); cancels the subscription; the check
clears; deletion completes; personal data is scrambled but invoices and ledger kept; the shop answers 404 and
sign-in fails. Also: deactivation and reactivation, another seller cannot touch the request, and a worker
killed mid-deletion deletes exactly once."""

from __future__ import annotations

import asyncio
import time

import httpx
import pytest

from tests.integration.helpers import (
    CARD_OK,
    card_payment_method,
    client,
    db_count,
    db_execute,
    db_value,
    mails,
    manager_headers,
    new_seller,
    pay,
    published_product,
    seller_id_of,
    start_checkout,
    until,
    wait_fulfilled,
    wait_mail,
)

pytestmark = pytest.mark.integration

URL = "/v1/cabinet/account_deletion"
YEARLY = {"name": "Yearly", "payment_type": "subscription", "price": 4000, "period": "1y", "currency": "eur"}


async def _until(c: httpx.AsyncClient, h: dict, check, timeout: float = 60) -> dict:
    deadline, body = time.monotonic() + timeout, {}
    while time.monotonic() < deadline:
        body = (await c.get(URL, headers=h)).json()
        if check(body):
            return body
        await asyncio.sleep(0.2)
    raise AssertionError(f"wizard never reached the expected state: {body}")


def _blocking(body: dict) -> set[str]:
    return {x["kind"] for x in body["checks"] if not x["ok"]}


async def _buy(stack, c: httpx.AsyncClient, username: str, product: dict) -> str:
    co = await start_checkout(c, username, product)
    pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
    r = await pay(c, username, co["order_token"], pm)
    assert r.status_code == 200 and r.json()["outcome"] == "succeeded", r.text
    await wait_fulfilled(c, username, co["order_token"])
    # the subscription's own workflow takes the order over (paying) a step after it is fulfilled: until then there
    # is no Subscription the wizard could end at its period's end (read too early once, with the browser
    # scenarios running beside)
    await until(
        c, f"/v1/shop/{username}/orders/{co['order_token']}", None, lambda o: o["payment_state"] == "paying"
    )
    return co["order_token"]


async def _sid(seller) -> int:
    """Any seller's id (the admin list shows only sellers who started their legitimation)."""
    sql = "select s.id from sellers s join users u on u.id = s.user_id where u.username = :u"
    return int(await db_value(sql, u=seller.username))


async def _paid_out(sid: int) -> None:
    """The seller's balance leaves for the bank (the Payout workflow's booking, proven in tests/integration/
    payouts; here only its two ledger entries, so that this test needs no bank round trip)."""
    balance = await db_value(
        "select coalesce(sum(amount), 0) from ledger_entries where payee_type = 'seller' and payee_id = :s",
        s=sid,
    )
    for payee_type, payee_id, amount, suffix in (
        ("seller", sid, -balance, "payee"),
        ("clearing", 0, balance, "clr"),
    ):
        await db_execute(
            "insert into ledger_entries (payee_type, payee_id, kind, amount, currency, idempotency_key) "
            "values (:t, :p, 'payout', :a, 'eur', :k)",
            t=payee_type,
            p=payee_id,
            a=amount,
            k=f"test-payout-{sid}-{suffix}",
        )


async def test_a_seller_with_a_subscription_is_blocked_then_deleted(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "closing")
        h = seller.headers
        sid = await seller_id_of(c, seller)
        product = await published_product(c, seller, plan=YEARLY)
        token = await _buy(stack, c, seller.username, product)
        invoices = await db_count("select count(*) from invoices where seller_id = :s", s=sid)
        entries = await db_count("select count(*) from ledger_entries where payee_id = :s", s=sid)
        assert invoices >= 1 and entries >= 2

        assert (await c.get(URL, headers=h)).json()["step"] == 0  # why deleting
        bad = await c.post(f"{URL}/start", json={"flow_kind": "deletion", "reasons": ["other"]}, headers=h)
        assert bad.status_code == 400 and bad.json()["fields"]["reason_text"] == "required"
        r = await c.post(
            f"{URL}/start", json={"flow_kind": "deletion", "reasons": ["too_expensive"]}, headers=h
        )
        assert r.status_code == 201, r.text
        again = await c.post(
            f"{URL}/start", json={"flow_kind": "deletion", "reasons": ["too_expensive"]}, headers=h
        )
        assert again.status_code == 409
        body = await _until(c, h, lambda b: b["checks"] and b["step"] == -1)
        assert {"active_orders", "payouts_not_paid_out"} <= _blocking(body)
        orders = next(x for x in body["checks"] if x["kind"] == "active_orders")
        assert (
            orders["count"] == 1
            and orders["clear_url"].startswith("/cabinet/orders?filters[payment_state][]=paying")
            and "subscription" in orders["message"]
        )
        assert (await c.get(f"/v1/shop/{seller.username}/products/{product['slug']}")).status_code == 404
        me = {"username": seller.username}
        assert (await c.post(f"{URL}/confirm", json=me, headers=h)).status_code == 409  # blocked
        await wait_mail(stack, seller.email, "deletion has started")
        reasons = await db_value("select reasons::text from account_deletions where seller_id = :s", s=sid)
        assert "too_expensive" in reasons

        r = await c.post(f"/v1/cabinet/orders/{token}/subscription", json={"action": "cancel_now"}, headers=h)
        assert r.status_code == 202, r.text
        await c.post(f"{URL}/check_again", headers=h)
        body = await _until(c, h, lambda b: "active_orders" not in _blocking(b))
        assert _blocking(body) == {"payouts_not_paid_out"}
        await _paid_out(sid)
        assert (await c.post(f"{URL}/check_again", headers=h)).status_code == 200
        body = await _until(c, h, lambda b: b["step"] == 2 and b["can_confirm"])
        assert all(x["ok"] for x in body["checks"]) and len(body["checks"]) == 4
        # deleting for good asks for the username, typed
        r = await c.post(f"{URL}/confirm", json={"username": "someone-else"}, headers=h)
        assert r.status_code == 400 and "username" in r.text
        assert (await c.post(f"{URL}/confirm", headers=h)).status_code == 400
        r = await c.post(f"{URL}/confirm", json={"username": f" {seller.username.upper()} "}, headers=h)
        assert r.status_code == 200, r.text

        for _ in range(200):
            if await db_value("select account_type from sellers where id = :s", s=sid) == "deleted":
                break
            await asyncio.sleep(0.2)
        row = await db_value(
            "select json_build_object('email', u.email, 'first', u.first_name, 'pw', u.password_hash, "
            "'data', s.account_data_state, 'until', s.retention_until) from users u join sellers s "
            "on s.user_id = u.id where s.id = :s",
            s=sid,
        )
        assert (
            row["email"] == f"deleted-seller-{sid}@deleted.invalid"
            and row["first"] is None
            and row["pw"] is None
        )
        assert row["data"] == "deleted" and row["until"].endswith("-12-31")
        assert (
            await db_count(
                "select count(*) from seller_profiles where seller_id = :s and city is not null", s=sid
            )
            == 0
        )
        assert (
            await db_count(
                "select count(*) from bank_accounts where seller_id = :s and iban not like 'deleted-%'", s=sid
            )
            == 0
        )
        assert (
            await db_count(
                "select count(*) from refresh_tokens where user_id = (select user_id from sellers "
                "where id = :s) and revoked_at is null",
                s=sid,
            )
            == 0
        )
        # bookkeeping kept: every invoice with its document, every ledger entry
        assert (
            await db_count(
                "select count(*) from invoices where seller_id = :s and document is not null", s=sid
            )
            == invoices
        )
        assert await db_count("select count(*) from ledger_entries where payee_id = :s", s=sid) == entries + 1
        # the shop is gone, the buyer keeps the invoice, the seller can no longer sign in or use the old token
        assert (await c.get(f"/v1/shop/{seller.username}/products/{product['slug']}")).status_code == 404
        number = await db_value("select min(number) from invoices where seller_id = :s", s=sid)
        pdf = await c.get(f"/v1/shop/{seller.username}/orders/{token}/invoices/{number}/pdf")
        assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
        r = await c.post(
            "/v1/app/session",
            json={"email": seller.email, "password": "correct-horse-1", "fingerprint": "fp"},
        )
        assert r.status_code == 401
        assert (await c.get(URL, headers=h)).status_code == 401
    assert any("deleted" in m["subject"] for m in await mails(stack, seller.email))


async def test_deactivation_is_reversible_and_another_seller_cannot_touch_it(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "pause", legitimate=False)
        other = await new_seller(stack, c, "other", legitimate=False)
        h = seller.headers
        sid = await _sid(seller)
        r = await c.post(
            f"{URL}/start",
            json={
                "flow_kind": "deactivation",
                "reasons": ["dont_need_anymore", "other"],
                "reason_text": "A break",
            },
            headers=h,
        )
        assert r.status_code == 201, r.text
        # the other seller sees only their own (empty) wizard and can neither cancel nor confirm this one
        theirs = (await c.get(URL, headers=other.headers)).json()
        assert theirs["step"] == 0 and theirs["flow_kind"] is None and theirs["checks"] == []
        for action in ("cancel", "confirm", "check_again", "reactivate", "end_subscriptions"):
            body = {"username": other.username} if action == "confirm" else None
            assert (await c.post(f"{URL}/{action}", json=body, headers=other.headers)).status_code == 409
        body = await _until(c, h, lambda b: b["step"] == 4 and b["can_confirm"])
        assert [x["kind"] for x in body["checks"]] == ["active_orders"]
        assert (
            await c.post(f"{URL}/confirm", json={"username": seller.username}, headers=h)
        ).status_code == 200
        body = await _until(c, h, lambda b: b["account_type"] == "deactivated" and b["can_reactivate"])
        assert body["step"] == 5 and body["can_cancel"] is False
        assert (await c.post(f"{URL}/cancel", headers=h)).status_code == 409
        # deactivated: the data stays, sign-in still works (to reactivate)
        assert (
            await db_value(
                "select email from users u join sellers s on s.user_id = u.id where s.id = :s", s=sid
            )
            == seller.email
        )
        r = await c.post(
            "/v1/app/session",
            json={"email": seller.email, "password": "correct-horse-1", "fingerprint": "fp"},
        )
        assert r.status_code == 200
        assert (await c.post(f"{URL}/reactivate", headers=h)).status_code == 200
        body = await _until(c, h, lambda b: b["account_type"] == "active" and b["step"] == 0)
        assert body["account_data_state"] == "empty"
        assert (await c.post(f"{URL}/reactivate", headers=h)).status_code == 409
        # ops staff read the workflow's history in the admin area
        r = await c.get(
            f"/v1/admin/workflows/account-deletion-{sid}/history", headers=await manager_headers(c)
        )
        assert r.status_code == 200 and r.json()["events"], r.text
        r = await c.get(f"/v1/admin/workflows/account-deletion-{sid}/history", headers=other.headers)
        assert r.status_code == 403


async def test_a_worker_killed_mid_deletion_deletes_once(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "crash", legitimate=False)
        h = seller.headers
        sid = await _sid(seller)
        r = await c.post(
            f"{URL}/start", json={"flow_kind": "deletion", "reasons": ["too_expensive"]}, headers=h
        )
        assert r.status_code == 201, r.text
        await _until(c, h, lambda b: b["can_confirm"])
        assert (
            await c.post(f"{URL}/confirm", json={"username": seller.username}, headers=h)
        ).status_code == 200
        stack.kill("worker")  # SIGKILL while the deletion works: whatever was in flight is lost
        await asyncio.sleep(0.5)
        stack.start_worker()
        for _ in range(300):
            if await db_value("select account_type from sellers where id = :s", s=sid) == "deleted":
                break
            await asyncio.sleep(0.2)
        assert await db_value("select account_data_state from sellers where id = :s", s=sid) == "deleted"
        assert await db_value(
            "select email from users u join sellers s on s.user_id = u.id where s.id = :s", s=sid
        ) == (f"deleted-seller-{sid}@deleted.invalid")
    assert (
        await db_count(
            "select count(*) from mails where idempotency_key like :k", k=f"account-deletion-{sid}-%"
        )
        == 2
    )


async def test_a_seller_who_waited_ends_the_subscription_from_the_wizard(stack):
    """The wizard's "Cancel at period end" on a blocked deletion: the subscription is cancelled at the end of its
    paid period (the buyer keeps access, no further charge) and Active orders stops blocking at once."""
    async with client(stack) as c:
        seller = await new_seller(stack, c, "waited")
        h = seller.headers
        product = await published_product(c, seller, plan=YEARLY)
        token = await _buy(stack, c, seller.username, product)
        r = await c.post(
            f"{URL}/start",
            json={"flow_kind": "deletion", "reasons": ["other"], "reason_text": "x"},
            headers=h,
        )
        assert r.status_code == 201, r.text
        body = await _until(c, h, lambda b: b["checks"] and b["step"] == -1)
        assert "active_orders" in _blocking(body) and body["running_subscriptions"] == 1
        r = await c.post(f"{URL}/end_subscriptions", headers=h)
        assert r.status_code == 200, r.text
        body = await _until(c, h, lambda b: "active_orders" not in _blocking(b))
        assert body["ending_subscriptions"] == 1 and body["running_subscriptions"] == 0
        assert body["subscriptions"] == "cancel_at_period_end"
        assert (await c.post(f"{URL}/end_subscriptions", headers=h)).status_code == 409  # nothing left to end
        order = (await c.get(f"/v1/cabinet/orders/{token}", headers=h)).json()
        assert order["payment_state"] == "paying"  # still running: it ends with its paid period
        shop_page = f"/v1/shop/{seller.username}/products/{product['slug']}"
        assert (await c.get(shop_page)).status_code == 404  # the shop is offline while the request runs
        assert (await c.post(f"{URL}/cancel", headers=h)).status_code == 200
        # cancelled: the product the request took off the shop sells again, without the seller publishing it
        for _ in range(100):
            if (await c.get(shop_page)).status_code == 200:
                break
            await asyncio.sleep(0.2)
        assert (await c.get(shop_page)).status_code == 200
