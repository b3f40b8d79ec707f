"""A payer downloads everything the platform holds about them (GDPR Art. 15/20, issue 49): their orders at every
shop with what the checkout asked, the consent they ticked and the invoices, and the mails sent to them, as JSON or
the orders as CSV (spreadsheet-safe); nothing of another payer; not without signing in."""

from __future__ import annotations

import csv
import io
import json

import pytest

from tests.integration.helpers import (
    CARD_OK,
    card_payment_method,
    client,
    new_seller,
    pay,
    published_product,
    start_checkout,
    wait_fulfilled,
    wait_mail,
)

pytestmark = pytest.mark.integration
BUYER = "buyer@sellflow.local"


async def test_a_payer_downloads_their_data_and_nothing_of_anyone_else(stack, spoils_sellers_ahead):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "gdpr")
        product = await published_product(c, seller, price=1900, name="Data guide")
        mine = await start_checkout(
            c, seller.username, product, email="Buyer@Sellflow.local", last_name="=HYPERLINK(1)"
        )
        theirs = await start_checkout(c, seller.username, product, email="someone-else@example.com")
        pm = await card_payment_method(stack, mine.get("setup_intent_client_secret"), CARD_OK)
        assert (await pay(c, seller.username, mine["order_token"], pm)).status_code == 200
        await wait_fulfilled(c, seller.username, mine["order_token"])
        await wait_mail(stack, BUYER, "Your order")

        assert (await c.get("/v1/payer/data_export")).status_code == 401
        r = await c.post(
            "/v1/app/session", json={"email": BUYER, "password": "sellflow-demo", "fingerprint": "gdpr"}
        )
        assert r.status_code == 200, r.text
        h = {"Authorization": f"Bearer {r.json()['access_token']}"}

        r = await c.get("/v1/payer/data_export", headers=h)
        assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
        data = json.loads(r.text)
        assert data["email"] == BUYER
        [order] = [o for o in data["orders"] if o["token"] == mine["order_token"]]
        assert (
            order["shop"] == seller.username and order["product"] == "Data guide" and order["total"] == 1900
        )
        assert order["payment_state"] == "paid" and order["consent"].startswith("I expressly agree")
        assert [i["number"] for i in order["invoices"]] == [1]
        assert all(o["token"] != theirs["order_token"] for o in data["orders"])
        assert any("Your order" in m["subject"] for m in data["mails"])

        r = await c.get("/v1/payer/data_export", params={"format": "csv"}, headers=h)
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/csv")
        rows = list(csv.DictReader(io.StringIO(r.text)))
        [row] = [x for x in rows if x["token"] == mine["order_token"]]
        assert row["last_name"] == "'=HYPERLINK(1)" and row["invoices"] == "1"  # a formula is written as text
        assert theirs["order_token"] not in r.text
        assert (await c.get("/v1/payer/data_export", params={"format": "xml"}, headers=h)).status_code == 400
