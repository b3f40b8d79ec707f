"""The seller's notifications through the real stack (issue 24 item 6): a sale is noticed in the cabinet and mailed
as the seller chose; another seller sees and marks nothing of it; a closed day's income summary sums the seller's
sales once however often it is run; a message from the managers reaches the seller once."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest

from tests.integration.helpers import (
    client,
    db_count,
    db_execute,
    mails,
    manager_headers,
    new_seller,
    paid_order,
    until,
    wait_mail,
)

pytestmark = pytest.mark.integration


async def _notices(c, h, **params) -> dict:
    r = await c.get("/v1/cabinet/notifications", params=params, headers=h)
    assert r.status_code == 200, r.text
    return r.json()


async def test_a_sale_is_noticed_read_and_summed_in_the_days_summary(stack):
    async with client(stack) as c:
        sold = await paid_order(stack, c, "notice")
        h = sold.seller.headers
        got = await until(c, "/v1/cabinet/notifications", h, lambda b: b["total_count"] >= 1)
        [sale] = [n for n in got["list"] if n["type"] == "paid_transaction"]
        total = 2500  # the helper product's price
        assert (sale["data"]["order"], sale["data"]["amount"], sale["data"]["currency"]) == (
            sold.token,
            total,
            "eur",
        )
        assert got["unread_count"] == 1 and sale["read_at"] is None
        await wait_mail(stack, sold.seller.email, "New sale")  # the sale's mail is on until turned off

        # another seller sees nothing of it, and marking its id read changes nothing
        other = await new_seller(stack, c, "notice-other", legitimate=False)
        assert (await _notices(c, other.headers))["list"] == []
        r = await c.post("/v1/cabinet/notifications/read", json={"ids": [sale["id"]]}, headers=other.headers)
        assert r.status_code == 200 and r.json()["unread_count"] == 0
        assert (await c.get("/v1/cabinet/notifications/unread_count", headers=h)).json()["unread_count"] == 1

        r = await c.post("/v1/cabinet/notifications/read", json={"ids": [sale["id"]]}, headers=h)
        assert r.status_code == 200 and r.json()["unread_count"] == 0, r.text
        assert (await _notices(c, h, unread="true"))["list"] == []

        # the day's summary is mailed only when chosen: the seller turns it on
        r = await c.put(
            "/v1/cabinet/notification_settings",
            json={"list": [{"type": "day_income", "in_app": True, "mail": True}]},
            headers=h,
        )
        assert r.status_code == 200, r.text
        assert {"type": "day_income", "in_app": True, "mail": True} in r.json()["list"]

        # the sale happened yesterday (moved there), and a manager runs yesterday's summaries twice
        yesterday = (datetime.now(UTC) - timedelta(days=1)).date()
        await db_execute(
            "UPDATE transfers SET created_at = created_at - interval '1 day' "
            "WHERE order_id = (SELECT id FROM orders WHERE token = :t) AND form = 'sale'",
            t=sold.token,
        )
        m = await manager_headers(c)
        for _ in range(2):
            r = await c.post(
                "/v1/admin/income_summaries",
                json={"day": yesterday.isoformat()},
                headers={**m, "Idempotency-Key": f"sum-{sold.token}-{_}"},
            )
            assert r.status_code == 202, r.text
        got = await until(
            c, "/v1/cabinet/notifications", h, lambda b: any(n["type"] == "day_income" for n in b["list"])
        )
        [day] = [n for n in got["list"] if n["type"] == "day_income"]
        assert day["data"]["first"] == yesterday.isoformat()
        assert day["data"]["sales"] == [{"currency": "eur", "count": 1, "amount": total}]
        mail = await wait_mail(stack, sold.seller.email, "Your sales on")
        assert f"1 sale: {total // 100}.{total % 100:02d}€" in mail["body"]
        await asyncio.sleep(1.5)
        assert (
            await db_count(
                "SELECT count(*) FROM notifications WHERE type = 'day_income' AND key LIKE :k",
                k=f"day_income:%:{yesterday.isoformat()}",
            )
            >= 1
        )
        assert len([x for x in await mails(stack, sold.seller.email) if "Your sales on" in x["subject"]]) == 1


async def test_a_seller_who_turns_a_type_off_gets_neither_the_notice_nor_its_mail(stack):
    async with client(stack) as c:
        sold = await paid_order(stack, c, "notice-first")  # a seller with a product that sells
        h = sold.seller.headers
        # the first sale's mail goes out after the order is fulfilled, under the setting of that moment
        await wait_mail(stack, sold.seller.email, "New sale")
        r = await c.put(
            "/v1/cabinet/notification_settings",
            json={"list": [{"type": "paid_transaction", "in_app": False, "mail": False}]},
            headers=h,
        )
        assert r.status_code == 200, r.text
        from tests.integration.helpers import (
            CARD_OK,
            card_payment_method,
            pay,
            start_checkout,
            wait_fulfilled,
        )

        co = await start_checkout(c, sold.seller.username, sold.product)
        pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
        assert (await pay(c, sold.seller.username, co["order_token"], pm)).status_code == 200
        await wait_fulfilled(c, sold.seller.username, co["order_token"])
        await asyncio.sleep(2)
        sales = [n for n in (await _notices(c, h))["list"] if n["type"] == "paid_transaction"]
        assert [n["data"]["order"] for n in sales] == [sold.token]  # the first sale only
        assert len([x for x in await mails(stack, sold.seller.email) if "New sale" in x["subject"]]) == 1

        # a type that cannot occur yet is refused, and nothing changes
        r = await c.put(
            "/v1/cabinet/notification_settings",
            json={"list": [{"type": "community_new_post_for_review", "in_app": False, "mail": True}]},
            headers=h,
        )
        assert r.status_code == 400, r.text


async def test_a_message_from_the_managers_reaches_the_seller_once(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "notice-custom", legitimate=False)
        seller_id = await db_count(
            "SELECT s.id FROM sellers s JOIN users u ON u.id = s.user_id WHERE u.email = :e", e=seller.email
        )
        m = await manager_headers(c)
        body = {
            "seller_id": seller_id,
            "title": "SEPA is here",
            "text": "Your buyers can pay by direct debit now.",
        }
        key = {"Idempotency-Key": f"custom-{seller_id}"}
        first = await c.post("/v1/admin/notifications", json=body, headers={**m, **key})
        assert first.status_code == 201 and first.json()["sellers"] == 1, first.text
        again = await c.post(
            "/v1/admin/notifications", json=body, headers={**m, "Idempotency-Key": f"custom-{seller_id}-b"}
        )
        assert again.status_code == 201
        mail = await wait_mail(stack, seller.email, "SEPA is here")
        assert "direct debit" in mail["body"]
        got = await _notices(c, seller.headers)
        custom = [n for n in got["list"] if n["type"] == "custom_notification"]
        assert len(custom) == 2 and custom[0]["data"]["title"] == "SEPA is here"  # two requests, two messages
        # the longest key the header takes (255) is kept as its digest, and the same key again is the same message
        long_key = {"Idempotency-Key": "k" * 255}
        for _ in range(2):
            r = await c.post("/v1/admin/notifications", json=body, headers={**m, **long_key})
            assert r.status_code == 201, r.text
        got = await _notices(c, seller.headers)
        assert len([n for n in got["list"] if n["type"] == "custom_notification"]) == 3
        r = await c.post(
            "/v1/admin/notifications",
            json={**body, "seller_id": 10**12},
            headers={**m, "Idempotency-Key": "custom-none"},
        )
        assert r.status_code == 404, r.text
        two_lines = {**body, "title": "Line one\nBcc: everyone@example.com"}  # a subject is one line
        r = await c.post(
            "/v1/admin/notifications", json=two_lines, headers={**m, "Idempotency-Key": "custom-nl"}
        )
        assert r.status_code == 400 and "title" in r.json()["fields"], r.text
        r = await c.post("/v1/admin/notifications", json=body, headers={**seller.headers, **key})
        assert r.status_code == 403, r.text


async def test_one_click_unsubscribe_stops_that_kind_of_mail_and_no_other(stack):
    """RFC 8058: a notification mail names its unsubscribe address in `List-Unsubscribe` with `One-Click`; one
    POST to it (the mail client's, no session) stops that kind of mail for that seller; the cabinet still shows it;
    a forged or another seller's link changes nothing."""
    async with client(stack) as c:
        seller = await new_seller(stack, c, "notice-unsub", legitimate=False)
        seller_id = await db_count(
            "SELECT s.id FROM sellers s JOIN users u ON u.id = s.user_id WHERE u.email = :e", e=seller.email
        )
        m = await manager_headers(c)
        body = {"seller_id": seller_id, "title": "Platform news", "text": "Something new."}
        r = await c.post(
            "/v1/admin/notifications", json=body, headers={**m, "Idempotency-Key": f"unsub-{seller_id}"}
        )
        assert r.status_code == 201, r.text
        mail = await wait_mail(stack, seller.email, "Platform news")
        header = mail["headers"]["List-Unsubscribe"]
        assert mail["headers"]["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        url = header.strip("<>")
        assert url in mail["body"]  # and the line at the mail's end
        path = url.split("://", 1)[1].split("/", 1)[1]
        token = path.rsplit("/", 1)[1]
        # opened in a browser: the web app's page, which asks first
        assert (await c.get(f"/{path}")).status_code == 200
        assert (await c.get(f"/v1/emails/unsubscribe/{token}")).json() == {
            "type": "custom_notification",
            "mailed": True,
        }
        # forged, cut or for another kind: refused, nothing changes
        for bad in (token[:-1] + ("0" if token[-1] != "0" else "1"), token.split(".")[0], "x" * 20):
            assert (
                await c.post(f"/emails/unsubscribe/{bad}", data={"List-Unsubscribe": "One-Click"})
            ).status_code == 404
        r = await c.post(f"/{path}", data={"List-Unsubscribe": "One-Click"})
        assert r.status_code == 200 and r.json() == {"type": "custom_notification", "mailed": False}, r.text
        assert (
            await c.post(f"/{path}", data={"List-Unsubscribe": "One-Click"})
        ).status_code == 200  # again: the same
        settings = (await c.get("/v1/cabinet/notification_settings", headers=seller.headers)).json()
        [custom] = [x for x in settings["list"] if x["type"] == "custom_notification"]
        assert custom == {**custom, "mail": False, "in_app": True}
        # the next message shows in the cabinet and is not mailed
        body2 = {**body, "title": "More news"}
        r = await c.post(
            "/v1/admin/notifications", json=body2, headers={**m, "Idempotency-Key": f"unsub2-{seller_id}"}
        )
        assert r.status_code == 201
        await until(
            c,
            "/v1/cabinet/notifications",
            seller.headers,
            lambda x: any(n["data"].get("title") == "More news" for n in x["list"]),
        )
        await asyncio.sleep(3)
        assert not [x for x in await mails(stack, seller.email) if "More news" in x["subject"]]
