"""Where a publisher's shop link lands (issue 23; editor §3 redirection URL and forwarded URL parameters): a
program with a redirection URL sends its publishers' shop links there after counting the click and leaving the
cookie, with the click's other parameters when the program forwards them; a product link stays on the product."""

from __future__ import annotations

import pytest

from tests.integration.affiliates.test_commissions import _joined
from tests.integration.helpers import client, db_count, new_seller, published_product

pytestmark = pytest.mark.integration


async def test_a_programs_redirection_lands_the_click_and_forwards_its_parameters(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "redir")
        product = await published_product(c, seller, name="Rye class", price=1500)
        body = {
            "name": "Landing",
            "commission_bp": 1000,
            "redirection_url": "https://example.com/rye?from=sellflow#start",
            "forward_url_params": True,
        }
        r = await c.post("/v1/cabinet/affiliate_programs", json=body, headers=seller.headers)
        assert r.status_code == 201, r.text
        pub = await new_seller(stack, c, "redir-pub", legitimate=False)
        pub_id = await _joined(c, r.json()["id"], pub, seller)
        c.cookies.clear()
        r = await c.get(f"/s/{seller.username}", params={"epid": pub_id, "utm_source": "blog"})
        assert r.status_code == 302
        assert r.headers["location"] == "https://example.com/rye?from=sellflow&utm_source=blog#start"
        assert any(k.startswith("sf_aff_") for k in r.cookies)  # the click is the publisher's all the same
        clicks = "select count(*) from affiliate_clicks where publisher_user_id = :p"
        assert await db_count(clicks, p=pub_id) == 1
        # a product link stays on the product; a stranger's epid lands nowhere else
        r = await c.get(f"/s/{seller.username}/{product['slug']}", params={"epid": pub_id})
        assert r.status_code == 200
        c.cookies.clear()
        r = await c.get(f"/s/{seller.username}", params={"epid": 999_999_999})
        assert r.status_code == 200 and not r.cookies
        # without forwarding, the landing as it is
        prog = (await c.get("/v1/cabinet/affiliate_programs", headers=seller.headers)).json()["list"][0]["id"]
        full = (await c.get(f"/v1/cabinet/affiliate_programs/{prog}", headers=seller.headers)).json()["form"]
        r = await c.put(
            f"/v1/cabinet/affiliate_programs/{prog}",
            json={**full, "forward_url_params": False},
            headers=seller.headers,
        )
        assert r.status_code == 200, r.text
        c.cookies.clear()
        r = await c.get(f"/s/{seller.username}", params={"epid": pub_id, "utm_source": "blog"})
        assert r.headers["location"] == "https://example.com/rye?from=sellflow#start"
        # a program that lets publishers choose: their page of the shop, never another site
        r = await c.put(
            f"/v1/cabinet/affiliate_programs/{prog}",
            json={**full, "forward_url_params": False, "affiliate_redirections_allowed": True},
            headers=seller.headers,
        )
        assert r.status_code == 200, r.text
        page = f"/s/{seller.username}/{product['slug']}"
        c.cookies.clear()
        r = await c.get(f"/s/{seller.username}", params={"epid": pub_id, "target": page})
        assert r.status_code == 302 and r.headers["location"] == page
        r = await c.get(f"/s/{seller.username}", params={"epid": pub_id, "target": "https://evil.example/"})
        assert r.headers["location"] == "https://example.com/rye?from=sellflow#start"
