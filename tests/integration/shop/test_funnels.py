"""Funnel pages (issue 22): after a purchase the thank-you page sends the buyer to the seller's funnel page for the
product, which shows its upsell; accepted with one click (pressed twice), it is one more order line charged once
with the card that paid; declined, the downsell shows, then the thank-you page."""

from __future__ import annotations

import pytest

from tests.integration.helpers import (
    CARD_OK,
    card_payment_method,
    client,
    new_seller,
    pay,
    published_product,
    start_checkout,
    stripe_intents,
    until,
    wait_fulfilled,
)
from tests.integration.shop.test_bumps_upsells import _offer, _offers

pytestmark = pytest.mark.integration


async def _paid(stack, c, seller, main) -> str:
    co = await start_checkout(c, seller.username, main)
    pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
    assert (await pay(c, seller.username, co["order_token"], pm)).json()["outcome"] == "succeeded"
    await wait_fulfilled(c, seller.username, co["order_token"])
    return co["order_token"]


async def test_a_funnel_offer_is_accepted_once_or_declined_to_the_downsell(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "funnels")
        h = seller.headers
        main = await published_product(c, seller, price=2500, name="Funnel base")
        up = await published_product(c, seller, price=1500, name="Funnel coaching")
        down = await published_product(c, seller, price=500, name="Funnel checklist")
        await _offers(c, seller, main, [_offer(up, "upsell"), _offer(down, "downsell")], upsell=True)

        token = await _paid(stack, c, seller, main)
        thanks = (await c.get(f"/v1/shop/{seller.username}/orders/{token}")).json()
        assert thanks["funnel_url"] is None  # no funnel page yet: the thank-you page offers it itself

        r = await c.post(
            "/v1/cabinet/pages",
            json={"page_type": "funnel", "name": "After the base", "product_id": main["id"]},
            headers=h,
        )
        assert r.status_code == 201, r.text
        page = r.json()
        assert [b["type"] for b in page["content"]["blocks"]] == ["funnel_product", "funnel", "funnel"]
        await c.post(f"/v1/cabinet/pages/{page['id']}/publish", json={"version": 1}, headers=h)
        thanks = (await c.get(f"/v1/shop/{seller.username}/orders/{token}")).json()
        offer_url = f"/s/{seller.username}/{main['slug']}/offer/{token}"
        assert thanks["funnel_url"] == offer_url

        html = (await c.get(offer_url)).text
        assert "<h1>Funnel coaching</h1>" in html and "15.00€" in html
        assert f'action="{offer_url}/accept"' in html and f'href="{offer_url}?declined=1"' in html
        declined = (await c.get(f"{offer_url}?declined=1")).text
        assert "<h1>Funnel checklist</h1>" in declined
        assert f'/thank_you/{token}?funnel=done"' in declined

        addon_id = thanks["upsells"][0]["id"]
        for _ in range(2):  # pressed twice
            r = await c.post(f"{offer_url}/accept", data={"addon_id": str(addon_id)})
            assert r.status_code == 303 and r.headers["location"].endswith(f"/thank_you/{token}?funnel=done")
        # the accepted upsell's order is recorded paid by its workflow's next step (then it is no longer offered)
        after = await until(
            c, f"/v1/shop/{seller.username}/orders/{token}", None, lambda o: o["funnel_url"] is None
        )
        assert [(x["product_name"], x["upsell_type"]) for x in after["extras"]] == [
            ("Funnel coaching", "upsell")
        ]
        assert after["funnel_url"] is None and after["upsells"] == []
        upsell_token = after["extras"][0]["token"]
        assert [pi["amount"] for pi in await stripe_intents(stack, upsell_token)] == [1500]
        # nothing more to offer: the funnel's address goes to the thank-you page
        r = await c.get(offer_url)
        assert r.status_code == 303 and r.headers["location"].endswith("?funnel=done")
        # another shop's address, or another product's slug, does not show this order's funnel
        assert (await c.get(f"/s/{seller.username}/{up['slug']}/offer/{token}")).status_code == 404
        r = await c.post(f"/s/{seller.username}/{main['slug']}/offer/nope/accept", data={"addon_id": "1"})
        assert r.status_code == 404
