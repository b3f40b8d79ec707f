"""The affiliate marketplace's views (issue 23; core §2 tabs): the products listed programs pay on with their rate
and price, the shops listing programs, and the publishers active in them (by name, never by e-mail); a program not
listed shows nowhere."""

from __future__ import annotations

import pytest

from tests.integration.affiliates.test_commissions import _joined
from tests.integration.api.test_permissions import _signed_up
from tests.integration.helpers import client, new_seller, published_product

pytestmark = pytest.mark.integration


async def test_the_marketplace_shows_listed_products_shops_and_publishers(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "market")
        hidden = await new_seller(stack, c, "market-hidden")
        product = await published_product(c, seller, name="Market loaf", price=3_000)
        unlisted = await published_product(c, hidden, name="Secret loaf", price=3_000)
        r = await c.post(
            "/v1/cabinet/affiliate_programs",
            json={"name": "Loaf club", "commission_bp": 1500, "affiliate_marketplace_product": True},
            headers=seller.headers,
        )
        assert r.status_code == 201, r.text
        r = await c.post(
            "/v1/cabinet/affiliate_programs",
            json={"name": "Quiet", "commission_bp": 9000},
            headers=hidden.headers,
        )
        assert r.status_code == 201, r.text
        pub = await new_seller(stack, c, "market-pub", legitimate=False)
        pub_id = await _joined(
            c,
            (await c.get("/v1/cabinet/affiliate_programs", headers=seller.headers)).json()["list"][0]["id"],
            pub,
            seller,
        )

        products = (await c.get("/v1/publish/affiliate_marketplace/products", headers=pub.headers)).json()[
            "list"
        ]
        mine = next(p for p in products if p["product_id"] == product["id"])
        assert (mine["rate_bp"], mine["price"], mine["shop"], mine["program"]) == (
            1500,
            3_000,
            seller.username,
            "Loaf club",
        )
        assert all(p["product_id"] != unlisted["id"] for p in products)
        found = (
            await c.get(
                "/v1/publish/affiliate_marketplace/products",
                params={"query": "market lo"},
                headers=pub.headers,
            )
        ).json()
        assert [p["name"] for p in found["list"]] == ["Market loaf"]

        shops = (await c.get("/v1/publish/affiliate_marketplace/sellers", headers=hidden.headers)).json()[
            "list"
        ]
        shop = next(x for x in shops if x["shop"] == seller.username)
        assert (shop["programs"], shop["best_rate_bp"], shop["publishers"]) == (1, 1500, 1)
        assert all(x["shop"] != hidden.username for x in shops)

        people = (await c.get("/v1/publish/affiliate_marketplace/publishers", headers=hidden.headers)).json()[
            "list"
        ]
        them = next(x for x in people if x["publisher_id"] == pub_id)
        assert them == {
            "publisher_id": pub_id,
            "name": "Sam Seller",
            "programs": 1,
        }  # a name, never an e-mail
        assert (await c.get("/v1/publish/affiliate_marketplace/products")).status_code == 401


async def test_an_affiliate_network_signs_up_as_a_publisher(stack):
    async with client(stack) as c:
        h = await _signed_up(stack, c, "network_publisher")
        me = (await c.get("/v1/app/user", headers=h)).json()
        assert {"publisher", "network_publisher"} <= set(me["profile_types"])
        assert (await c.get("/v1/publish/overview", headers=h)).status_code == 200
