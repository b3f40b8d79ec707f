"""Coupons at the checkout (editor §5): the code in any case takes its share off the price the buyer pays and
is charged; a code that does not apply is refused with its reason before any order exists; buyers racing for
a coupon's last use: one pays with it, the others are declined uncharged."""

from __future__ import annotations

import asyncio
import io

import pytest
from pypdf import PdfReader

from tests.integration.helpers import (
    CARD_OK,
    card_payment_method,
    client,
    db_value,
    new_seller,
    pay,
    published_product,
    start_checkout,
    stripe_succeeded_charges,
    until,
    wait_fulfilled,
)

pytestmark = pytest.mark.integration


async def _coupon(c, h, **body) -> dict:
    r = await c.post("/v1/cabinet/coupons", json=body, headers=h)
    assert r.status_code == 201, r.text
    return r.json()["list"][0]


async def test_a_coupon_that_takes_the_whole_price_makes_a_free_order_taken_without_a_payment(stack):
    """100 % off a one-time plan: the page asks nothing, the order is taken without any provider and delivered with
    no invoice and no sale; the coupon counts its use (the last use to one buyer, as for a paid order); a card
    cannot be charged nothing; an order with a price cannot be taken for free; 100 % off a subscription's first
    rate is still refused (its rates to come need a payment method)."""
    async with client(stack) as c:
        seller = await new_seller(stack, c, "coupon-free")
        h = seller.headers
        p = await published_product(c, seller, price=2500, name="Free with a code")
        await _coupon(c, h, code="ALLFREE", value_form="percents", value=100, limit=1)
        base = f"/v1/shop/{seller.username}/products/{p['slug']}"
        plan = p["pricing_plans"][0]["id"]
        r = await c.get(f"{base}/price", params={"pricing_plan_id": plan, "coupon_code": "allfree"})
        assert r.status_code == 200 and (r.json()["amount"], r.json()["discount"]) == (0, 2500), r.text
        co = await start_checkout(
            c, seller.username, p, email="free@example.com", extra={"coupon_code": "ALLFREE"}
        )
        token = co["order_token"]
        assert co["amount"] == 0
        co2 = await start_checkout(
            c, seller.username, p, email="free2@example.com", extra={"coupon_code": "ALLFREE"}
        )
        pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
        r = await pay(c, seller.username, token, pm)
        assert r.status_code == 409 and r.json()["reason"] == "free_order", r.text
        free = f"/v1/shop/{seller.username}/orders/{token}/free"
        first, again = await c.post(free), await c.post(free)
        assert first.status_code == 200 and first.json()["outcome"] == "succeeded", first.text
        assert again.json()["outcome"] == "succeeded"
        status = await until(
            c, f"/v1/shop/{seller.username}/orders/{token}", None, lambda b: b["download_url"], 30
        )
        assert status["payment_state"] == "paid" and status["invoice_number"] is None
        assert await stripe_succeeded_charges(stack, token) == 0
        assert (
            await db_value(
                "select count(*) from ledger_entries e join orders o on o.id = e.order_id where o.token = :t",
                t=token,
            )
            == 0
        )  # nothing was paid: no sale
        listed = (await c.get("/v1/cabinet/coupons", params={"query": "ALLFREE"}, headers=h)).json()["list"]
        assert listed[0]["orders_count"] == 1
        # the coupon's last use is gone: the second buyer, whose page opened before, is declined, nothing taken
        r = await c.post(f"/v1/shop/{seller.username}/orders/{co2['order_token']}/free")
        assert r.json()["outcome"] == "failed", r.text
        # an order with a price is not taken for free
        co3 = await start_checkout(c, seller.username, p, email="priced@example.com")
        r = await c.post(f"/v1/shop/{seller.username}/orders/{co3['order_token']}/free")
        assert r.status_code == 409 and r.json()["reason"] == "not_free"
        # a subscription's first rate free: refused
        await _coupon(c, h, code="SUBFREE", value_form="percents", value=100)
        monthly = await published_product(
            c, seller, name="Monthly", plan={"name": "M", "payment_type": "subscription", "price": 900,
                                             "currency": "eur", "period": "1m"},
        )  # fmt: skip
        r = await c.get(
            f"/v1/shop/{seller.username}/products/{monthly['slug']}/price",
            params={"pricing_plan_id": monthly["pricing_plans"][0]["id"], "coupon_code": "SUBFREE"},
        )
        assert r.status_code == 400 and r.json()["reason"] == "coupon_makes_free", r.text


async def test_a_coupon_takes_its_share_and_what_does_not_apply_is_refused(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "coupon-buy")
        h = seller.headers
        p = await published_product(c, seller, price=2500, name="Coupon guide")
        other = await published_product(c, seller, price=900, name="Other guide")
        await _coupon(
            c,
            h,
            code="SAVE10",
            value_form="percents",
            value=10,
            scope="single_product",
            product_ids=[p["id"]],
        )
        await _coupon(c, h, code="OFF", value_form="percents", value=10, active=False)
        await _coupon(c, h, code="DOLLARS", value_form="currency", value=500, currency="usd")
        await _coupon(c, h, code="ALLFREE", value_form="percents", value=100)

        base = f"/v1/shop/{seller.username}/products/{p['slug']}"
        plan = p["pricing_plans"][0]["id"]
        r = await c.get(f"{base}/price", params={"pricing_plan_id": plan, "coupon_code": "save10"})
        assert r.status_code == 200 and (r.json()["amount"], r.json()["discount"]) == (2250, 250)

        for code, reason in [
            ("NOPE", "coupon_unknown"),
            ("OFF", "coupon_inactive"),
            ("DOLLARS", "coupon_other_currency"),
        ]:
            r = await c.get(f"{base}/price", params={"pricing_plan_id": plan, "coupon_code": code})
            assert r.status_code == 400 and r.json()["reason"] == reason, (code, r.text)
        r = await c.get(
            f"/v1/shop/{seller.username}/products/{other['slug']}/price",
            params={"pricing_plan_id": other["pricing_plans"][0]["id"], "coupon_code": "SAVE10"},
        )
        assert r.status_code == 400 and r.json()["reason"] == "coupon_other_product"
        orders_before = await db_value("select count(*) from orders where product_id = :p", p=p["id"])
        r = await c.post(
            f"{base}/checkout",
            json={"pricing_plan_id": plan, "payer": {"email": "x@example.com", "first_name": "A", "last_name": "B"}, "withdrawal_consent": True,
                  "coupon_code": "OFF"},
        )  # fmt: skip
        assert r.status_code == 400 and r.json()["reason"] == "coupon_inactive"
        assert await db_value("select count(*) from orders where product_id = :p", p=p["id"]) == orders_before

        # bought with the code in lower case: 22.50 charged, the coupon counts one use
        co = await start_checkout(c, seller.username, p, extra={"coupon_code": " save10 "})
        assert co["amount"] == 2250
        pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
        assert (await pay(c, seller.username, co["order_token"], pm)).json()["outcome"] == "succeeded"
        assert await db_value("select total from orders where token = :t", t=co["order_token"]) == 2250
        assert (
            await db_value("select coupon_code from orders where token = :t", t=co["order_token"]) == "SAVE10"
        )
        listed = (await c.get("/v1/cabinet/coupons", params={"query": "SAVE10"}, headers=h)).json()["list"]
        assert listed[0]["orders_count"] == 1
        # the seller's order says which coupon and how much it took off
        order = (await c.get(f"/v1/cabinet/orders/{co['order_token']}", headers=h)).json()
        assert (order["coupon_code"], order["discount"], order["total"]) == ("SAVE10", 250, 2250)
        # the buyer's invoice lists the price and the coupon's discount on its own line
        done = await wait_fulfilled(c, seller.username, co["order_token"])
        pdf = await c.get(
            f"/v1/shop/{seller.username}/orders/{co['order_token']}/invoices/{done['invoice_number']}/pdf"
        )
        text = PdfReader(io.BytesIO(pdf.content)).pages[0].extract_text().replace("\u00a0", "")
        for line in ("Coupon guide 25.00€", "Discount (coupon SAVE10) -2.50€", "Total 22.50€"):
            assert line in text, text


async def test_buyers_racing_for_the_last_use_one_gets_it(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "coupon-race")
        p = await published_product(c, seller, price=2000, name="Raced guide")
        await _coupon(
            c, seller.headers, code="LAST", value_form="currency", value=500, currency="eur", limit=1
        )
        checkouts = [
            await start_checkout(c, seller.username, p, extra={"coupon_code": "LAST"}) for _ in range(20)
        ]
        assert {co["amount"] for co in checkouts} == {1500}
        pms = await asyncio.gather(
            *(card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK) for co in checkouts)
        )
        answers = await asyncio.gather(
            *(pay(c, seller.username, co["order_token"], pm) for co, pm in zip(checkouts, pms, strict=True))
        )
        outcomes = [a.json()["outcome"] for a in answers]
        assert sorted(outcomes) == ["failed"] * 19 + ["succeeded"], [a.text for a in answers]
        charged = [await stripe_succeeded_charges(stack, co["order_token"]) for co in checkouts]
        assert sorted(charged) == [0] * 19 + [1]
        assert all(
            "used up" in (a.json().get("message") or "") for a in answers if a.json()["outcome"] == "failed"
        )
        listed = (await c.get("/v1/cabinet/coupons", headers=seller.headers)).json()["list"]
        assert listed[0]["orders_count"] == 1


async def test_a_coupon_on_every_rate_is_a_discount_line_on_each_rates_invoice(stack):
    """10 % off every rate of a daily three-rate installment (50.00, then 25.00 twice): 45.00, 22.50 and 22.50
    are charged, and each rate's invoice names the price and the coupon's discount on its own line."""
    async with client(stack) as c:
        seller = await new_seller(stack, c, "coupon-rates")
        h = seller.headers
        plan = {"name": "In 3 rates", "payment_type": "installment", "price": 5000, "next_amount": 2500,
                "payments_count": 3, "period": "1d", "currency": "eur"}  # fmt: skip
        p = await published_product(c, seller, name="Rated guide", plan=plan)
        await _coupon(c, h, code="EVERY10", value_form="percents", value=10, recurring="every_rate")
        co = await start_checkout(c, seller.username, p, extra={"coupon_code": "EVERY10"})
        assert co["amount"] == 4500
        pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
        assert (await pay(c, seller.username, co["order_token"], pm)).json()["outcome"] == "succeeded"
        token = co["order_token"]
        sub = await until(
            c, f"/v1/cabinet/orders/{token}/subscription", h, lambda b: b["phase"] == "ended", 90
        )
        assert [r["amount"] for r in sub["rates"]] == [4500, 2250, 2250]
        for number, price, off, total in ((1, "50.00€", "5.00€", "45.00€"), (3, "25.00€", "2.50€", "22.50€")):
            pdf = await c.get(f"/v1/shop/{seller.username}/orders/{token}/invoices/{number}/pdf")
            text = PdfReader(io.BytesIO(pdf.content)).pages[0].extract_text().replace("\u00a0", "")
            for line in (price, f"Discount (coupon EVERY10) -{off}", f"Total {total}"):
                assert line in text, (number, text)
