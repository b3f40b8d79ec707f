"""A manager finds any order's workflows by order token and reads their histories."""

from __future__ import annotations

import pytest

from tests.integration.helpers import (
    CARD_OK,
    card_payment_method,
    client,
    manager_headers,
    new_seller,
    paid_order,
    pay,
    published_product,
    seller_id_of,
    start_checkout,
    until,
)

pytestmark = pytest.mark.integration


async def test_manager_reads_checkout_history(stack):
    async with client(stack) as c:
        order = await paid_order(stack, c, "ops")
        token, seller = order.token, order.seller
        r = await c.post(
            "/v1/app/session",
            json={"email": "manager@sellflow.local", "password": "sellflow-demo", "fingerprint": "ops"},
        )
        h = {"Authorization": f"Bearer {r.json()['access_token']}"}
        wfs = (await c.get(f"/v1/admin/orders/{token}/workflows", headers=h)).json()["list"]
        assert [w["workflow_id"] for w in wfs] == [f"checkout-{token}"]
        # typed as a person would: spaces, upper case
        typed = f" {token[:6].upper()} {token[6:]} "
        r = await c.get(f"/v1/admin/orders/{typed}/workflows", headers=h)
        assert [w["workflow_id"] for w in r.json()["list"]] == [f"checkout-{token}"]
        # a token no order can have never reaches the workflow search
        r = await c.get("/v1/admin/orders/x' or WorkflowId != '/workflows", headers=h)
        assert r.status_code == 200 and r.json()["list"] == []
        r = await c.get("/v1/admin/workflows/checkout-nosuchorder/history", headers=h)
        assert r.status_code == 404 and r.json()["error"] == "NOT_FOUND"
        assert wfs[0]["workflow_type"] == "Checkout" and wfs[0]["temporal_ui_url"].endswith("/history")
        hist = (
            await c.get(
                f"/v1/admin/workflows/{wfs[0]['workflow_id']}/history",
                params={"run_id": wfs[0]["run_id"]},
                headers=h,
            )
        ).json()["events"]
        types = [e["event_type"] for e in hist]
        assert types[0] == "EVENT_TYPE_WORKFLOW_EXECUTION_STARTED"
        assert "EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED" in types
        scheduled = [e["summary"] for e in hist if e["event_type"] == "EVENT_TYPE_ACTIVITY_TASK_SCHEDULED"]
        assert scheduled == [
            "record_order_paid",
            "issue_invoice",
            "book_seller_balance",
            "grant_access",
            "send_order_mails",
        ]
        # a seller is not a manager
        assert (await c.get(f"/v1/admin/orders/{token}/workflows", headers=seller.headers)).status_code == 403


MONTHLY = {"name": "Monthly", "payment_type": "subscription", "price": 900, "period": "1m", "currency": "eur"}


async def test_the_ops_view_finds_every_workflow_of_an_order_and_of_a_seller(stack):
    """Found by the search attributes each workflow carries from its start (seller, order, payee), a child
    (the Subscription) with its parent's: an order's checkout and subscription; a seller's legitimation, payouts,
    orders and domains. Another seller's are not among them."""
    async with client(stack) as c:
        seller = await new_seller(stack, c, "opsfind")
        other = await new_seller(stack, c, "opsother")
        product = await published_product(c, seller, plan=MONTHLY)
        co = await start_checkout(c, seller.username, product)
        pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
        r = await pay(c, seller.username, co["order_token"], pm)
        assert r.status_code == 200 and r.json()["outcome"] == "succeeded", r.text
        token = co["order_token"]
        r = await c.post(
            "/v1/cabinet/domains",
            json={"kind": "subdomain", "name": f"ops{token[:8]}", "ttl": 300},
            headers=seller.headers,
        )
        assert r.status_code == 201, r.text
        h = await manager_headers(c)

        def types(body: dict) -> set[str]:
            return {w["workflow_type"] for w in body["list"]}

        body = await until(
            c, f"/v1/admin/orders/{token}/workflows", h, lambda b: {"Checkout", "Subscription"} <= types(b)
        )
        assert {w["workflow_id"] for w in body["list"]} == {f"checkout-{token}", f"subscription-{token}"}
        sid = await seller_id_of(c, seller)
        wanted = {"Checkout", "Subscription", "Legitimation", "Payout", "DomainSsl"}
        body = await until(c, f"/v1/admin/sellers/{sid}/workflows", h, lambda b: wanted <= types(b))
        ids = {w["workflow_id"] for w in body["list"]}
        assert {f"legitimation-{sid}", f"payout-seller-{sid}", f"subscription-{token}"} <= ids
        other_id = await seller_id_of(c, other)
        assert f"legitimation-{other_id}" not in ids
        # managers only
        assert (await c.get(f"/v1/admin/sellers/{sid}/workflows", headers=seller.headers)).status_code == 403
