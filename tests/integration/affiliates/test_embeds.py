"""Embeddable items through the real stack (issue 23): a publisher makes an item for a program they are active in,
any page may read it (no session, any origin) and load the script; following it counts the click and the purchase
is the publisher's; nobody else reaches the item, and an item of a publisher who left the program shows nothing."""

from __future__ import annotations

import pytest

from tests.integration.billing.test_subscriptions import _buy
from tests.integration.helpers import client, db_value, new_seller, published_product

pytestmark = pytest.mark.integration


async def test_an_embedded_button_brings_a_buyer_for_its_publisher(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "emb")
        h = seller.headers
        product = await published_product(c, seller, name="Sourdough class", price=4900)
        r = await c.post(
            "/v1/cabinet/affiliate_programs", json={"name": "Bakers", "commission_bp": 2000}, headers=h
        )
        program = r.json()["id"]
        publisher = await new_seller(stack, c, "emb-pub", legitimate=False)
        ph = publisher.headers
        item = {
            "name": "Blog button",
            "affiliate_program_id": program,
            "purpose": "product",
            "product_id": product["id"],
        }
        # not active in the program yet: refused
        r = await c.post(f"/v1/common/affiliate_programs/{program}/accept", json={}, headers=ph)
        node = r.json()["node_id"]
        assert (await c.post("/v1/publish/embeddable_items", json=item, headers=ph)).status_code == 400
        await c.post(f"/v1/cabinet/affiliate_nodes/{node}/accept", headers=h)
        # a product of another shop: refused
        other = await new_seller(stack, c, "emb-other")
        foreign = await published_product(c, other, name="Not theirs")
        bad = {**item, "product_id": foreign["id"]}
        assert (await c.post("/v1/publish/embeddable_items", json=bad, headers=ph)).status_code == 400

        r = await c.post("/v1/publish/embeddable_items", json=item, headers=ph)
        assert r.status_code == 201, r.text
        made = r.json()
        token = made["snippet"].split('data-sellflow-item="')[1].split('"')[0]
        assert made["snippet"].startswith("<script src=") and "/embed.js" in made["snippet"]
        assert made["target"].startswith(f"/s/{seller.username}/{product['slug']}?epid=")
        # nobody else sees or changes it
        assert (
            await c.get(f"/v1/publish/embeddable_items/{made['id']}", headers=other.headers)
        ).status_code in (403, 404)
        assert (await c.get(f"/v1/publish/embeddable_items/{made['id']}", headers=h)).status_code in (
            403,
            404,
        )

        # any page reads it without a session, in the visitor's language; the script is served
        c.cookies.clear()
        r = await c.get(
            f"/v1/embed/items/{token}", headers={"Origin": "http://blog.localhost", "Accept-Language": "de"}
        )
        assert r.status_code == 200 and r.headers["access-control-allow-origin"] == "*"
        shown = r.json()
        assert (shown["form"], shown["title"], shown["button"]) == (
            "button",
            "Sourdough class",
            "Jetzt kaufen",
        )
        js = await c.get("/embed.js")
        assert js.status_code == 200 and js.headers["content-type"].startswith("text/javascript")
        assert (await c.get("/v1/embed/items/not-a-token-at-all")).status_code == 404

        # following the item counts the click; the purchase is the publisher's
        r = await c.get(shown["target"])
        assert any(k.startswith("sf_aff_") for k in r.cookies)
        token_of_order = await _buy(stack, c, seller, product)
        c.cookies.clear()
        assert await db_value(
            "select affiliate_publisher_id from orders where token = :t", t=token_of_order
        ) == int(shown["target"].split("epid=")[1].split("&")[0])

        # a publisher who left the program: the item shows nothing
        await c.post(f"/v1/cabinet/affiliate_nodes/{node}/cancel", headers=h)
        assert (await c.get(f"/v1/embed/items/{token}")).status_code == 404
        assert (await c.delete(f"/v1/publish/embeddable_items/{made['id']}", headers=ph)).status_code == 204
        assert (await c.get("/v1/publish/embeddable_items", headers=ph)).json()["total_count"] == 0
