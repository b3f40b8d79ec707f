"""The other page types a seller builds (issue 22; editor §2 Page types): a course page opens in the buyers' area
for the course's buyers only; the thank-you page the seller built greets a buyer after the purchase (the web app
shows it above what the order delivers) and only for their own order; an affiliate page has its address in the
shop and in the sitemap. And the pricing page with `product_id` and `step` (editor §1)."""

from __future__ import annotations

import secrets

import pytest

from tests.integration.helpers import client, new_seller, payer_headers
from tests.integration.shop.test_courses import _item
from tests.integration.shop.test_product_forms import MONTHLY, ONCE, _bought, _plan, _product, _publish

pytestmark = pytest.mark.integration


async def _built(c, h, kind: str, name: str, blocks: list[dict], **place) -> dict:
    """A page of this kind with these blocks after its first (a block of the id of one it starts with replaces
    it), published."""
    r = await c.post("/v1/cabinet/pages", json={"page_type": kind, "name": name, **place}, headers=h)
    assert r.status_code == 201, r.text
    page = r.json()
    mine = {b["id"]: b for b in blocks}
    kept = [{**b, **mine.pop(b["id"])} if b["id"] in mine else b for b in page["content"]["blocks"]]
    content = {**page["content"], "blocks": [*kept[:1], *mine.values(), *kept[1:]]}
    body = {"version": 1, "name": name, "path": page["path"], "content": content}
    r = await c.put(f"/v1/cabinet/pages/{page['id']}", json=body, headers=h)
    assert r.status_code == 200, r.text
    r = await c.post(f"/v1/cabinet/pages/{page['id']}/publish", json={"version": 2}, headers=h)
    assert r.status_code == 200, r.text
    return r.json()


async def test_course_thank_you_and_affiliate_pages_are_served_to_whom_they_are_for(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "pagetypes")
        h = seller.headers
        p = await _product(c, h, "course", "Knife skills")
        await _plan(c, h, p["id"], ONCE)
        chapter = await _item(c, h, p["id"], "chapter", "Basics")
        await _item(c, h, p["id"], "lesson", "Holding the knife", chapter["id"])
        course = await _publish(c, h, p["id"])
        sheet = await _product(c, h, "digital", "Recipe sheet", delivery_link="https://sheet.example.com")
        await _plan(c, h, sheet["id"], ONCE)
        loose = await _publish(c, h, sheet["id"])

        # a course page needs its address and a course of the shop
        bad = {"page_type": "course", "name": "Class", "path": "class"}
        assert (await c.post("/v1/cabinet/pages", json=bad, headers=h)).status_code == 400
        r = await c.post("/v1/cabinet/pages", json={**bad, "product_id": loose["id"]}, headers=h)
        assert r.status_code == 400  # not a course
        text = {"id": "hello", "type": "text", "title": "Welcome to the kitchen"}
        page = await _built(c, h, "course", "Class", [text], path="class", product_id=course["id"])
        assert page["url"] == f"/v/{seller.username}/class"

        # the thank-you page for every product (the template)
        thanks = {
            "id": "thanks",
            "type": "thank_you_page",
            "title_text": "Happy cooking!",
            "text": "See you.",
        }
        tpage = await _built(c, h, "thank_you", "Thanks", [thanks])
        assert tpage["url"] is None  # shown by the thank-you step, not at an address of its own

        stamp = secrets.token_hex(3)
        cook, stranger = f"cook-{stamp}@example.com", f"stranger-{stamp}@example.com"
        token = await _bought(stack, c, seller.username, course, cook)
        other_token = await _bought(stack, c, seller.username, loose, stranger)

        url = f"/v1/payer/s/{seller.username}/memberships/class"
        r = await c.get(url, headers=await payer_headers(stack, c, seller.username, cook))
        assert r.status_code == 200, r.text
        assert "Welcome to the kitchen" in r.text
        assert f"/payer/s/{seller.username}/courses/{course['id']}" in r.text  # its button: the way in
        assert '<base target="_top">' in r.text  # its links open in the web app, not inside its frame
        r = await c.get(url, headers=await payer_headers(stack, c, seller.username, stranger))
        assert r.status_code == 403 and r.json()["reason"] == "not_a_member"
        assert "Welcome" not in r.text

        ty = f"/v1/shop/{seller.username}/orders/{token}/thank_you_page"
        r = await c.get(ty, params={"lang": "es"})
        assert r.status_code == 200 and "Happy cooking!" in r.text and '<html lang="es">' in r.text
        assert (
            await c.get(f"/v1/shop/{seller.username}/orders/{other_token}/thank_you_page")
        ).status_code == 200
        # a made-up order, another shop's name for it, or a language outside the set: nothing shown
        assert (await c.get(f"/v1/shop/{seller.username}/orders/nope/thank_you_page")).status_code == 404
        intruder = await new_seller(stack, c, "pagetypes-other")
        assert (await c.get(f"/v1/shop/{intruder.username}/orders/{token}/thank_you_page")).status_code == 404
        assert (await c.get(ty, params={"lang": "xx"})).status_code == 400
        # once the seller takes it off, the platform's own thank-you words are back
        await c.post(f"/v1/cabinet/pages/{tpage['id']}/unpublish", headers=h)
        assert (await c.get(ty)).status_code == 404

        # an affiliate page has its address in the shop and in the sitemap
        aff = await _built(
            c,
            h,
            "affiliate",
            "Partners",
            [{"id": "products", "type": "seller_products", "title": "Cook with us"}],
            path="partners",
        )
        assert aff["url"] == f"/s/{seller.username}/partners"
        r = await c.get(f"/s/{seller.username}/partners")
        assert r.status_code == 200 and "Cook with us" in r.text and "Recommend this shop" in r.text
        assert "/partners</loc>" in (await c.get(f"/s/{seller.username}/sitemap.xml")).text
        r = await c.post(
            "/v1/cabinet/pages", json={"page_type": "affiliate", "name": "No address"}, headers=h
        )
        assert r.status_code == 400


async def test_the_pricing_page_shows_a_products_plans_and_step_two_opens_the_checkout_at_one(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "pricing")
        h = seller.headers
        p = await _product(c, h, "digital", "Bread course", delivery_link="https://bread.example.com")
        await _plan(c, h, p["id"], ONCE)
        await _plan(c, h, p["id"], MONTHLY)
        product = await _publish(c, h, p["id"])
        plans = {
            x["name"]: x["id"]
            for x in (await c.get(f"/v1/shop/{seller.username}/products/{product['slug']}")).json()[
                "pricing_plans"
            ]
        }
        url = f"/s/{seller.username}/pricing"

        r = await c.get(url, params={"product_id": product["id"]}, headers={"Accept-Language": "de"})
        assert r.status_code == 200 and "<h1>Bread course</h1>" in r.text
        assert (
            "19,00€" in r.text and "9,00€" in r.text and "jeden Monat" in r.text and "Einmalzahlung" in r.text
        )
        assert "<script" not in r.text
        r = await c.get(url, params={"product_id": product["id"], "step": 2, "plan_id": plans["Monthly"]})
        assert r.status_code == 303
        assert (
            r.headers["location"]
            == f"/s/{seller.username}/{product['slug']}/checkout?plan_id={plans['Monthly']}"
        )
        # step 2 without a plan among several: step 1 to choose; a plan of another product is not chosen
        r = await c.get(url, params={"product_id": product["id"], "step": 2, "plan_id": 999999})
        assert r.status_code == 200 and "Bread course" in r.text
        # bad steps and ids are refused; a product of another shop is not shown here
        for bad in ({"product_id": "x"}, {"product_id": product["id"], "step": 3}, {"product_id": 0}):
            assert (await c.get(url, params=bad)).status_code == 400
        other = await new_seller(stack, c, "pricing-other")
        r = await c.get(f"/s/{other.username}/pricing", params={"product_id": product["id"]})
        assert "Bread course" not in r.text
