"""The forms whose tests so far bought one-time plans, bought on a subscription: a license key, a certificate and an
event ticket are delivered once the first rate is paid (one each, however many rates follow). The subscription's end
revokes the key, a licence for as long as it is paid, while the certificate and the ticket a paid
rate bought stay good (docs/DECISIONS.md); a refund closes each of them (test_product_forms, test_certificates,
test_events)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.integration.helpers import client, new_seller, until
from tests.integration.shop.test_product_forms import MONTHLY, _bought, _delivered, _plan, _product, _publish

pytestmark = pytest.mark.integration


async def _ended(c, h, token: str) -> None:
    # the Subscription workflow starts once the checkout has fulfilled the order, and its first step moves the order
    # to `paying`: cancelling before that finds no subscription yet (a slow run got here first)
    await until(
        c, f"/v1/cabinet/orders/{token}/subscription", h, lambda b: b.get("payment_state") == "paying"
    )
    r = await c.post(f"/v1/cabinet/orders/{token}/subscription", json={"action": "cancel_now"}, headers=h)
    assert r.status_code in (200, 202), r.text


async def test_a_license_key_certificate_and_ticket_on_a_subscription_are_delivered_then_closed_by_a_refund(
    stack,
):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "recurring-forms")
        h = seller.headers
        u = seller.username

        key = await _product(c, h, "license_key", "Yearly licence", key_format="SF-{alphanumeric_5}")
        r = await c.post(f"/v1/cabinet/products/{key['id']}/license_keys", json={"generate": 2}, headers=h)
        assert r.status_code == 201, r.text
        await _plan(c, h, key["id"], MONTHLY)
        key = await _publish(c, h, key["id"])

        cert = await _product(c, h, "certificate", "Member certificate")
        r = await c.put(
            f"/v1/cabinet/products/{cert['id']}/certificate",
            json={
                "title": "Member in good standing",
                "issuer": "",
                "rule": "purchase",
                "orientation": "landscape",
            },
            headers=h,
        )
        assert r.status_code == 200, r.text
        await _plan(c, h, cert["id"], MONTHLY)
        cert = await _publish(c, h, cert["id"])

        event = await _product(c, h, "event", "Monthly meetup pass")
        starts = (datetime.now(UTC) + timedelta(days=20)).isoformat()
        r = await c.post(
            f"/v1/cabinet/products/{event['id']}/tickets",
            json={"name": "Pass", "starts_at": starts, "time_zone": "Europe/Berlin", "online": True},
            headers=h,
        )
        assert r.status_code == 201, r.text
        await _plan(c, h, event["id"], {**MONTHLY, "ticket_id": r.json()["id"]})
        event = await _publish(c, h, event["id"])

        tokens = {}
        for product, field in ((key, "license_key"), (cert, "certificate_number"), (event, "ticket_code")):
            token = await _bought(stack, c, u, product, f"sub-{field}@example.com")
            status = await _delivered(c, u, token, field)
            assert status["payment_state"] in ("paying", "paid"), status
            tokens[field] = (token, status[field])

        key_token, the_key = tokens["license_key"]
        verify = f"/v1/shop/{u}/license_keys/verify"
        assert (await c.get(verify, params={"key": the_key})).json()["state"] == "valid"
        cert_token, number = tokens["certificate_number"]
        assert (await c.get(f"/v1/shop/{u}/certificates/{number}")).json()["state"] == "valid"
        ticket_token, code = tokens["ticket_code"]
        assert (await c.get(f"/v1/shop/{u}/tickets/{code}")).json()["state"] == "unused"

        for token in (key_token, cert_token, ticket_token):
            await _ended(c, h, token)
        await until(c, f"{verify}?key={the_key}", None, lambda b: b["state"] == "revoked", 30)
        # what a paid rate bought stays bought: the certificate is still valid and the ticket still lets its holder in
        assert (await c.get(f"/v1/shop/{u}/certificates/{number}")).json()["state"] == "valid"
        assert (await c.get(f"/v1/shop/{u}/tickets/{code}")).json()["state"] == "unused"
        r = await c.post("/v1/cabinet/tickets/check_in", json={"code": code}, headers=h)
        assert r.status_code == 200, r.text
