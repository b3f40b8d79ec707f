"""Selling through the platform as reseller (issue 23; core §4 reseller request and selling modes): a seller asks,
a manager rejects with a reason or approves, the seller may cancel a waiting request; once approved, a buyer's
invoice names the platform and carries its VAT, and going back to selling in their own name applies to the orders
bought from then on."""

from __future__ import annotations

import pytest

from tests.integration.billing.test_subscriptions import _buy
from tests.integration.helpers import client, db_value, manager_headers, new_seller, published_product

pytestmark = pytest.mark.integration


async def _issuer(token: str) -> list[str]:
    lines = await db_value(
        "select i.document->'seller_lines' from invoices i join orders o on o.id = i.order_id where o.token = :t",
        t=token,
    )
    return list(lines or [])


async def test_a_seller_sells_through_the_reseller_once_a_manager_approves(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "resell")
        other = await new_seller(stack, c, "resell-other", legitimate=False)
        h, m = seller.headers, await manager_headers(c)
        product = await published_product(c, seller, name="Resold guide", price=5_000)
        home = (await c.get("/v1/cabinet/reseller", headers=h)).json()
        assert home == {"selling_mode": "selling_by_ownself", "requests": []}

        # asked; asked again while it waits: 409; rejected needs a reason
        r = await c.post(
            "/v1/cabinet/reseller_requests", json={"message": "VAT abroad is too much"}, headers=h
        )
        assert r.status_code == 201, r.text
        first = r.json()["requests"][0]["id"]
        r = await c.post("/v1/cabinet/reseller_requests", json={}, headers=h)
        assert r.status_code == 409 and r.json()["reason"] == "reseller_state"
        assert (
            await c.post(f"/v1/admin/reseller_requests/{first}", json={"approve": False}, headers=m)
        ).status_code == 400
        waiting = (await c.get("/v1/admin/reseller_requests", params={"state": "waiting"}, headers=m)).json()[
            "list"
        ]
        assert any(x["id"] == first and x["username"] == seller.username for x in waiting)
        r = await c.post(
            f"/v1/admin/reseller_requests/{first}",
            json={"approve": False, "reason": "Tell us more"},
            headers=m,
        )
        assert r.status_code == 200 and r.json()["state"] == "rejected"
        r = await c.post(f"/v1/admin/reseller_requests/{first}", json={"approve": True}, headers=m)
        assert r.status_code == 409  # decided already

        # asked again, cancelled by the seller (not by another seller: 404)
        second = (await c.post("/v1/cabinet/reseller_requests", json={}, headers=h)).json()["requests"][0][
            "id"
        ]
        assert (
            await c.post(f"/v1/cabinet/reseller_requests/{second}/cancel", headers=other.headers)
        ).status_code == 404
        r = await c.post(f"/v1/cabinet/reseller_requests/{second}/cancel", headers=h)
        assert r.status_code == 200 and r.json()["requests"][0]["state"] == "canceled"
        assert (await c.post(f"/v1/cabinet/reseller_requests/{second}/cancel", headers=h)).status_code == 409

        # a buyer before the approval: the seller's own invoice
        own = await _buy(stack, c, seller, product)
        assert await db_value("select via_reseller from orders where token = :t", t=own) is False

        third = (await c.post("/v1/cabinet/reseller_requests", json={}, headers=h)).json()["requests"][0][
            "id"
        ]
        r = await c.post(f"/v1/admin/reseller_requests/{third}", json={"approve": True}, headers=m)
        assert r.status_code == 200 and r.json()["state"] == "approved"
        home = (await c.get("/v1/cabinet/reseller", headers=h)).json()
        assert home["selling_mode"] == "selling_via_reseller"
        assert [x["state"] for x in home["requests"]] == ["approved", "canceled", "rejected"]
        assert (await c.post("/v1/cabinet/reseller_requests", json={}, headers=h)).status_code == 409

        resold = await _buy(stack, c, seller, product)
        assert await db_value("select via_reseller from orders where token = :t", t=resold) is True
        issuer = await _issuer(resold)
        assert issuer[0] == "Sellflow GmbH" and any(seller.username in x or "Sam Seller" in x for x in issuer)
        assert (
            await db_value(
                "select i.document->'vat'->>'kind' from invoices i join orders o on o.id = i.order_id where o.token = :t",
                t=resold,
            )
            == "domestic"
        )  # the platform owes German VAT on a sale to a buyer at home
        assert (await _issuer(own))[0] != "Sellflow GmbH"

        # back to selling in their own name: later orders are theirs again, the resold one stays as it was
        r = await c.post("/v1/cabinet/reseller/sell_by_ownself", headers=h)
        assert r.status_code == 200 and r.json()["selling_mode"] == "selling_by_ownself"
        assert (await c.post("/v1/cabinet/reseller/sell_by_ownself", headers=h)).status_code == 409
        later = await _buy(stack, c, seller, product)
        assert await db_value("select via_reseller from orders where token = :t", t=later) is False
        assert await db_value("select via_reseller from orders where token = :t", t=resold) is True
