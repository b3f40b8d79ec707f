"""Bank wire through the real stack (the bank stand-in's collection account and its signed notices): a seller
switches it on for one-time plans only, a buyer chooses it and gets the account, the amount and the reference by
page and mail, no card can pay the order meanwhile, and the transfer (its reference written any way a bank does)
pays it once: invoice, ledger sale and delivery as for a card. Notices delivered twice, forged, or for no order
change nothing more."""

from __future__ import annotations

import json
import time

import httpx
import pytest

from providers.signing import sign
from tests.integration.helpers import (
    CARD_OK,
    card_payment_method,
    checkout_ended,
    client,
    db_rows,
    db_until,
    db_value,
    manager_headers,
    money_rows,
    new_seller,
    pay,
    published_product,
    start_checkout,
    wait_fulfilled,
    wait_mail,
)

pytestmark = pytest.mark.integration
SECRET = "banksec_sellflow_local"


async def _transfer(stack, reference: str, amount: int, currency: str = "eur") -> dict:
    async with httpx.AsyncClient(timeout=10) as h:
        r = await h.post(
            f"http://127.0.0.1:{stack.ports.bank}/v1/incoming_transfers",
            json={"reference": reference, "amount": amount, "currency": currency, "payer_name": "Bea Buyer"},
            headers={"Authorization": "Bearer bank_sellflow_local"},
        )
    assert r.status_code == 201, r.text
    return r.json()


async def _notice(c, event: dict, secret: str = SECRET) -> httpx.Response:
    raw = json.dumps(event).encode()
    headers = {"bank-signature": sign(raw, secret), "content-type": "application/json"}
    return await c.post("/v1/webhooks/bank/incoming", content=raw, headers=headers)


async def test_a_bank_wire_is_chosen_reminded_of_and_paid_once_by_its_transfer(stack, temporal):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "wire")
        h = seller.headers
        p = await published_product(c, seller, price=2500, name="Wired guide")
        plan = p["pricing_plans"][0]["id"]
        extra = await published_product(c, seller, price=900, name="Wired upsell")
        offer = {
            "product_id": extra["id"],
            "pricing_plan_id": extra["pricing_plans"][0]["id"],
            "kind": "upsell",
        }
        r = await c.put(
            f"/v1/cabinet/products/{p['id']}/addons", json={"addons": [offer], "upsell": True}, headers=h
        )
        assert r.status_code == 200, r.text
        # not offered until the seller switches it on; then for one-time plans only
        shop = (await c.get(f"/v1/shop/{seller.username}/products/{p['slug']}")).json()
        assert shop["payment_methods"] == [{"pricing_plan_id": plan, "methods": ["card"]}]
        r = await c.put(
            "/v1/cabinet/payment_settings", json={"matrix": {"subscription": ["bank_wire"]}}, headers=h
        )
        assert r.status_code == 400
        r = await c.put(
            "/v1/cabinet/payment_settings", json={"matrix": {"one_time": ["card", "bank_wire"]}}, headers=h
        )
        assert r.status_code == 200 and r.json()["matrix"]["one_time"] == ["card", "bank_wire"]
        assert r.json()["matrix"]["subscription"] == ["card"]
        shop = (await c.get(f"/v1/shop/{seller.username}/products/{p['slug']}")).json()
        assert shop["payment_methods"][0]["methods"] == ["card", "bank_wire"]
        other = await new_seller(stack, c, "wire-other", legitimate=False)
        assert (await c.get("/v1/cabinet/payment_settings", headers=other.headers)).json()["matrix"][
            "one_time"
        ] == ["card"]

        email = f"wire-{int(time.time() * 1000)}@example.com"
        co = await start_checkout(c, seller.username, p, email=email)
        token = co["order_token"]
        base = f"/v1/shop/{seller.username}/orders/{token}"
        told = await c.post(f"{base}/bank_wire")
        assert told.status_code == 200, told.text
        wire = told.json()
        assert (wire["amount"], wire["currency"], wire["reference"]) == (2500, "eur", f"SF-{token.upper()}")
        assert wire["iban"] and wire["due_at"]
        again = (await c.post(f"{base}/bank_wire")).json()
        assert again == wire  # asked again: the same waiting payment
        page = (await c.get(base)).json()
        assert page["payment_state"] == "payment_pending" and page["wire"]["reference"] == wire["reference"]
        mail = await wait_mail(stack, email, "Please transfer")
        assert wire["reference"] in mail["body"] and wire["iban"] in mail["body"]
        # a card cannot pay it meanwhile (one waiting payment, never two)
        pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
        r = await pay(c, seller.username, token, pm)
        assert r.status_code == 409 and r.json()["reason"] == "wire_chosen"

        # a short transfer leaves it waiting; the rest, its reference written as a bank might, pays it
        await _transfer(stack, wire["reference"], 1000)
        await _transfer(stack, f"Order {wire['reference'].lower().replace('-', ' ')} thanks", 1500)
        done = await wait_fulfilled(c, seller.username, token, timeout=60)
        assert done["payment_state"] == "paid" and done["invoice_number"] and done["download_url"]
        assert done["wire"] is None
        assert done["upsells"] == []  # an upsell is charged with the card that paid: none after a transfer
        sale = await db_value(
            "select coalesce(sum(e.amount), 0) from ledger_entries e join orders o on o.id = e.order_id "
            "where o.token = :t and e.kind = 'sale' and e.payee_type = 'seller'",
            t=token,
        )
        assert sale == 2500
        detail = (await c.get(f"/v1/cabinet/orders/{token}", headers=h)).json()
        assert detail["payment_form"] == "bank_wire"

        # the bank's notice again (the same event), once the order's checkout has ended, forged, or for no order:
        # nothing more (the paying transfer is not turned into money to pay back)
        await checkout_ended(temporal, token)
        money = await money_rows(token)
        rows = "select event_id, state, returned_amount, order_id from bank_incoming where order_id = (select id from orders where token = :t) order by event_id"  # noqa: E501
        before = await db_rows(rows, t=token)
        assert [(r[1], r[2]) for r in before] == [("received", 0), ("received", 0)]
        for event_id, _state, _returned, _order in before:
            amount = await db_value("select amount from bank_incoming where event_id = :e", e=event_id)
            event = {"id": event_id, "reference": wire["reference"], "amount": amount, "currency": "eur"}
            r = await _notice(c, event)
            assert r.status_code == 200 and r.json()["duplicate"] is True
        assert await db_rows(rows, t=token) == before
        assert await money_rows(token) == money
        assert (await c.get(base)).json()["payment_state"] == "paid"
        r = await _notice(c, {"id": "bankin_forged", "reference": wire["reference"], "amount": 9999, "currency": "eur"},
                          secret="wrong")  # fmt: skip
        assert r.status_code == 400
        r = await _notice(
            c, {"id": "bankin_stray", "reference": "no order here", "amount": 500, "currency": "eur"}
        )
        assert r.status_code == 200
        assert (
            await db_value("select state from bank_incoming where event_id = 'bankin_stray'") == "unmatched"
        )
        # the manager's list of incoming transfers: the stray one to be paid back, the order's two matched to it
        mh = await manager_headers(c)
        stray = (
            await c.get(
                "/v1/admin/incoming_transfers",
                params={"filters[state][]": "unmatched", "per": 100},
                headers=mh,
            )
        ).json()
        assert "bankin_stray" in [x["event_id"] for x in stray["list"]]
        matched = (
            await c.get("/v1/admin/incoming_transfers", params={"query": wire["reference"]}, headers=mh)
        ).json()
        assert sorted(x["amount"] for x in matched["list"] if x["order_token"] == token) == [1000, 1500]
        assert (
            await c.get("/v1/admin/incoming_transfers", headers=h)
        ).status_code == 403  # a seller: not theirs
        csv_text = (
            await c.get("/v1/admin/incoming_transfers/csv", params={"query": wire["reference"]}, headers=mh)
        ).text
        assert csv_text.startswith("id;event_id;reference;amount;currency") and ";15.00;EUR;" in csv_text
        assert (
            await db_value(
                "select count(*) from bank_incoming where order_id = (select id from orders where token = :t)",
                t=token,
            )
            == 2
        )
        assert (
            await db_value(
                "select count(*) from payments p join orders o on o.id = p.order_id where o.token = :t "
                "and p.state = 'successful' and p.type = 'Payment'",
                t=token,
            )
            == 1
        )


async def test_a_bank_wire_is_refused_where_it_cannot_pay(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "wire-refused")
        monthly = {"name": "Monthly", "payment_type": "subscription", "price": 900, "next_amount": 900,
                   "period": "1m", "currency": "eur"}  # fmt: skip
        sub = await published_product(c, seller, name="Monthly club", plan=monthly)
        once = await published_product(c, seller, name="Not wired", price=900)
        for product in (sub, once):  # a subscription never; a one-time plan only once switched on
            co = await start_checkout(c, seller.username, product)
            r = await c.post(f"/v1/shop/{seller.username}/orders/{co['order_token']}/bank_wire")
            assert r.status_code == 409 and r.json()["reason"] == "wire_not_offered", r.text


async def test_what_a_transfer_pays_above_the_amount_or_after_the_order_is_paid_is_owed_back(stack):
    """30.00 for an order of 25.00: the order is paid and sold for 25.00, and 5.00 of that transfer is owed back
    to its payer; a second transfer for the paid order is owed back whole; the ledger holds one sale of 25.00."""
    async with client(stack) as c:
        seller = await new_seller(stack, c, "wire-over")
        p = await published_product(c, seller, price=2500, name="Overpaid guide")
        r = await c.put(
            "/v1/cabinet/payment_settings",
            json={"matrix": {"one_time": ["card", "bank_wire"]}},
            headers=seller.headers,
        )
        assert r.status_code == 200, r.text
        co = await start_checkout(c, seller.username, p)
        token = co["order_token"]
        wire = (await c.post(f"/v1/shop/{seller.username}/orders/{token}/bank_wire")).json()
        # the bank reports each transfer by its own callback (-1 until it has): the second is sent once the first
        # is booked, so they arrive in this order
        returned = "select coalesce(max(returned_amount), -1) from bank_incoming where reference = :r and amount = :a"
        await _transfer(stack, wire["reference"], 3000)
        assert await db_until(returned, lambda v: v == 500, 60, r=wire["reference"], a=3000) == 500
        await _transfer(stack, wire["reference"], 2500)
        assert await db_until(returned, lambda v: v == 2500, 60, r=wire["reference"], a=2500) == 2500
        assert await db_value(returned, r=wire["reference"], a=3000) == 500
        page = (await c.get(f"/v1/shop/{seller.username}/orders/{token}")).json()
        assert page["payment_state"] == "paid"
        sale = (
            "select coalesce(sum(e.amount), 0) from ledger_entries e join orders o on o.id = e.order_id "
            "where o.token = :t and e.kind = 'sale' and e.payee_type = 'seller'"
        )
        assert await db_value(sale, t=token) == 2500
