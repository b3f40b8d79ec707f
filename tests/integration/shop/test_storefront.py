"""A seller's storefront (`GET /v1/shop/{username}/products`, shown at `/s/{username}` and at `/` on the seller's
verified domain) and how the web app tells Sellflow's own hosts from a seller's domain (`app_hosts`)."""

from __future__ import annotations

import pytest

from tests.integration.helpers import client, new_seller, published_product

pytestmark = pytest.mark.integration


async def test_the_storefront_lists_only_what_a_buyer_can_open(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "front")
        other = await new_seller(stack, c, "front-other")
        shown = await published_product(c, seller, name="Shown guide", price=1500)
        draft = (
            await c.post("/v1/cabinet/products", json={"name": "Draft guide"}, headers=seller.headers)
        ).json()
        await published_product(c, other, name="Someone else's guide")

        r = await c.get(f"/v1/shop/{seller.username.upper()}/products")
        assert r.status_code == 200, r.text
        front = r.json()
        assert front["username"] == seller.username and front["seller_name"]
        assert [p["slug"] for p in front["products"]] == [
            shown["slug"]
        ]  # no draft, nothing of another seller
        assert front["products"][0] == {
            "name": "Shown guide",
            "slug": shown["slug"],
            "form": front["products"][0]["form"],
            "display_price": 1500,
            "currency": "eur",
            "sellable": True,
        }
        assert draft["slug"] not in {p["slug"] for p in front["products"]}


@pytest.mark.parametrize("username", ["nobody-here-0000", "x" * 31, "_host"])
async def test_an_unknown_shop_is_404(stack, username):
    async with client(stack) as c:
        r = await c.get(f"/v1/shop/{username}/products")
        assert r.status_code == 404, r.text
        assert r.json()["error"] == "NOT_FOUND"


async def test_the_config_names_the_apps_own_hosts(stack):
    async with client(stack) as c:
        r = await c.get("/v1/common/config")
        assert r.status_code == 200
        assert r.json()["app_hosts"][0] == "127.0.0.1"  # the public URL's host
