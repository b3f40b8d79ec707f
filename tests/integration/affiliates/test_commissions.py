"""Commissions through the real stack (issue 23): a visitor follows a publisher's link, buys an installment plan
through the shop's click cookie, and every rate paid books each stage's commission, the referrer's and the one
who brought them into the program, from the seller's balance; a refund takes back its share of them; booking a
payment again books nothing twice; and a publisher buying through their own link earns nothing."""

from __future__ import annotations

import pytest

from store.db import session
from store.orders.actions import money_booked
from store.orders.queries import order_by_token
from tests.integration.billing.test_subscriptions import _buy
from tests.integration.helpers import client, db_count, db_value, new_seller, published_product, until

pytestmark = pytest.mark.integration

RATES = 3


def _plan() -> dict:
    return {
        "name": "In 3 rates",
        "payment_type": "installment",
        "price": 10_000,
        "next_amount": 5_000,
        "payments_count": RATES,
        "period": "1d",
        "currency": "eur",
    }


async def _commission(token: str, publisher: int, kind: str = "commission") -> int:
    return await db_count(
        "select coalesce(sum(e.amount), 0) from ledger_entries e join orders o on o.id = e.order_id "
        "where o.token = :t and e.payee_type = 'publisher' and e.payee_id = :p and e.kind = :k",
        t=token,
        p=publisher,
        k=kind,
    )


async def _joined(c, program: int, publisher, seller, referrer: int | None = None) -> int:
    body = {"referrer_id": referrer} if referrer else {}
    r = await c.post(f"/v1/common/affiliate_programs/{program}/accept", json=body, headers=publisher.headers)
    assert r.status_code == 200, r.text
    node = r.json()["node_id"]
    r = await c.post(f"/v1/cabinet/affiliate_nodes/{node}/accept", headers=seller.headers)
    assert r.status_code == 200, r.text
    nodes = (await c.get("/v1/cabinet/affiliate_nodes", headers=seller.headers)).json()["list"]
    return next(n["publisher_id"] for n in nodes if n["id"] == node)


async def test_every_paid_rate_pays_each_stage_and_a_refund_takes_its_share_back(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "comm")
        h = seller.headers
        product = await published_product(c, seller, name="Bread course", plan=_plan())
        body = {
            "name": "Bakers",
            "form": "multiple",
            "product_commissions": [
                {"product_id": product["id"], "stages": [{"rate_bp": 2000}, {"rate_bp": 500}]}
            ],
            "lifetime": "lifetime",
        }
        r = await c.post("/v1/cabinet/affiliate_programs", json=body, headers=h)
        assert r.status_code == 201, r.text
        program = r.json()["id"]
        scout = await new_seller(stack, c, "comm-scout", legitimate=False)
        scout_id = await _joined(c, program, scout, seller)
        friend = await new_seller(stack, c, "comm-friend")  # legitimated: a payee
        friend_id = await _joined(c, program, friend, seller, referrer=scout_id)

        # the friend's link, then the purchase with the shop's cookie
        c.cookies.clear()
        r = await c.get(f"/s/{seller.username}/{product['slug']}", params={"epid": friend_id})
        cookie = next(k for k in r.cookies if k.startswith("sf_aff_"))
        token = await _buy(stack, c, seller, product)
        c.cookies.clear()
        sub = await until(
            c, f"/v1/cabinet/orders/{token}/subscription", h, lambda b: b["phase"] == "ended", 90
        )
        assert [x["state"] for x in sub["rates"]] == ["paid"] * RATES
        paid = 10_000 + (RATES - 1) * 5_000
        assert await _commission(token, friend_id) == paid * 20 // 100  # stage 1, every rate
        assert await _commission(token, scout_id) == paid * 5 // 100  # stage 2: who brought the friend in
        per_rate = await db_count(
            "select count(*) from ledger_entries e join orders o on o.id = e.order_id "
            "where o.token = :t and e.kind = 'commission' and e.payee_type = 'publisher'",
            t=token,
        )
        assert per_rate == 2 * RATES
        assert (
            await db_count(
                "select coalesce(sum(e.amount), 0) from ledger_entries e join orders o on o.id = e.order_id "
                "where o.token = :t",
                t=token,
            )
            == 0
        )

        # a payment booked again (a retried step, a webhook delivered twice) books no commission twice
        async with session() as s:
            order = await order_by_token(s, token)
            await money_booked(s, order, token, 10_000)
        assert await _commission(token, friend_id) == paid * 20 // 100

        # a refund of 40 % of what was paid: each publisher gives back 40 % of what they earned
        r = await c.post(
            f"/v1/cabinet/orders/{token}/refunds",
            json={"amount": paid * 40 // 100, "reason": "Late"},
            headers=h,
        )
        assert r.status_code == 202, r.text
        await until(
            c,
            f"/v1/cabinet/orders/{token}/refunds",
            h,
            lambda b: b["list"] and all(x["state"] == "succeeded" for x in b["list"]),
        )
        assert await _commission(token, friend_id, "reversal") == -(paid * 20 // 100) * 40 // 100
        assert await _commission(token, scout_id, "reversal") == -(paid * 5 // 100) * 40 // 100

        # the seller's statistics: by program, by publisher, by day
        stats = (await c.get("/v1/cabinet/affiliate_statistics", headers=h)).json()
        cost = paid * 20 // 100 + paid * 5 // 100
        cost -= (paid * 20 // 100) * 40 // 100 + (paid * 5 // 100) * 40 // 100
        assert stats["total"] == {"clicks": 1, "orders": 1, "revenue": paid, "commission": cost}
        assert [(p["name"], p["figures"]["commission"]) for p in stats["programs"]] == [("Bakers", cost)]
        assert stats["publishers"][0]["publisher_id"] == friend_id
        assert stats["publishers"][0]["figures"]["clicks"] == 1
        assert sum(d["figures"]["revenue"] for d in stats["series"]) == paid and len(stats["series"]) == 30
        assert (
            await c.get("/v1/cabinet/affiliate_statistics", params={"days": 6}, headers=h)
        ).status_code == 400
        theirs = (await c.get("/v1/cabinet/affiliate_statistics", headers=scout.headers)).json()
        assert theirs["total"]["orders"] == 0 and theirs["programs"] == []  # another seller's nothing

        # the publisher area: each publisher sees their own orders, money and link, and nobody else's
        earned = paid * 20 // 100 - (paid * 20 // 100) * 40 // 100
        fh = friend.headers
        home = (await c.get("/v1/publish/overview", headers=fh)).json()
        assert (home["earned"], home["orders"], home["active_programs"]) == (earned, 1, 1)
        assert home["clicks"] == 1 and sum(d["earned"] for d in home["days"]) == earned
        mine = (await c.get("/v1/publish/affiliate_nodes", headers=fh)).json()["list"]
        assert [(p["name"], p["earned"], p["state"]) for p in mine] == [("Bakers", earned, "accepted")]
        assert (
            mine[0]["link"] == f"/s/{seller.username}?epid={friend_id}&prid={mine[0]['affiliate_program_id']}"
        )
        orders = (await c.get("/v1/publish/orders", headers=fh)).json()["list"]
        assert [(o["product"], o["stage"], o["earned"]) for o in orders] == [("Bread course", 1, earned)]
        assert "payer_email" not in orders[0] and "token" not in orders[0]
        scouted = (await c.get("/v1/publish/orders", headers=scout.headers)).json()["list"]
        assert [o["stage"] for o in scouted] == [2]
        moves = (await c.get("/v1/publish/transfers", headers=fh, params={"per": 50})).json()["list"]
        assert sorted(m["kind"] for m in moves) == ["commission"] * RATES + ["reversal"]
        assert (await c.get("/v1/publish/overview", headers=h)).status_code == 403  # not a publisher
        # the publisher's statistics: by day, program, product, shop; the scout's by the publisher they brought in
        st = (await c.get("/v1/publish/statistics", headers=fh)).json()
        assert st["total"] == {"clicks": 1, "orders": 1, "revenue": paid, "earned": earned}
        assert [(g["name"], g["figures"]["earned"]) for g in st["programs"]] == [("Bakers", earned)]
        assert [(g["name"], g["figures"]["orders"]) for g in st["products"]] == [("Bread course", 1)]
        assert [(g["name"], g["figures"]["clicks"]) for g in st["sellers"]] == [(seller.username, 1)]
        assert st["affiliates"] == [] and len(st["series"]) == 30
        scout_earned = paid * 5 // 100 - (paid * 5 // 100) * 40 // 100
        up = (await c.get("/v1/publish/statistics", headers=scout.headers, params={"days": 7})).json()
        assert [(g["key"], g["figures"]["earned"]) for g in up["affiliates"]] == [(friend_id, scout_earned)]
        assert up["total"]["clicks"] == 0 and up["total"]["earned"] == scout_earned
        assert (await c.get("/v1/publish/statistics", headers=fh, params={"days": 400})).status_code == 400

        # paid out by the publisher's own Payout workflow, once
        r = await c.put(
            "/v1/publish/payout_settings",
            json={"schedule": "monthly", "minimum": 1_000_000, "hold_days": 0},
            headers=fh,
        )
        assert r.status_code == 200, r.text
        await until(c, "/v1/publish/payouts", fh, lambda b: b["available"] == earned)
        r = await c.post("/v1/publish/cashouts", headers=fh)
        assert r.status_code == 202, r.text
        body = await until(
            c, "/v1/publish/payouts", fh, lambda b: any(p["state"] == "successful" for p in b["list"])
        )
        assert [(p["amount"], p["kind"]) for p in body["list"]] == [(earned, "cashout")]
        assert body["available"] == 0
        r = await c.post("/v1/publish/cashouts", headers=fh)
        assert r.status_code == 409  # nothing left to pay
        assert (
            await db_count(
                "select count(*) from ledger_entries where payee_type = 'publisher' and payee_id = :p and kind = 'cashout'",
                p=friend_id,
            )
            == 1
        )

        # the friend buying through their own link earns nothing
        await c.get(f"/s/{seller.username}/{product['slug']}", params={"epid": friend_id})
        own = await _buy(stack, c, seller, product, email=friend.email)
        c.cookies.clear()
        assert await db_value("select affiliate is null from orders where token = :t", t=own)
        # no cookie: no publisher
        plain = await _buy(stack, c, seller, product)
        assert await db_value("select affiliate is null from orders where token = :t", t=plain)
        # a forged cookie names no click
        c.cookies.set(cookie, "1.forged")
        forged = await _buy(stack, c, seller, product)
        assert await db_value("select affiliate is null from orders where token = :t", t=forged)


async def test_a_publisher_in_two_programs_of_one_shop_has_a_link_for_each_and_a_click_counts_once(stack):
    """One link per program (`prid`): the sale goes to the program whose link was clicked, not the older one, and
    the click counts once, for that program, in the publisher's list and the seller's."""
    async with client(stack) as c:
        seller = await new_seller(stack, c, "twoprog")
        h = seller.headers
        product = await published_product(c, seller, price=4000, name="Sourdough guide")
        ids = []
        for name, rate in (("Older", 1000), ("Newer", 3000)):
            body = {
                "name": name,
                "form": "multiple",
                "product_commissions": [{"product_id": product["id"], "stages": [{"rate_bp": rate}]}],
            }
            r = await c.post("/v1/cabinet/affiliate_programs", json=body, headers=h)
            assert r.status_code == 201, r.text
            ids.append(r.json()["id"])
        older, newer = ids
        pub = await new_seller(stack, c, "twoprog-pub")
        pub_id = await _joined(c, older, pub, seller)
        assert await _joined(c, newer, pub, seller) == pub_id
        links = {
            p["affiliate_program_id"]: p["link"]
            for p in (await c.get("/v1/publish/affiliate_nodes", headers=pub.headers)).json()["list"]
        }
        assert links == {
            older: f"/s/{seller.username}?epid={pub_id}&prid={older}",
            newer: f"/s/{seller.username}?epid={pub_id}&prid={newer}",
        }
        # a program the publisher is not in (or another shop's) names no click
        c.cookies.clear()
        r = await c.get(
            f"/s/{seller.username}/{product['slug']}", params={"epid": pub_id, "prid": 999_999_999}
        )
        assert not any(k.startswith("sf_aff_") for k in r.cookies)

        # the older program's link is clicked: its sale, though the newer pays more
        c.cookies.clear()
        r = await c.get(f"/s/{seller.username}/{product['slug']}", params={"epid": pub_id, "prid": older})
        assert any(k.startswith("sf_aff_") for k in r.cookies)
        token = await _buy(stack, c, seller, product)
        c.cookies.clear()
        assert (
            await db_value("select (affiliate->>'program_id')::int from orders where token = :t", t=token)
            == older
        )
        assert await _commission(token, pub_id) == 4000 * 10 // 100

        # the click counted once, for its program, on both sides
        mine = (await c.get("/v1/publish/affiliate_nodes", headers=pub.headers)).json()["list"]
        assert {p["affiliate_program_id"]: p["clicks"] for p in mine} == {older: 1, newer: 0}
        nodes = (await c.get("/v1/cabinet/affiliate_nodes", headers=h)).json()["list"]
        assert {n["affiliate_program_id"]: n["clicks"] for n in nodes} == {older: 1, newer: 0}
        overview = (await c.get("/v1/publish/overview", headers=pub.headers)).json()
        assert overview["clicks"] == 1
