"""One seller can neither see nor change another seller's products or orders, through any endpoint."""

from __future__ import annotations

import pytest

from tests.integration.helpers import client, paid_order

pytestmark = pytest.mark.integration


async def test_seller_a_cannot_read_or_change_seller_b(stack, seller):
    async with client(stack) as c:
        a = seller
        order = await paid_order(stack, c, "bob")
        b, pb, token = order.seller, order.product, order.token
        pid = pb["id"]
        h = a.headers
        attempts = [
            ("GET", f"/v1/cabinet/products/{pid}", None),
            ("PATCH", f"/v1/cabinet/products/{pid}", {"name": "hijacked"}),
            (
                "POST",
                f"/v1/cabinet/products/{pid}/pricing_plans",
                {"name": "x", "price": 100, "currency": "eur"},
            ),
            ("DELETE", f"/v1/cabinet/products/{pid}/pricing_plans/{pb['pricing_plans'][0]['id']}", None),
            ("GET", f"/v1/cabinet/orders/{token}", None),
        ] + [
            ("POST", f"/v1/cabinet/products/{pid}/{act}", None)
            for act in ("publish", "unpublish", "archive", "unarchive", "duplicate")
        ]
        for method, path, body in attempts:
            r = await c.request(method, path, json=body, headers=h)
            assert r.status_code == 404, (method, path, r.status_code, r.text)
        r = await c.post(f"/v1/cabinet/products/{pid}/file", files={"file": ("x.pdf", b"x")}, headers=h)
        assert r.status_code == 404
        # lists are scoped: A's lists never contain B's rows, whatever the search says
        assert (await c.get("/v1/cabinet/orders", params={"query": token}, headers=h)).json()[
            "total_count"
        ] == 0
        products = (await c.get("/v1/cabinet/products", params={"query": pb["name"]}, headers=h)).json()
        assert products["total_count"] == 0
        # the shop scopes orders to the shop they were placed in
        r = await c.get(f"/v1/shop/{a.username}/orders/{token}")
        assert r.status_code == 404
        # and nothing of B's changed
        mine = (await c.get(f"/v1/cabinet/products/{pid}", headers=b.headers)).json()
        assert mine["name"] == pb["name"] and mine["is_published"] and not mine["is_archived"]
        assert len(mine["pricing_plans"]) == 1
        assert (await c.get("/v1/cabinet/products", headers=b.headers)).json()["total_count"] == 1


async def test_cabinet_requires_a_seller_and_admin_requires_a_manager(stack):
    async with client(stack) as c:
        r = await c.post(
            "/v1/app/user",
            json={"email": "only.payer@example.com", "password": "long-enough-1", "profile_type": "payer"},
        )
        assert r.status_code == 201
        r = await c.post(
            "/v1/app/session",
            json={"email": "only.payer@example.com", "password": "long-enough-1", "fingerprint": "fp"},
        )
        assert r.status_code == 200, r.text
        h = {"Authorization": f"Bearer {r.json()['access_token']}"}
        assert (await c.get("/v1/cabinet/orders", headers=h)).status_code == 403
        assert (await c.get("/v1/admin/orders/x/workflows", headers=h)).status_code == 403
        assert (await c.get("/v1/cabinet/orders")).json()["type"] == "missing_access_token"
        # the same user becomes a seller too, without a second account; managers are never self-assigned
        r = await c.post("/v1/app/user/profiles", json={"profile_type": "seller"}, headers=h)
        assert r.status_code == 201 and r.json()["profile_types"] == ["payer", "seller"]
        assert (await c.get("/v1/cabinet/orders", headers=h)).status_code == 200
        r = await c.post("/v1/app/user/profiles", json={"profile_type": "manager"}, headers=h)
        assert r.status_code == 400
        assert (await c.get("/v1/admin/orders/x/workflows", headers=h)).status_code == 403
