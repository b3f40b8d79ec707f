"""Stripe webhooks: forged, stale, duplicate, late and out-of-order deliveries."""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import time

import pytest

from tests.integration.helpers import (
    CARD_OK,
    card_payment_method,
    checkout_ended,
    client,
    db_count,
    money_rows,
    pay,
    start_checkout,
    stripe_intents,
    stripe_succeeded_charges,
    wait_fulfilled,
)

pytestmark = pytest.mark.integration
SECRET = "whsec_sellflow_local"


def signed(payload: dict, *, secret: str = SECRET, at: int | None = None) -> tuple[bytes, dict]:
    body = json.dumps(payload).encode()
    ts = at if at is not None else int(time.time())
    sig = hmac.new(secret.encode(), f"{ts}.".encode() + body, hashlib.sha256).hexdigest()
    return body, {"Stripe-Signature": f"t={ts},v1={sig}", "Content-Type": "application/json"}


def event(kind: str, intent_id: str, token: str, status: str, event_id: str | None = None) -> dict:
    return {
        "id": event_id or f"evt_{secrets.token_hex(8)}",
        "object": "event",
        "type": kind,
        "created": int(time.time()),
        "data": {
            "object": {
                "id": intent_id,
                "object": "payment_intent",
                "status": status,
                "metadata": {"order_token": token},
            }
        },
    }


async def _stored(event_id: str) -> int:
    return await db_count("select count(*) from webhook_events where id = :i", i=event_id)


async def test_bad_signature_is_rejected_and_changes_nothing(stack):
    ev = event("payment_intent.succeeded", "pi_forged", "nope", "succeeded")
    body, headers = signed(ev, secret="whsec_attacker")
    async with client(stack) as c:
        r = await c.post("/v1/webhooks/stripe", content=body, headers=headers)
        assert r.status_code == 400 and r.json()["error"] == "INVALID_INPUT"
        r = await c.post("/v1/webhooks/stripe", content=body, headers={"Content-Type": "application/json"})
        assert r.status_code == 400
    assert await _stored(ev["id"]) == 0


async def test_stale_timestamp_is_rejected(stack):
    ev = event("payment_intent.succeeded", "pi_old", "nope", "succeeded")
    body, headers = signed(ev, at=int(time.time()) - 3600)
    async with client(stack) as c:
        r = await c.post("/v1/webhooks/stripe", content=body, headers=headers)
    assert r.status_code == 400
    assert await _stored(ev["id"]) == 0


async def test_timestamp_from_the_future_is_rejected(stack):
    ev = event("payment_intent.succeeded", "pi_future", "nope", "succeeded")
    body, headers = signed(ev, at=int(time.time()) + 3600)
    async with client(stack) as c:
        r = await c.post("/v1/webhooks/stripe", content=body, headers=headers)
    assert r.status_code == 400
    assert await _stored(ev["id"]) == 0


@pytest.mark.parametrize(
    "shape",
    [
        {"data": "a string"},
        {"data": {"object": {"id": "pi_x", "metadata": ["a", "list"]}}},
        {"data": {"object": {"id": {"an": "object"}}}},
        {"data": {"object": {"id": 12345}}},
        {"data": {"object": {"id": "pi_" + "x" * 120}}},
        {"id": ["evt"], "type": "payment_intent.succeeded"},
    ],
)
async def test_signed_events_of_a_shape_sellflow_does_not_understand_are_400(stack, shape):
    ev = {**event("payment_intent.succeeded", "pi_shape", "nope", "succeeded"), **shape}
    body, headers = signed(ev)
    async with client(stack) as c:
        r = await c.post("/v1/webhooks/stripe", content=body, headers=headers)
    assert r.status_code == 400 and r.json()["error"] == "INVALID_INPUT", r.text


async def test_duplicate_is_acknowledged_and_ignored(stack):
    ev = event("payment_intent.succeeded", "pi_dup", "no-such-order", "succeeded")
    async with client(stack) as c:
        first = await c.post("/v1/webhooks/stripe", content=signed(ev)[0], headers=signed(ev)[1])
        second = await c.post("/v1/webhooks/stripe", content=signed(ev)[0], headers=signed(ev)[1])
    assert first.status_code == 200 and first.json()["duplicate"] is False
    assert second.status_code == 200 and second.json()["duplicate"] is True
    assert await _stored(ev["id"]) == 1


async def test_forged_success_for_unpaid_order_does_not_mark_it_paid(stack, seller, product):
    """A correctly signed but lying (or out-of-date) event is only a hint: Stripe is asked, not believed."""
    async with client(stack) as c:
        co = await start_checkout(c, seller.username, product)
        token = co["order_token"]
        ev = event("payment_intent.succeeded", "pi_does_not_exist", token, "succeeded")
        r = await c.post("/v1/webhooks/stripe", content=signed(ev)[0], headers=signed(ev)[1])
        assert r.status_code == 200
        status = (await c.get(f"/v1/shop/{seller.username}/orders/{token}")).json()
        assert status["payment_state"] == "payment_waiting"


async def test_out_of_order_and_late_events_keep_a_paid_order_paid(stack, seller, product):
    async with client(stack) as c:
        co = await start_checkout(c, seller.username, product)
        token = co["order_token"]
        pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
        assert (await pay(c, seller.username, token, pm)).json()["outcome"] == "succeeded"
        # failure events that belong to an earlier state arrive after the success
        for _ in range(2):
            ev = event("payment_intent.payment_failed", "pi_stale", token, "requires_payment_method")
            r = await c.post("/v1/webhooks/stripe", content=signed(ev)[0], headers=signed(ev)[1])
            assert r.status_code == 200
        done = await wait_fulfilled(c, seller.username, token)
        assert done["payment_state"] == "paid"
        # a webhook after the checkout workflow has finished is stored and acknowledged
        ev = event("payment_intent.succeeded", "pi_after", token, "succeeded")
        r = await c.post("/v1/webhooks/stripe", content=signed(ev)[0], headers=signed(ev)[1])
        assert r.status_code == 200
        assert (await c.get(f"/v1/shop/{seller.username}/orders/{token}")).json()["payment_state"] == "paid"


async def test_a_charge_replayed_after_the_order_finished_changes_nothing(stack, seller, product, temporal):
    """The paying intent's success and its charge, delivered again (the same event) and anew (another event id)
    once the Checkout workflow has ended: acknowledged, and no row of the order's money changes."""
    async with client(stack) as c:
        co = await start_checkout(c, seller.username, product)
        token = co["order_token"]
        pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
        assert (await pay(c, seller.username, token, pm)).json()["outcome"] == "succeeded"
        await wait_fulfilled(c, seller.username, token)
        await checkout_ended(temporal, token)
        before = await money_rows(token)
        [intent] = [i for i in await stripe_intents(stack, token) if i["status"] == "succeeded"]
        same = event("payment_intent.succeeded", intent["id"], token, "succeeded")
        charge = {**event("charge.succeeded", intent["id"], token, "succeeded"), "data": {"object": {
            "id": f"ch_{secrets.token_hex(6)}", "object": "charge", "payment_intent": intent["id"], "status": "succeeded",
            "amount": intent["amount"], "metadata": {"order_token": token}}}}  # fmt: skip
        for ev in (
            same,
            same,
            event("payment_intent.succeeded", intent["id"], token, "succeeded"),
            charge,
            charge,
        ):
            r = await c.post("/v1/webhooks/stripe", content=signed(ev)[0], headers=signed(ev)[1])
            assert r.status_code == 200, r.text
        assert await money_rows(token) == before
        assert await stripe_succeeded_charges(stack, token) == 1
