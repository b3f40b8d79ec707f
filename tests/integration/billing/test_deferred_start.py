"""A test period and a custom start day through the real stack: the checkout saves the card and charges nothing
(no PaymentIntent, no invoice, no sale), the buyer has access at once and a mail says when the first payment
is due; the Subscription charges rate 1 on that day and the rates after it on theirs, each invoiced and booked
once. The test stack's billing day is BILLING_DAY_S (tests/conftest.py)."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

from domain.billing.billing_calendar import START_DAYS, next_start_day
from tests.integration.helpers import (
    CARD_OK,
    card_payment_method,
    client,
    db_count,
    new_seller,
    pay,
    published_product,
    start_checkout,
    stripe_succeeded_charges,
    until,
    wait_mail,
)


async def _start(stack, c, seller, product: dict, email: str) -> tuple[str, dict]:
    co = await start_checkout(c, seller.username, product, email=email)
    pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK, (12, 2031))
    r = await pay(c, seller.username, co["order_token"], pm)
    assert r.status_code == 200, r.text
    assert (r.json()["outcome"], r.json()["payment_state"]) == ("succeeded", "paying")
    token = co["order_token"]
    page = await until(c, f"/v1/shop/{seller.username}/orders/{token}", None, lambda b: b["download_url"])
    return token, page


async def test_a_test_period_charges_nothing_at_checkout_and_rate_one_on_its_day(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "trial")
        h = seller.headers
        plan = {
            "name": "Two weeks free, then three weekly rates",
            "payment_type": "installment",
            "price": 3000,
            "next_amount": 3000,
            "payments_count": 3,
            "period": "1w",
            "test_days": 14,
            "currency": "eur",
        }
        product = await published_product(c, seller, plan=plan)
        today = datetime.now(UTC).date()
        shop = (await c.get(f"/v1/shop/{seller.username}/products/{product['slug']}")).json()
        offered = shop["pricing_plans"][0]
        assert offered["test_days"] == 14 and offered["due_now"] == 0
        assert [r["due"] for r in offered["schedule"]] == [
            (today + timedelta(days=d)).isoformat() for d in (14, 21, 28)
        ]

        # the seller wants no mail of their sales: the buyer's mail still names the shop in its manage link
        r = await c.put(
            "/v1/cabinet/notification_settings",
            json={"list": [{"type": "paid_transaction", "in_app": True, "mail": False}]},
            headers=h,
        )
        assert r.status_code == 200, r.text
        payer = f"trial-{uuid.uuid4().hex[:6]}@example.com"
        token, page = await _start(stack, c, seller, product, payer)
        # the buyer has the product now, and nothing was charged or invoiced
        assert page["payment_state"] == "paying" and page["invoice_number"] is None
        assert page["first_due"] == (today + timedelta(days=14)).isoformat() and page["first_amount"] == 3000
        assert await stripe_succeeded_charges(stack, token) == 0
        mail = await wait_mail(stack, payer, "has started")
        assert "Nothing has been charged yet" in mail["body"]
        assert f"/s/{seller.username}/payment/{token}/manage" in mail["body"]

        sub = await until(
            c, f"/v1/cabinet/orders/{token}/subscription", h, lambda b: b["phase"] == "ended", 60
        )
        assert [r["state"] for r in sub["rates"]] == ["paid"] * 3 and sub["payment_state"] == "paid"
        assert [r["due_on"] for r in sub["rates"]] == [r["due"] for r in offered["schedule"]]
        assert await stripe_succeeded_charges(stack, token) == 3  # one charge per rate, none at checkout
        invoices = (await c.get("/v1/cabinet/invoices", params={"sort_dir": "asc"}, headers=h)).json()["list"]
        assert [(x["number"], x["total"]) for x in invoices] == [(1, 3000), (2, 3000), (3, 3000)]
        assert await db_count("select paid from orders where token = :t", t=token) == 9000
        ledger = "select coalesce(sum(amount), 0) from ledger_entries e join orders o on o.id = e.order_id"
        assert await db_count(f"{ledger} where o.token = :t", t=token) == 0


async def test_a_custom_start_day_charges_the_first_rate_on_that_day(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "startday")
        today = datetime.now(UTC).date()
        day = next(d for d in START_DAYS if d != today.day)
        plan = {
            "name": "Monthly from the start day",
            "payment_type": "subscription",
            "price": 1200,
            "period": "1m",
            "start_day": day,
            "currency": "eur",
        }
        product = await published_product(c, seller, plan=plan)
        offered = product["pricing_plans"][0]
        first = next_start_day(today, day)
        assert offered["due_now"] == 0 and offered["schedule"][0]["due"] == first.isoformat()
        assert offered["schedule"][1]["due"][8:] == f"{day:02d}"  # every rate on the start day

        token, page = await _start(stack, c, seller, product, f"start-{uuid.uuid4().hex[:6]}@example.com")
        assert page["first_due"] == first.isoformat()
        assert await stripe_succeeded_charges(stack, token) == 0
        sub = await until(
            c,
            f"/v1/cabinet/orders/{token}/subscription",
            seller.headers,
            lambda b: b["rates"] and b["rates"][0]["state"] == "paid",
            60,
        )
        assert sub["rates"][0]["due_on"] == first.isoformat() and sub["rates"][1]["state"] == "future"
        assert await stripe_succeeded_charges(stack, token) == 1
        r = await c.post(
            f"/v1/cabinet/orders/{token}/subscription", json={"action": "cancel_now"}, headers=seller.headers
        )
        assert r.status_code == 202
