"""A publisher who only promotes (issue 23): signed up as a publisher, they join a program, open their payment
account, are legitimated like any payee (details, bank account, documents, the KYC provider, the manager), earn a
commission and are paid it out by their own Payout workflow, once."""

from __future__ import annotations

import re
import secrets

import pytest

from tests.integration.billing.test_subscriptions import _buy
from tests.integration.helpers import (
    Seller,
    client,
    db_count,
    legitimated,
    new_seller,
    published_product,
    until,
    wait_mail,
)

pytestmark = pytest.mark.integration


async def _publisher(stack, c) -> Seller:
    username = f"pub-{secrets.token_hex(3)}"
    email = f"{username}@example.com"
    r = await c.post(
        "/v1/app/user",
        json={
            "email": email,
            "password": "correct-horse-1",
            "profile_type": "publisher",
            "username": username,
        },
    )
    assert r.status_code == 201, r.text
    mail = await wait_mail(stack, email, "Confirm")
    token = re.search(r"confirmation_token=([\w-]+)", mail["body"]).group(1)
    r = await c.post("/v1/app/user/confirmation", json={"confirmation_token": token, "fingerprint": "fp"})
    assert r.status_code == 200, r.text
    tokens = r.json()
    return Seller(email, username, {"Authorization": f"Bearer {tokens['access_token']}"}, tokens)


async def test_a_publisher_who_sells_nothing_is_legitimated_and_paid_out(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "pp")
        product = await published_product(c, seller, name="Rye class", price=10_000)
        r = await c.post(
            "/v1/cabinet/affiliate_programs",
            json={"name": "Rye friends", "commission_bp": 3000},
            headers=seller.headers,
        )
        program = r.json()["id"]
        pub = await _publisher(stack, c)
        me = (await c.get("/v1/app/user", headers=pub.headers)).json()
        assert me["profile_types"] == ["publisher"]
        # no payment account yet: the seller's screens are not theirs
        assert (await c.get("/v1/cabinet/seller_profile", headers=pub.headers)).status_code == 403
        node = (
            await c.post(f"/v1/common/affiliate_programs/{program}/accept", json={}, headers=pub.headers)
        ).json()
        await c.post(f"/v1/cabinet/affiliate_nodes/{node['node_id']}/accept", headers=seller.headers)

        # a sale through the publisher's link earns 30 %
        link = (await c.get("/v1/publish/affiliate_nodes", headers=pub.headers)).json()["list"][0]["link"]
        await c.get(f"/s/{seller.username}/{product['slug']}?{link.split('?')[1]}")
        await _buy(stack, c, seller, product)
        c.cookies.clear()
        body = await until(
            c, "/v1/publish/payouts", pub.headers, lambda b: b["available"] + b["held"] == 3000
        )
        r = await c.put(
            "/v1/publish/payout_settings",
            json={"schedule": "monthly", "minimum": 1_000_000, "hold_days": 0},
            headers=pub.headers,
        )
        assert r.status_code == 200
        r = await c.post("/v1/publish/cashouts", headers=pub.headers)
        assert r.status_code == 409 and r.json()["reason"] == "payout_not_eligible"  # not legitimated yet

        # the payment account, legitimated like a seller's; still no seller profile
        r = await c.post("/v1/publish/payment_account", headers=pub.headers)
        assert r.status_code == 200 and r.json() == {"legitimated": False}
        again = await c.post("/v1/publish/payment_account", headers=pub.headers)
        assert again.status_code == 200  # once
        await legitimated(c, pub)
        assert (await c.post("/v1/publish/payment_account", headers=pub.headers)).json() == {
            "legitimated": True
        }
        assert (await c.get("/v1/app/user", headers=pub.headers)).json()["profile_types"] == ["publisher"]

        r = await c.post("/v1/publish/cashouts", headers=pub.headers)
        assert r.status_code == 202, r.text
        body = await until(
            c,
            "/v1/publish/payouts",
            pub.headers,
            lambda b: any(p["state"] == "successful" for p in b["list"]),
        )
        assert [(p["amount"], p["kind"]) for p in body["list"]] == [(3000, "cashout")]
        uid = int(link.split("epid=")[1].split("&")[0])
        assert (
            await db_count(
                "select count(*) from ledger_entries where payee_type = 'publisher' and payee_id = :p and kind = 'cashout'",
                p=uid,
            )
            == 1
        )
