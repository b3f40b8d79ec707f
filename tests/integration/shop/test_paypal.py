"""PayPal through the real stack (PayPal's official server SDK against the stand-in, whose approval page, captures,
refunds and signed webhooks behave as PayPal's): a seller switches PayPal on for one-time plans; a buyer is sent to
approve, and the order is captured once, by the buyer's return or by PayPal's webhook when the buyer never comes
back; a refund goes back to the PayPal account; a declined funding source leaves the order payable by card;
webhooks forged or malformed are refused and change nothing."""

from __future__ import annotations

import asyncio
import base64
import hmac
import json

import httpx
import pytest

from deploy.paypal_provider import signed_string
from tests.integration.helpers import (
    CARD_OK,
    card_payment_method,
    checkout_ended,
    client,
    db_value,
    money_rows,
    new_seller,
    pay,
    published_product,
    start_checkout,
    until,
    wait_fulfilled,
)

pytestmark = pytest.mark.integration


async def _stand_in(stack, path: str, body: dict | None = None) -> dict:
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{stack.ports.paypal}", timeout=10) as h:
        if body is None:
            r = await h.get(path)
        else:
            r = await h.post(path, json=body, headers={"Authorization": "Bearer paypal_secret_local"})
    assert r.status_code == 200, r.text
    return r.json()


def _order_id(approve_url: str) -> str:
    return approve_url.split("token=")[1]


def _signed(event: dict, tid: str = "t-1") -> tuple[bytes, dict]:
    """An event signed as PayPal signs it (the stand-in's key), with the headers PayPal sends."""
    body = json.dumps(event, separators=(",", ":")).encode()
    at = "2026-11-25T10:00:00Z"
    sig = hmac.new(
        b"paypalsig_sellflow_local", signed_string(tid, at, "WH-LOCAL-SELLFLOW", body).encode(), "sha256"
    )
    return body, {
        "content-type": "application/json",
        "paypal-transmission-id": tid,
        "paypal-transmission-time": at,
        "paypal-transmission-sig": base64.b64encode(sig.digest()).decode(),
    }


async def test_paypal_approved_then_captured_once_by_the_webhook_and_refunded_to_the_account(stack, temporal):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "paypal")
        h = seller.headers
        p = await published_product(c, seller, price=3900, name="PayPal guide")
        co = await start_checkout(c, seller.username, p, email="pp-buyer@example.com")
        token = co["order_token"]
        url = f"/v1/shop/{seller.username}/orders/{token}/paypal"
        r = await c.post(url)
        assert r.status_code == 409 and r.json()["reason"] == "paypal_not_offered", r.text
        r = await c.put(
            "/v1/cabinet/payment_settings", json={"matrix": {"subscription": ["paypal"]}}, headers=h
        )
        assert r.status_code == 400
        r = await c.put(
            "/v1/cabinet/payment_settings", json={"matrix": {"one_time": ["card", "paypal"]}}, headers=h
        )
        assert r.status_code == 200, r.text

        first, again = await c.post(url), await c.post(url)
        assert first.status_code == 200, first.text
        assert first.json()["outcome"] == "requires_action" and first.json()["client_secret"] is None
        approve = first.json()["approve_url"]
        assert again.json()["approve_url"] == approve  # one PayPal order however often asked
        paypal_order = _order_id(approve)
        # the buyer approves at PayPal and never comes back: PayPal's webhook has the order captured all the same
        await _stand_in(stack, f"/v2/checkout/orders/{paypal_order}/approve", {"email": "pat@paypal.example"})
        status = await wait_fulfilled(c, seller.username, token)
        assert status["payment_state"] == "paid"
        back = await c.post(f"{url}/return")  # a late return finds it paid
        assert back.status_code == 200 and back.json()["outcome"] == "succeeded"
        listed = await _stand_in(stack, "/v1/orders")
        mine = [o for o in listed["orders"] if o["id"] == paypal_order]
        assert mine[0]["status"] == "COMPLETED"
        assert len(mine[0]["purchase_units"][0]["payments"]["captures"]) == 1  # captured once
        detail = (await c.get(f"/v1/cabinet/orders/{token}", headers=h)).json()
        assert detail["payment_form"] == "paypal"
        # PayPal's capture event again, once the order's checkout has ended: as it was (a duplicate) and under a
        # new id (a replay): acknowledged, and no row of the order's money changes
        await checkout_ended(temporal, token)
        before = await money_rows(token)
        sent = [
            w
            for w in (await _stand_in(stack, "/v1/orders"))["webhooks"]
            if w["event_type"].startswith(("PAYMENT.CAPTURE.COMPLETED", "CHECKOUT.ORDER.APPROVED"))
            and paypal_order in json.dumps(w)
        ]
        assert sent
        for w in sent:
            for ev in (w, {**w, "id": f"{w['id']}-again"}):
                body, headers = _signed(ev, tid=f"t-{ev['id']}")
                r = await c.post("/v1/webhooks/paypal", content=body, headers=headers)
                assert r.status_code == 200, r.text
        assert await money_rows(token) == before
        again = [o for o in (await _stand_in(stack, "/v1/orders"))["orders"] if o["id"] == paypal_order]
        assert len(again[0]["purchase_units"][0]["payments"]["captures"]) == 1  # captured once, still

        # a refund goes back to the PayPal account, once
        r = await c.post(
            f"/v1/cabinet/orders/{token}/refunds", json={"amount": 1000, "reason": "Partly"}, headers=h
        )
        assert r.status_code == 202, r.text
        settled = await until(
            c,
            f"/v1/cabinet/orders/{token}/refunds",
            h,
            lambda b: b["list"] and b["list"][0]["state"] != "requested",
            30,
        )
        assert settled["list"][0]["state"] == "succeeded", settled
        capture = mine[0]["purchase_units"][0]["payments"]["captures"][0]["id"]
        refunds = [
            w
            for w in (await _stand_in(stack, "/v1/orders"))["webhooks"]
            if w["event_type"] == "PAYMENT.CAPTURE.REFUNDED"
        ]
        assert [
            w["resource"]["amount"]["value"] for w in refunds if capture in w["resource"]["links"][0]["href"]
        ] == ["10.00"]


async def test_a_paypal_payment_declined_at_capture_leaves_the_order_payable_by_card(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "paypal-declined")
        h = seller.headers
        r = await c.put(
            "/v1/cabinet/payment_settings", json={"matrix": {"one_time": ["card", "paypal"]}}, headers=h
        )
        assert r.status_code == 200, r.text
        p = await published_product(c, seller, price=1200, name="Declined at PayPal")
        co = await start_checkout(c, seller.username, p, email="pp-declined@example.com")
        token = co["order_token"]
        url = f"/v1/shop/{seller.username}/orders/{token}/paypal"
        approve = (await c.post(url)).json()["approve_url"]
        # back before approving (cancelled at PayPal): still waiting, nothing taken
        r = await c.post(f"{url}/return")
        assert r.json()["outcome"] == "requires_action" and r.json()["approve_url"] == approve
        await _stand_in(
            stack, f"/v2/checkout/orders/{_order_id(approve)}/approve", {"email": "declined@paypal.example"}
        )
        r = await c.post(f"{url}/return")
        assert r.json()["outcome"] == "failed" and "PayPal declined" in r.json()["message"], r.text
        pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
        r = await pay(c, seller.username, token, pm)
        assert r.json()["outcome"] == "succeeded", r.text
        await wait_fulfilled(c, seller.username, token)
        assert (await c.get(f"/v1/cabinet/orders/{token}", headers=h)).json()["payment_form"] == "card"


async def test_paypal_webhooks_forged_or_malformed_are_refused(stack):
    async with client(stack) as c:
        event = {"id": "WH-FORGED", "event_type": "CHECKOUT.ORDER.APPROVED", "resource": {"id": "X"}}
        forged_headers = {
            "content-type": "application/json",
            "paypal-transmission-id": "abc",
            "paypal-transmission-time": "2026-11-25T10:00:00Z",
            "paypal-transmission-sig": "c2lnbmF0dXJl",
        }
        r = await c.post("/v1/webhooks/paypal", content=json.dumps(event), headers=forged_headers)
        assert r.status_code == 400 and "signature" in r.json()["fields"]
        for body in (b"{not json", b"[]", json.dumps({"id": "x"}).encode()):
            r = await c.post(
                "/v1/webhooks/paypal", content=body, headers={"content-type": "application/json"}
            )
            assert r.status_code == 400, body
        assert (
            await db_value(
                "select count(*) from webhook_events where provider = 'paypal' and id = 'WH-FORGED'"
            )
            == 0
        )
        # signed as PayPal signs (the stand-in's key): taken once, the same event again is a duplicate
        event = {"id": "WH-TWICE-1", "event_type": "CHECKOUT.ORDER.APPROVED",
                 "resource": {"id": "NOORDER", "purchase_units": [{"custom_id": "nosuchtoken"}]}}  # fmt: skip
        body = json.dumps(event, separators=(",", ":")).encode()
        tid, at = "t-1", "2026-11-25T10:00:00Z"
        sig = hmac.new(
            b"paypalsig_sellflow_local", signed_string(tid, at, "WH-LOCAL-SELLFLOW", body).encode(), "sha256"
        )
        headers = {
            "content-type": "application/json",
            "paypal-transmission-id": tid,
            "paypal-transmission-time": at,
            "paypal-transmission-sig": base64.b64encode(sig.digest()).decode(),
        }
        answers = [
            (await c.post("/v1/webhooks/paypal", content=body, headers=headers)).json() for _ in range(2)
        ]
        assert [a["duplicate"] for a in answers] == [False, True]


@pytest.mark.parametrize("kill_after_s", [0.05])
async def test_a_worker_killed_while_the_buyer_comes_back_captures_once(stack, kill_after_s):
    """The worker dies while the returning buyer's capture is in flight: after a restart the order is paid with
    one capture at PayPal (the capture's PayPal-Request-Id), one invoice and one sale."""
    async with client(stack) as c:
        seller = await new_seller(stack, c, f"paypal-kill-{int(kill_after_s * 100)}")
        r = await c.put(
            "/v1/cabinet/payment_settings",
            json={"matrix": {"one_time": ["card", "paypal"]}},
            headers=seller.headers,
        )
        assert r.status_code == 200, r.text
        p = await published_product(c, seller, price=2100, name="PayPal under a killed worker")
        co = await start_checkout(c, seller.username, p, email=f"pp-kill-{kill_after_s}@example.com")
        token = co["order_token"]
        url = f"/v1/shop/{seller.username}/orders/{token}/paypal"
        approve = (await c.post(url)).json()["approve_url"]
        await _stand_in(stack, f"/v2/checkout/orders/{_order_id(approve)}/approve", {})
        back = asyncio.create_task(c.post(f"{url}/return"))
        await asyncio.sleep(kill_after_s)
        stack.kill("worker")
        await asyncio.sleep(0.5)
        stack.start_worker()
        r = await back
        if r.status_code == 503:  # the step gave up while no worker ran: the buyer reloads the page
            r = await c.post(f"{url}/return")
        assert r.status_code in (200, 404), r.text
        status = await wait_fulfilled(c, seller.username, token, timeout=60)
        assert status["payment_state"] == "paid"
        mine = [o for o in (await _stand_in(stack, "/v1/orders"))["orders"] if o["id"] == _order_id(approve)]
        assert len(mine[0]["purchase_units"][0]["payments"]["captures"]) == 1
        assert (
            await db_value(
                "select count(*) from invoices i join orders o on o.id = i.order_id where o.token = :t",
                t=token,
            )
            == 1
        )
        assert (
            await db_value(
                "select count(*) from transfers where idempotency_key = :k", k=f"order-{token}-sale"
            )
            == 1
        )
