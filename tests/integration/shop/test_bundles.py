"""Memberships and bundles: the products step (the seller's own downloads, digital products, services and courses;
refused whole when one does not fit), the editor §4 warnings, the purchase delivering each included product (a file
by the order's link, a link, a course in the payer area), a mail for each item when asked, and access to every
included product following the parent order: a refund or an ended subscription closes them all."""

from __future__ import annotations

import httpx
import pytest

from tests.integration.helpers import client, mails, new_seller, payer_headers, until, wait_mail
from tests.integration.shop.test_courses import _item
from tests.integration.shop.test_product_forms import MONTHLY, ONCE, _bought, _plan, _product, _publish

pytestmark = pytest.mark.integration


async def _items(c: httpx.AsyncClient, h: dict, pid: int, ids: list[int]) -> httpx.Response:
    return await c.put(f"/v1/cabinet/products/{pid}/items", json={"product_ids": ids}, headers=h)


async def test_a_bundle_delivers_each_product_and_a_refund_closes_them_all(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "bundle")
        other = await new_seller(stack, c, "bundle-other")
        h = seller.headers
        ebook = await _product(c, h, "download", "Recipe e-book")
        r = await c.post(
            f"/v1/cabinet/products/{ebook['id']}/file",
            files={"file": ("recipes.pdf", b"%PDF-1.4 recipes", "application/pdf")},
            headers=h,
        )
        assert r.status_code == 200, r.text
        tool = await _product(
            c, h, "digital", "Oven planner", delivery_link="https://planner.example.com/start"
        )
        course = await _product(c, h, "course", "Pizza course")
        lesson = await _item(c, h, course["id"], "lesson", "Dough")
        keys = await _product(c, h, "license_key", "Planner licence")
        foreign = await _product(c, other.headers, "download", "Not yours")

        b = await _product(c, h, "bundle", "Kitchen bundle")
        bid = b["id"]
        assert b["included_count"] == 0 and "bundle_without_addons" in b["warnings"]
        await _plan(c, h, bid, ONCE)
        r = await c.post(f"/v1/cabinet/products/{bid}/publish", headers=h)
        assert r.status_code == 422 and "bundle_without_addons" in r.text
        # refused whole: a license key, another seller's product, itself, twice the same
        for ids, reason in [
            ([ebook["id"], keys["id"]], "not_includable"),
            ([ebook["id"], foreign["id"]], "unknown_product"),
            ([bid], "itself"),
            ([ebook["id"], ebook["id"]], "duplicate"),
        ]:
            r = await _items(c, h, bid, ids)
            assert r.status_code == 400 and r.json()["reason"] == reason, (ids, r.text)
        assert (await c.get(f"/v1/cabinet/products/{bid}/items", headers=h)).json()["list"] == []
        r = await _items(c, other.headers, bid, [foreign["id"]])
        assert r.status_code == 404  # another seller cannot touch the bundle
        r = await _items(c, h, bid, [course["id"], ebook["id"], tool["id"]])
        assert r.status_code == 200
        assert [x["name"] for x in r.json()["list"]] == ["Pizza course", "Recipe e-book", "Oven planner"]
        r = await c.patch(f"/v1/cabinet/products/{bid}", json={"email_for_each_item": True}, headers=h)
        assert r.status_code == 200 and r.json()["email_for_each_item"] is True
        r = await c.patch(
            f"/v1/cabinet/products/{ebook['id']}", json={"email_for_each_item": True}, headers=h
        )
        assert r.status_code == 400  # a download has no items
        bundle = await _publish(c, h, bid)
        assert bundle["included_count"] == 3 and bundle["warnings"] == []
        copy = (await c.post(f"/v1/cabinet/products/{bid}/duplicate", headers=h)).json()
        assert copy["included_count"] == 3 and copy["email_for_each_item"] is True

        token = await _bought(stack, c, seller.username, bundle, "cook@example.com")
        status = await until(
            c, f"/v1/shop/{seller.username}/orders/{token}", None, lambda b: len(b["items"]) == 3, 30
        )
        got = {x["name"]: x for x in status["items"]}
        assert got["Pizza course"]["course_url"] == f"/payer/s/{seller.username}/courses/{course['id']}"
        assert got["Oven planner"]["delivery_link"] == "https://planner.example.com/start"
        file_url = got["Recipe e-book"]["download_url"]
        r = await c.get(httpx.URL(file_url).path)
        assert r.status_code == 200 and r.content == b"%PDF-1.4 recipes"
        r = await c.get(httpx.URL(file_url).path.replace(f"/items/{ebook['id']}", f"/items/{foreign['id']}"))
        assert r.status_code == 404  # only what the bundle includes
        confirmation = await wait_mail(stack, "cook@example.com", "Your order")
        assert (
            "Included:" in confirmation["body"]
            and "https://planner.example.com/start" in confirmation["body"]
        )
        # a mail per included product: each its own send, so the three may arrive a moment apart
        for name in ("Recipe e-book", "Oven planner", "Pizza course"):
            await wait_mail(stack, "cook@example.com", f"{name}: part of your order")
        subjects = [m["subject"] for m in await mails(stack, "cook@example.com")]
        assert sum("part of your order" in x for x in subjects) == 3

        # the included course opens in the payer area, through the bundle's order
        ph = await payer_headers(stack, c, seller.username, "cook@example.com")
        area = (await c.get(f"/v1/payer/s/{seller.username}", headers=ph)).json()
        assert [x["name"] for x in area["purchases"][0]["items"]] == [
            "Pizza course",
            "Recipe e-book",
            "Oven planner",
        ]
        base = f"/v1/payer/s/{seller.username}/courses/{course['id']}"
        assert (await c.get(f"{base}/lessons/{lesson['id']}", headers=ph)).status_code == 200

        # a refund closes every included product
        r = await c.post(
            f"/v1/cabinet/orders/{token}/refunds", json={"amount": 1900, "reason": "Not for me"}, headers=h
        )
        assert r.status_code in (200, 201, 202), r.text
        await until(c, f"/v1/shop/{seller.username}/orders/{token}", None, lambda b: b["items"] == [], 30)
        assert (await c.get(httpx.URL(file_url).path)).status_code == 404
        assert (await c.get(f"{base}/lessons/{lesson['id']}", headers=ph)).status_code == 403


async def test_a_membership_opens_its_course_while_the_subscription_runs(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "member")
        h = seller.headers
        course = await _product(c, h, "course", "Members' yoga")
        lesson = await _item(c, h, course["id"], "lesson", "Breathing")
        m = await _product(c, h, "membership", "Yoga club")
        assert "no_products" in m["warnings"]
        await _plan(c, h, m["id"], MONTHLY)
        assert (await _items(c, h, m["id"], [course["id"]])).status_code == 200
        membership = await _publish(c, h, m["id"])
        token = await _bought(stack, c, seller.username, membership, "member@example.com")
        await until(c, f"/v1/shop/{seller.username}/orders/{token}", None, lambda b: len(b["items"]) == 1, 30)
        ph = await payer_headers(stack, c, seller.username, "member@example.com")
        base = f"/v1/payer/s/{seller.username}/courses/{course['id']}"
        assert (await c.get(f"{base}/lessons/{lesson['id']}", headers=ph)).status_code == 200
        r = await c.post(f"/v1/cabinet/orders/{token}/subscription", json={"action": "cancel_now"}, headers=h)
        assert r.status_code == 202, r.text
        closed = await until(c, base, ph, lambda b: b["access"] == "publish_canceled", 30)
        assert closed["closed_because"] == "payment_canceled"
        assert (await c.get(f"{base}/lessons/{lesson['id']}", headers=ph)).status_code == 403
