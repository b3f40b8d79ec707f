"""The membership area (issue 22): a membership's page, built with the builder, opens for its members only. A
member sees what the membership includes with its way in; a buyer of something else, and anyone after a refund,
is refused (403) and sees nothing of the page."""

from __future__ import annotations

import asyncio
import secrets

import pytest

from tests.integration.helpers import client, new_seller, payer_headers
from tests.integration.shop.test_bundles import _items
from tests.integration.shop.test_product_forms import ONCE, _bought, _plan, _product, _publish

pytestmark = pytest.mark.integration


async def test_a_membership_page_opens_for_its_members_only(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "members")
        h = seller.headers
        tool = await _product(
            c, h, "digital", "Studio planner", delivery_link="https://planner.example.com/go"
        )
        m = await _product(c, h, "membership", "Studio club")
        await _plan(c, h, m["id"], ONCE)
        assert (await _items(c, h, m["id"], [tool["id"]])).status_code == 200
        membership = await _publish(c, h, m["id"])
        other = await _product(c, h, "digital", "Loose sheet", delivery_link="https://sheet.example.com")
        await _plan(c, h, other["id"], ONCE)
        loose = await _publish(c, h, other["id"])

        # a membership page needs its address and its membership
        r = await c.post("/v1/cabinet/pages", json={"page_type": "membership", "name": "Club"}, headers=h)
        assert r.status_code == 400
        r = await c.post(
            "/v1/cabinet/pages",
            json={"page_type": "membership", "name": "Club", "path": "club", "product_id": loose["id"]},
            headers=h,
        )
        assert r.status_code == 400  # not a membership
        r = await c.post(
            "/v1/cabinet/pages",
            json={"page_type": "membership", "name": "Club", "path": "club", "product_id": membership["id"]},
            headers=h,
        )
        assert r.status_code == 201, r.text
        page = r.json()
        assert page["url"] == f"/v/{seller.username}/club"
        blocks = [
            *page["content"]["blocks"][:1],
            {"id": "hello", "type": "text", "title": "Welcome, members"},
            *page["content"]["blocks"][1:],
        ]
        body = {
            "version": 1,
            "name": "Club",
            "path": "club",
            "content": {**page["content"], "blocks": blocks},
        }
        assert (await c.put(f"/v1/cabinet/pages/{page['id']}", json=body, headers=h)).status_code == 200
        r = await c.post(f"/v1/cabinet/pages/{page['id']}/publish", json={"version": 2}, headers=h)
        assert r.status_code == 200, r.text

        stamp = secrets.token_hex(3)  # the stack's mail catcher is shared: addresses of this test's own
        member_email, stranger_email = f"member-{stamp}@example.com", f"stranger-{stamp}@example.com"
        member = await _bought(stack, c, seller.username, membership, member_email)
        assert member
        await _bought(stack, c, seller.username, loose, stranger_email)
        url = f"/v1/payer/s/{seller.username}/memberships/club"
        assert (await c.get(url)).status_code == 401  # signed in first

        mh = await payer_headers(stack, c, seller.username, member_email)
        r = await c.get(url, headers=mh, params={"lang": "de"})
        assert r.status_code == 200 and "text/html" in r.headers["content-type"]
        assert "Welcome, members" in r.text and "Studio planner" in r.text
        assert (
            'href="https://planner.example.com/go"' in r.text
            and '<meta name="robots" content="noindex">' in r.text
        )
        assert (await c.get(f"/v1/payer/s/{seller.username}/memberships/nope", headers=mh)).status_code == 404

        sh = await payer_headers(stack, c, seller.username, stranger_email)
        r = await c.get(url, headers=sh)
        assert r.status_code == 403 and r.json()["reason"] == "not_a_member"
        assert "Welcome" not in r.text

        # a refund closes the page to its buyer
        r = await c.post(
            f"/v1/cabinet/orders/{member}/refunds",
            json={"amount": ONCE["price"], "reason": "Changed my mind"},
            headers=h,
        )
        assert r.status_code in (200, 201, 202), r.text
        for _ in range(60):
            r = await c.get(url, headers=mh)
            if r.status_code == 403:
                break
            await asyncio.sleep(0.5)
        assert r.status_code == 403 and r.json()["reason"] == "membership_closed"
