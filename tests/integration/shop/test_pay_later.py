"""Pay later through the real stack: a seller offers it for one-time plans, a buyer chooses it and gets the
product at once with an invoice due in 14 days (unpaid, naming the account and the reference) by page and mail;
no card and no bank wire can pay the order meanwhile; the transfer with the reference pays it once (the invoice
paid, one ledger sale), and the bank's notice again changes nothing."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime, timedelta

import httpx
import pytest

from tests.integration.helpers import (
    CARD_OK,
    card_payment_method,
    client,
    db_value,
    new_seller,
    pay,
    published_product,
    start_checkout,
    until,
    wait_mail,
)
from tests.integration.shop.test_bank_wire import _notice, _transfer

pytestmark = pytest.mark.integration


async def _until(c, username: str, token: str, check, timeout: float = 60) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        page = (await c.get(f"/v1/shop/{username}/orders/{token}")).json()
        if check(page):
            return page
        await asyncio.sleep(0.3)
    raise AssertionError(f"order {token} is not there yet: {page}")


async def test_pay_later_delivers_now_and_the_transfer_pays_its_invoice_once(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "later")
        h = seller.headers
        p = await published_product(c, seller, price=4200, name="Later guide")
        r = await c.put(
            "/v1/cabinet/payment_settings",
            json={"matrix": {"subscription": ["card", "pay_later"]}},
            headers=h,
        )
        assert r.status_code == 400  # a subscription's rates are not paid by invoice
        r = await c.put(
            "/v1/cabinet/payment_settings", json={"matrix": {"one_time": ["card", "pay_later"]}}, headers=h
        )
        assert r.status_code == 200, r.text
        shop = (await c.get(f"/v1/shop/{seller.username}/products/{p['slug']}")).json()
        assert shop["payment_methods"][0]["methods"] == ["card", "pay_later"]

        email = f"later-{int(time.time() * 1000)}@example.com"
        co = await start_checkout(c, seller.username, p, email=email)
        token = co["order_token"]
        base = f"/v1/shop/{seller.username}/orders/{token}"
        told = await c.post(f"{base}/pay_later")
        assert told.status_code == 200, told.text
        later = told.json()
        assert (later["amount"], later["currency"], later["reference"]) == (
            4200,
            "eur",
            f"SF-{token.upper()}",
        )
        due = datetime.fromisoformat(later["due_at"])
        # 14 days of the checkout's calendar (a day is stack.checkout_day_s seconds in the test stack)
        day = timedelta(seconds=stack.checkout_day_s)
        assert 13 * day < due - datetime.now(UTC) <= 14 * day
        assert (await c.post(f"{base}/pay_later")).json() == later  # asked again: the same invoice

        # the product now, before the money: the download, an unpaid invoice, the transfer's details
        page = await _until(c, seller.username, token, lambda x: x["download_url"] and x["invoice_number"])
        assert page["payment_state"] == "paying"
        assert page["pay_later"]["reference"] == later["reference"] and page["wire"] is None
        download = await c.get(page["download_url"])
        assert download.status_code == 200
        assert (
            await db_value(
                "select i.state from invoices i join orders o on o.id = i.order_id where o.token = :t",
                t=token,
            )
            == "unpaid"
        )
        mail = await wait_mail(stack, email, "Your invoice")
        assert later["reference"] in mail["body"] and later["iban"] in mail["body"]
        await wait_mail(stack, email, "Later guide")  # the order's confirmation, with its download
        assert (
            await db_value(
                "select count(*) from ledger_entries e join orders o on o.id = e.order_id where o.token = :t",
                t=token,
            )
            == 0
        )  # nothing sold on the books before the money

        # neither a card nor a bank wire can pay it meanwhile
        pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
        r = await pay(c, seller.username, token, pm)
        assert r.status_code == 409 and r.json()["reason"] == "pay_later_chosen"
        r = await c.post(f"{base}/bank_wire")
        assert r.status_code == 409

        await _transfer(stack, later["reference"], 4200)
        done = await _until(c, seller.username, token, lambda x: x["payment_state"] == "paid")
        assert done["pay_later"] is None and done["download_url"]
        assert (
            await db_value(
                "select i.state from invoices i join orders o on o.id = i.order_id where o.token = :t",
                t=token,
            )
            == "paid"
        )
        sale = (
            "select coalesce(sum(e.amount), 0) from ledger_entries e join orders o on o.id = e.order_id "
            "where o.token = :t and e.kind = 'sale' and e.payee_type = 'seller'"
        )
        assert await db_value(sale, t=token) == 4200
        first = await db_value(
            "select event_id from bank_incoming where reference = :r", r=later["reference"]
        )
        r = await _notice(
            c, {"id": first, "reference": later["reference"], "amount": 4200, "currency": "eur"}
        )
        assert r.status_code == 200
        assert await db_value(sale, t=token) == 4200
        detail = (await c.get(f"/v1/cabinet/orders/{token}", headers=h)).json()
        assert (detail["payment_form"], detail["payment_state"], detail["paid"]) == (
            "pay_later",
            "paid",
            4200,
        )
        assert (
            await db_value(
                "select state from order_rates r join orders o on o.id = r.order_id where o.token = :t",
                t=token,
            )
            == "paid"
        )

        # a refund goes back by transfer to the account the payment came from, once
        r = await c.post(
            f"/v1/cabinet/orders/{token}/refunds", json={"amount": 1200, "reason": "goodwill"}, headers=h
        )
        assert r.status_code == 202, r.text
        refunds = await until(
            c,
            f"/v1/cabinet/orders/{token}/refunds",
            h,
            lambda b: b["list"] and b["list"][0]["state"] != "requested",
        )
        assert refunds["list"][0]["state"] == "succeeded", refunds
        async with httpx.AsyncClient(timeout=10) as bank:
            sent = (
                await bank.get(
                    f"http://127.0.0.1:{stack.ports.bank}/v1/credit_transfers",
                    headers={"Authorization": "Bearer bank_sellflow_local"},
                )
            ).json()
        back = [x for x in sent if token in str(x)]
        assert [x["amount"] for x in back] == [1200], sent


async def test_pay_later_is_refused_where_it_is_not_offered(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "later-refused")
        once = await published_product(c, seller, name="Not later", price=900)
        co = await start_checkout(c, seller.username, once)
        r = await c.post(f"/v1/shop/{seller.username}/orders/{co['order_token']}/pay_later")
        assert r.status_code == 409 and r.json()["reason"] == "pay_later_not_offered", r.text
