"""A manager finds any order's workflows by order token and reads their histories."""

from __future__ import annotations

import pytest

from tests.integration.helpers import client, paid_order

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
