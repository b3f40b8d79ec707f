"""Affiliate programs and their publishers (issue 23, first part): a seller keeps programs with every field of
editor §3's form, checked; a user asks to join one and becomes a publisher; the seller accepts, rejects or cancels
(409 when the request is not in a state that applies); a click on an active publisher's link into the shop is
remembered in a signed cookie, and nobody else's link or program is reachable."""

from __future__ import annotations

import pytest

from tests.integration.helpers import client, mails, new_seller, published_product, wait_mail

pytestmark = pytest.mark.integration


async def test_a_program_is_kept_a_publisher_joins_and_the_seller_decides(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "aff")
        h = seller.headers
        product = await published_product(c, seller, name="Sourdough class", price=4900)
        other = await new_seller(stack, c, "aff-other")
        foreign = await published_product(c, other, name="Not yours", price=900)

        # checked like the form: rates, stages, products of the shop, strict numbers
        for bad in (
            {"name": "P", "commission_bp": 10_001},
            {"name": "P", "commission_bp": "2000"},
            {"name": "P", "scope": "products", "product_ids": [foreign["id"]]},
            {
                "name": "P",
                "form": "multiple",
                "product_commissions": [{"product_id": product["id"], "stages": [{"rate_bp": 6000}] * 2}],
            },
            {"name": "P", "cookies_expire": 0},
            {"name": "P", "unknown": True},
        ):
            r = await c.post("/v1/cabinet/affiliate_programs", json=bad, headers=h)
            assert r.status_code == 400, (bad, r.text)
        assert (await c.get("/v1/cabinet/affiliate_programs", headers=h)).json()["total_count"] == 0

        body = {
            "name": "Bakers",
            "form": "multiple",
            "product_commissions": [
                {"product_id": product["id"], "stages": [{"rate_bp": 2000}, {"rate_bp": 500}]}
            ],
            "lifetime": "fixed",
            "lifetime_duration": 30,
        }
        r = await c.post("/v1/cabinet/affiliate_programs", json=body, headers=h)
        assert r.status_code == 201, r.text
        program = r.json()
        assert program["form"]["cookies_expire"] == 180 and program["commission_bp"] == 2000
        assert program["type"] == "multiple" and program["active_publishers"] == 0
        pid = program["id"]
        # another seller neither sees nor changes it
        for method in ("get", "delete"):
            assert (
                await getattr(c, method)(f"/v1/cabinet/affiliate_programs/{pid}", headers=other.headers)
            ).status_code == 404
        r = await c.put(f"/v1/cabinet/affiliate_programs/{pid}", json={"name": "Mine"}, headers=other.headers)
        assert r.status_code == 404
        assert (await c.get("/v1/cabinet/affiliate_programs", headers=other.headers)).json()[
            "total_count"
        ] == 0

        # what a publisher reads before joining, with the landing text filled in
        public = (await c.get(f"/v1/common/affiliate_programs/{pid}")).json()
        assert public["shop"] == seller.username and public["commission_bp"] == 2000
        assert "Bakers" in public["landing"] and "20 %" in public["landing"] and "{" not in public["landing"]

        # a user asks to join (twice: one request); the seller cannot join their own program
        publisher = await new_seller(stack, c, "aff-pub")
        r = await c.post(f"/v1/common/affiliate_programs/{pid}/accept", json={}, headers=publisher.headers)
        assert r.status_code == 200 and r.json()["state"] == "requested", r.text
        again = await c.post(
            f"/v1/common/affiliate_programs/{pid}/accept", json={}, headers=publisher.headers
        )
        assert again.json()["node_id"] == r.json()["node_id"]
        assert (
            await c.post(f"/v1/common/affiliate_programs/{pid}/accept", json={}, headers=h)
        ).status_code == 400
        assert (await c.post(f"/v1/common/affiliate_programs/{pid}/accept", json={})).status_code == 401
        node = r.json()["node_id"]
        # the seller is told by mail, once for the two asks
        asked = await wait_mail(stack, seller.email, "Bakers")
        assert publisher.email in asked["body"] and "/cabinet/affiliate_nodes" in asked["body"]

        nodes = (await c.get("/v1/cabinet/affiliate_nodes", headers=h, params={"state": "requested"})).json()
        assert [n["id"] for n in nodes["list"]] == [node]
        assert nodes["list"][0]["email"] and nodes["list"][0]["affiliate_program"] == "Bakers"
        assert (await c.get("/v1/cabinet/affiliate_nodes", headers=other.headers)).json()["total_count"] == 0
        assert (
            await c.post(f"/v1/cabinet/affiliate_nodes/{node}/accept", headers=other.headers)
        ).status_code == 404

        # before acceptance, the publisher's link counts no click
        shop = f"/s/{seller.username}/{product['slug']}"
        pub_id = nodes["list"][0]["publisher_id"]
        r = await c.get(shop, params={"epid": pub_id})
        assert not any(k.startswith("sf_aff_") for k in r.cookies)

        r = await c.post(f"/v1/cabinet/affiliate_nodes/{node}/accept", headers=h)
        assert r.status_code == 200 and r.json()["state"] == "accepted"
        accepted = await wait_mail(stack, publisher.email, "Bakers")
        assert "/publish/affiliate_programs" in accepted["body"]
        r = await c.post(f"/v1/cabinet/affiliate_nodes/{node}/reject", headers=h)
        assert r.status_code == 409 and r.json()["reason"] == "node_state"  # active: cancel, not reject
        assert (await c.get(f"/v1/cabinet/affiliate_programs/{pid}", headers=h)).json()[
            "active_publishers"
        ] == 1

        # an active publisher's click: remembered in a signed cookie, counted for the seller
        c.cookies.clear()
        r = await c.get(shop, params={"epid": pub_id})
        cookie = next(v for k, v in r.cookies.items() if k.startswith("sf_aff_"))
        click, _, mac = cookie.partition(".")
        assert click.isdigit() and len(mac) == 32
        nodes = (await c.get("/v1/cabinet/affiliate_nodes", headers=h)).json()["list"]
        assert nodes[0]["clicks"] == 1
        # the same visitor reloading (their cookie sent back) counts no second click; another visitor does
        c.cookies.set(next(k for k in r.cookies if k.startswith("sf_aff_")), cookie)
        again = await c.get(shop, params={"epid": pub_id})
        assert next(v for k, v in again.cookies.items() if k.startswith("sf_aff_")) == cookie
        assert (await c.get("/v1/cabinet/affiliate_nodes", headers=h)).json()["list"][0]["clicks"] == 1
        c.cookies.clear()
        await c.get(shop, params={"epid": pub_id})
        assert (await c.get("/v1/cabinet/affiliate_nodes", headers=h)).json()["list"][0]["clicks"] == 2
        # a made-up or another shop's publisher: nothing
        c.cookies.clear()
        for epid in ("999999999", "abc", "1" * 40, str(pub_id) + "x"):
            r = await c.get(shop, params={"epid": epid})
            assert r.status_code in (200, 404) and not any(k.startswith("sf_aff_") for k in r.cookies)

        r = await c.post(f"/v1/cabinet/affiliate_nodes/{node}/cancel", headers=h)
        assert r.status_code == 200 and r.json()["state"] == "canceled"
        assert len([m for m in await mails(stack, seller.email) if "Bakers" in m["subject"]]) == 1
        # canceled: may ask again, a new request
        r = await c.post(f"/v1/common/affiliate_programs/{pid}/accept", json={}, headers=publisher.headers)
        assert r.json()["state"] == "requested"
        assert (await c.delete(f"/v1/cabinet/affiliate_programs/{pid}", headers=h)).status_code == 204
        assert (await c.get(f"/v1/common/affiliate_programs/{pid}")).status_code == 404
