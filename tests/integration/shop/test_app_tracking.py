"""The shop's tracking on the web app's own buyer pages (issue 49): the codes ticked for the checkout and the
thank-you page are answered to the page with the shop's consent settings, and only then does the page's
Content-Security-Policy let their hosts load; a shop that tracks nothing there allows none."""

from __future__ import annotations

import pytest

from tests.integration.helpers import client, new_seller, published_product

pytestmark = pytest.mark.integration

GTM = "https://www.googletagmanager.com"
PIXEL = "https://connect.facebook.net"


async def test_codes_of_the_checkout_and_thank_you_pages_and_their_policy(stack, spoils_sellers_ahead):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "tracked")
        u = seller.username
        product = await published_product(c, seller, price=1500, name="Tracked guide")
        pages = (
            f"/s/{u}/{product['slug']}",
            f"/s/{u}/{product['slug']}/checkout",
            f"/s/{u}/{product['slug']}/thank_you/x",
        )
        for path in pages:  # nothing ticked: no tracking host
            policy = (await c.get(path)).headers["content-security-policy"]
            assert GTM not in policy and PIXEL not in policy, path
        assert (await c.get(f"/v1/shop/{u}/tracking")).json()["codes"] == []

        r = await c.put(
            "/v1/cabinet/tracking",
            headers=seller.headers,
            json={
                "consent": {"mode": "rich", "categories": ["statistics", "marketing"]},
                "codes": [
                    {
                        "id": "a",
                        "tracking_type": "google_analytics_4",
                        "code": "G-ABC123",
                        "event_pages": ["checkout", "thank_you"],
                    },
                    {
                        "id": "b",
                        "tracking_type": "facebook_pixel",
                        "code": "1234567890123456",
                        "event_pages": ["thank_you"],
                    },
                    {
                        "id": "c",
                        "tracking_type": "google_tag_manager",
                        "code": "GTM-SHOP1",
                        "event_pages": ["shop"],
                    },
                ],
            },
        )
        assert r.status_code == 200, r.text
        tracking = (await c.get(f"/v1/shop/{u}/tracking")).json()
        assert tracking["mode"] == "rich" and tracking["cookie"] == f"sf_consent_{u}"
        assert tracking["codes"] == [
            {
                "type": "google_analytics_4",
                "id": "G-ABC123",
                "category": "statistics",
                "pages": ["checkout", "thank_you"],
            },
            {
                "type": "facebook_pixel",
                "id": "1234567890123456",
                "category": "marketing",
                "pages": ["thank_you"],
            },
        ]  # the shop pages' tag manager is not the web app's
        for path in pages:
            policy = (await c.get(path)).headers["content-security-policy"]
            script = next(d for d in policy.split("; ") if d.startswith("script-src"))
            assert GTM in script and PIXEL in script, path
        # another shop's pages stay closed to them
        other = (await c.get("/s/demo-seller/the-sellflow-handbook/checkout")).headers[
            "content-security-policy"
        ]
        assert GTM not in other
        assert (await c.get("/v1/shop/no-such-shop-zz/tracking")).status_code == 404
