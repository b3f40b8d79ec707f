"""A payer asks for erasure (GDPR Art. 17, issue 49): refused while an order of theirs still runs, or while the
account does more than buy; then their orders are pseudonymised (the seller keeps the order and its money), the
mails to them emptied and their account gone, while the invoice keeps the buyer as issued (bookkeeping law) until
the end of its tenth year. Another payer's order is untouched."""

from __future__ import annotations

import io
import secrets
from datetime import UTC, datetime

import pytest
from pypdf import PdfReader

from tests.integration.helpers import (
    CARD_OK,
    card_payment_method,
    client,
    db_until,
    db_value,
    new_seller,
    pay,
    payer_headers,
    published_product,
    start_checkout,
    wait_fulfilled,
    wait_mail,
)

pytestmark = pytest.mark.integration


async def _bought(stack, c, seller, product, email: str) -> str:
    co = await start_checkout(c, seller.username, product, email=email, last_name="Eraseme")
    pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
    assert (await pay(c, seller.username, co["order_token"], pm)).json()["outcome"] == "succeeded"
    await wait_fulfilled(c, seller.username, co["order_token"])
    await wait_mail(stack, email, "Your order")
    return co["order_token"]


async def test_a_payer_is_erased_but_the_invoice_is_kept(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "erase")
        product = await published_product(c, seller, price=2500, name="Erasable")
        gone = f"gone-{secrets.token_hex(3)}@example.com"
        stays = f"stays-{secrets.token_hex(3)}@example.com"
        token = await _bought(stack, c, seller, product, gone)
        other = await _bought(stack, c, seller, product, stays)
        h = await payer_headers(stack, c, seller.username, gone)

        # an order still open (a checkout not paid yet) stops it, naming the order
        open_co = await start_checkout(c, seller.username, product, email=gone)
        r = await c.post("/v1/payer/erasure", json={"confirm": True}, headers=h)
        assert r.status_code == 409 and open_co["order_token"] in r.text, r.text
        assert await db_value("select count(*) from orders where payer_email = :e", e=gone) == 2
        # not without ticking that it cannot be undone, not without signing in, not for a seller's account
        assert (await c.post("/v1/payer/erasure", json={"confirm": False}, headers=h)).status_code == 400
        assert (await c.post("/v1/payer/erasure", json={"confirm": True})).status_code == 401
        # a seller's account is no payer's: not here (account deletion closes it)
        r = await c.post("/v1/payer/erasure", json={"confirm": True}, headers=seller.headers)
        assert r.status_code == 403

        # the open checkout ends unpaid when its day is over (20 s in the test stack): then it goes
        assert (
            await db_until(
                "select payment_state from orders where token = :t",
                check=lambda state: state == "payment_not_completed",
                timeout=60,
                t=open_co["order_token"],
            )
            == "payment_not_completed"
        )
        r = await c.post("/v1/payer/erasure", json={"confirm": True}, headers=h)
        assert r.status_code == 200, r.text
        done = r.json()
        assert done["orders"] == 2 and done["invoices_kept"] == 1 and done["mails"] >= 2
        assert done["kept_until"] == f"{datetime.now(UTC).year + 10}-12-31"

        # the account is gone; nothing names them in the orders or the mails
        assert (await c.get("/v1/payer/data_export", headers=h)).status_code == 401
        assert await db_value("select count(*) from users where email = :e", e=gone) == 0
        assert await db_value("select count(*) from orders where lower(payer_email) = :e", e=gone) == 0
        assert await db_value("select count(*) from mails where lower(to_email) = :e", e=gone) == 0
        row = (await c.get(f"/v1/cabinet/orders/{token}", headers=seller.headers)).json()
        assert row["payer_email"].startswith("deleted-") and "Eraseme" not in row["payer_name"]
        assert row["total"] == 2500 and row["payment_state"] == "paid"
        # the invoice is kept as issued, with the buyer (bookkeeping law)
        invoices = (await c.get("/v1/cabinet/invoices", headers=seller.headers)).json()["list"]
        [inv] = [i for i in invoices if i["order_token"] == token]
        pdf = await c.get(f"/v1/cabinet/invoices/{inv['id']}/pdf", headers=seller.headers)
        assert "Eraseme" in PdfReader(io.BytesIO(pdf.content)).pages[0].extract_text()
        # the other payer is untouched
        assert await db_value("select payer_last_name from orders where token = :t", t=other) == "Eraseme"
