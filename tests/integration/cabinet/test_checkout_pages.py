"""Checkout settings (core §3) through the real stack: the defaults of core §9 when a seller sets nothing, a
seller's default page and a product's own, what the buyer's product answer carries (layout, theme, social proof
counted from real views and purchases), the confirmation mail's three modes, refusals of what cannot be, and one
seller never reaching another's settings."""

from __future__ import annotations

import asyncio

import pytest

from tests.integration.helpers import (
    CARD_OK,
    card_payment_method,
    client,
    mails,
    new_seller,
    pay,
    published_product,
    start_checkout,
    wait_fulfilled,
    wait_mail,
)

pytestmark = pytest.mark.integration


async def _buy(stack, c, seller, product: dict, email: str) -> str:
    co = await start_checkout(c, seller.username, product, email=email)
    pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
    assert (await pay(c, seller.username, co["order_token"], pm)).json()["outcome"] == "succeeded"
    await wait_fulfilled(c, seller.username, co["order_token"])
    return co["order_token"]


async def test_a_products_checkout_page_follows_its_settings_and_shows_real_social_proof(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "checkout-pages")
        h = seller.headers
        p = await published_product(c, seller, price=2500, name="Themed guide")
        shop = f"/v1/shop/{seller.username}/products/{p['slug']}"
        # nothing set: the defaults of core §9
        page = (await c.get(shop)).json()["checkout"]
        assert page["layout"] == "default"
        assert (page["theme"]["buy_button_border_radius"], page["theme"]["buy_button_color"]) == (
            22,
            "#ffc439",
        )
        assert page["theme"]["expandable_description_default_behavior"] == "expanded"
        assert page["trust_seals"] == {
            "visa": True,
            "ssl_secure": True,
            "mastercard": True,
            "own_seal": False,
        }

        r = await c.post("/v1/cabinet/checkout_settings", json={"name": "Main"}, headers=h)
        # the default only when the seller says so: a page made for one product changes no other checkout
        assert r.status_code == 201 and not r.json()["is_default"]
        main = r.json()
        two = {"name": "Main", "page": {"layout": "two_steps"}}
        r = await c.put(f"/v1/cabinet/checkout_settings/{main['id']}", json=two, headers=h)
        assert r.status_code == 200 and not r.json()["is_default"]
        assert (await c.get(shop)).json()["checkout"]["layout"] == "default"
        r = await c.put(
            f"/v1/cabinet/checkout_settings/{main['id']}", json={**two, "is_default": True}, headers=h
        )
        assert r.json()["is_default"] and (await c.get(shop)).json()["checkout"]["layout"] == "two_steps"
        # and switched off again: no default, the platform's checkout
        r = await c.put(f"/v1/cabinet/checkout_settings/{main['id']}", json={"name": "Main"}, headers=h)
        assert not r.json()["is_default"] and (await c.get(shop)).json()["checkout"]["layout"] == "default"
        body = {
            "name": "Launch",
            "page": {
                "layout": "two_steps",
                "theme": {"buy_button_color": "#00aa55", "buy_button_text": "complete_order", "countdown_enabled": True},
                "social_proof": ["total_views", "total_purchases", "recent_purchase"],
                "email_mode": "custom_email",
                "custom_email_text": "Join the live call on Friday.",
            },
        }  # fmt: skip
        launch = (await c.post("/v1/cabinet/checkout_settings", json=body, headers=h)).json()
        assert not launch["is_default"]
        assert (await c.get(shop)).json()["checkout"]["layout"] == "default"  # still on the default page
        r = await c.patch(
            f"/v1/cabinet/products/{p['id']}", json={"checkout_settings_id": launch["id"]}, headers=h
        )
        assert r.status_code == 200 and r.json()["checkout_settings_id"] == launch["id"]
        for _ in range(3):
            await c.get(shop)
        answer = (await c.get(shop)).json()
        assert answer["checkout"]["layout"] == "two_steps"
        assert answer["checkout"]["theme"]["buy_button_color"] == "#00aa55"
        assert (
            answer["checkout"]["theme"]["buy_button_border_radius"] == 22
        )  # a field not sent keeps its default
        assert answer["social_proof"]["total_views"] >= 4 and answer["social_proof"]["total_purchases"] == 0
        assert answer["social_proof"]["recent_first_name"] is None
        # a seller's preview is not a view
        views = answer["social_proof"]["total_views"]
        await c.get(f"/v1/cabinet/products/{p['id']}/preview", headers=h)
        assert (await c.get(shop)).json()["social_proof"]["total_views"] == views + 1

        # custom_email: the confirmation carries the seller's text
        email = "page-buyer@example.com"
        await _buy(stack, c, seller, p, email)
        mail = await wait_mail(stack, email, "Themed guide")
        assert "Join the live call on Friday." in mail["body"]
        proof = (await c.get(shop)).json()["social_proof"]
        assert proof["total_purchases"] == 1 and proof["recent_first_name"] == "Bea B."

        # no_email: the buyer gets no confirmation (the seller still hears of the sale)
        body["page"]["email_mode"] = "no_email"
        r = await c.put(f"/v1/cabinet/checkout_settings/{launch['id']}", json=body, headers=h)
        assert r.status_code == 200
        quiet = "quiet-buyer@example.com"
        await _buy(stack, c, seller, p, quiet)
        await wait_mail(stack, seller.email, "Themed guide")
        await asyncio.sleep(1)
        assert await mails(stack, quiet) == []

        # deleted: the product sells on the default page again
        assert (await c.delete(f"/v1/cabinet/checkout_settings/{launch['id']}", headers=h)).status_code == 204
        assert (await c.get(shop)).json()["checkout"]["layout"] == "default"
        listed = (await c.get("/v1/cabinet/checkout_settings", headers=h)).json()
        assert [x["id"] for x in listed["list"]] == [main["id"]]


async def test_what_cannot_be_is_refused_and_one_seller_never_reaches_anothers(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "checkout-rules")
        other = await new_seller(stack, c, "checkout-rules-other", legitimate=False)
        h = seller.headers
        mine = (await c.post("/v1/cabinet/checkout_settings", json={"name": "Mine"}, headers=h)).json()
        for page in (
            {"layout": "three_steps"},
            {"theme": {"buy_button_color": "yellow"}},
            {"theme": {"buy_button_border_radius": 41}},
            {"theme": {"buy_button_border_radius": "22"}},
            {"theme": {"countdown_minutes": 0}},
            {"email_mode": "loud"},
            {"social_proof": ["total_likes"]},
        ):
            r = await c.put(f"/v1/cabinet/checkout_settings/{mine['id']}", json={"name": "Mine", "page": page},
                            headers=h)  # fmt: skip
            assert r.status_code in (400, 422), (page, r.text)
        assert (await c.get(f"/v1/cabinet/checkout_settings/{mine['id']}", headers=h)).json()["page"][
            "layout"
        ] == ("default")
        for call in (
            c.get(f"/v1/cabinet/checkout_settings/{mine['id']}", headers=other.headers),
            c.put(f"/v1/cabinet/checkout_settings/{mine['id']}", json={"name": "X"}, headers=other.headers),
            c.delete(f"/v1/cabinet/checkout_settings/{mine['id']}", headers=other.headers),
        ):
            assert (await call).status_code == 404
        assert (await c.get("/v1/cabinet/checkout_settings", headers=other.headers)).json()["list"] == []
        # another seller's product cannot be put on these settings
        theirs = (await c.post("/v1/cabinet/products", json={"name": "Theirs"}, headers=other.headers)).json()
        r = await c.patch(
            f"/v1/cabinet/products/{theirs['id']}",
            json={"checkout_settings_id": mine["id"]},
            headers=other.headers,
        )
        assert r.status_code == 404
        product = (await c.get(f"/v1/cabinet/products/{theirs['id']}", headers=other.headers)).json()
        assert product["checkout_settings_id"] is None
