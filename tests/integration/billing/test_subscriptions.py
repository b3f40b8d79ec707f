"""Recurring money through the real stack (localstripe, Temporal, PostgreSQL) with the test stack's compressed
billing day (tests/conftest.py BILLING_DAY_S): an installment plan paid to its last rate with an invoice and a
ledger sale per rate; a plan change that leaves a bought order's rates alone; and a subscription whose saved card
is switched to one that attaches but fails, so its next rate opens a claim that reminds the payer and is paid
when the payer gives a good card on the manage page."""

from __future__ import annotations

import asyncio
import time
import uuid
from datetime import date, timedelta

import httpx

from tests.integration.helpers import (
    CARD_OK,
    card_payment_method,
    client,
    db_count,
    db_value,
    mails,
    new_seller,
    pay,
    published_product,
    start_checkout,
    stripe_succeeded_charges,
    until,
    wait_fulfilled,
    wait_mail,
)
from tests.integration.webhooks.test_stripe import signed

CARD_FAILS_ON_CHARGE = "4000000000000341"


def installment(count: int = 12) -> dict:
    return {
        "name": "In 12 rates",
        "payment_type": "installment",
        "price": 5000,
        "next_amount": 2500,
        "payments_count": count,
        "period": "1d",
        "currency": "eur",
    }


async def _buy(
    stack,
    c: httpx.AsyncClient,
    seller,
    product: dict,
    card: str = CARD_OK,
    last_name: str = "Buyer",
    expires: tuple[int, int] = (12, 2031),
    email: str | None = None,
) -> str:
    co = await start_checkout(c, seller.username, product, last_name=last_name, email=email)
    pm = await card_payment_method(stack, co["setup_intent_client_secret"], card, expires)
    r = await pay(c, seller.username, co["order_token"], pm)
    assert r.status_code == 200 and r.json()["outcome"] == "succeeded", r.text
    await wait_fulfilled(c, seller.username, co["order_token"])
    return co["order_token"]


async def test_a_twelve_rate_installment_is_paid_to_the_end(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "installment")
        h = seller.headers
        product = await published_product(c, seller, plan=installment())
        plan = product["pricing_plans"][0]
        assert plan["total"] == 5000 + 11 * 2500 and len(plan["schedule"]) == 12
        assert [r["amount"] for r in plan["schedule"][:3]] == [5000, 2500, 2500]
        shop = (await c.get(f"/v1/shop/{seller.username}/products/{product['slug']}")).json()
        assert shop["pricing_plans"][0]["schedule"] == plan["schedule"]  # the buyer sees it before paying
        token = await _buy(stack, c, seller, product)

        sub = await until(
            c,
            f"/v1/cabinet/orders/{token}/subscription",
            h,
            lambda b: b["phase"] == "ended",
            90,
        )
        assert [r["state"] for r in sub["rates"]] == ["paid"] * 12 and sub["payment_state"] == "paid"
        assert sub["phase"] == "ended" and sub["next_due"] is None
        assert await stripe_succeeded_charges(stack, token) == 12  # one charge per rate, none twice
        invoices = (
            await c.get("/v1/cabinet/invoices", params={"sort_dir": "asc", "per": 30}, headers=h)
        ).json()["list"]
        assert [x["number"] for x in invoices] == list(range(1, 13))
        assert sum(x["total"] for x in invoices) == 32500
        rates = (await c.get("/v1/cabinet/order_rates", params={"per": 30}, headers=h)).json()
        assert rates["total_count"] == 12 and {r["state"] for r in rates["list"]} == {"paid"}
        assert (
            await db_count(
                "select coalesce(sum(amount), 0) from ledger_entries e join orders o on o.id = e.order_id "
                "where o.token = :t",
                t=token,
            )
            == 0
        )
        assert (
            await db_count(
                "select count(*) from ledger_entries e join orders o on o.id = e.order_id "
                "where o.token = :t and e.kind = 'sale' and e.payee_type = 'seller'",
                t=token,
            )
            == 12
        )
        paid = await db_count("select paid from orders where token = :t", t=token)
        assert paid == 32500
        other = await new_seller(stack, c, "installment-other", legitimate=False)
        r = await c.get(f"/v1/cabinet/orders/{token}/subscription", headers=other.headers)
        assert r.status_code == 404
        assert (await c.get("/v1/cabinet/order_rates", headers=other.headers)).json()["total_count"] == 0


async def test_a_plan_change_leaves_a_bought_orders_rates_alone(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "plan-change")
        h = seller.headers
        terms = installment(3) | {"period": "1m"}
        product = await published_product(c, seller, plan=terms)
        token = await _buy(stack, c, seller, product)
        plan_id = product["pricing_plans"][0]["id"]
        r = await c.put(
            f"/v1/cabinet/products/{product['id']}/pricing_plans/{plan_id}",
            json=terms | {"next_amount": 9900, "payments_count": 5},
            headers=h,
        )
        assert r.status_code == 200 and r.json()["total"] == 5000 + 4 * 9900
        sub = await until(c, f"/v1/cabinet/orders/{token}/subscription", h, lambda b: len(b["rates"]) == 3)
        assert [r["amount"] for r in sub["rates"]] == [5000, 2500, 2500]
        assert sub["payment_state"] == "paying" and sub["payments_count"] == 3
        for bad in (
            {"payments_count": 1},
            {"period": "5w"},
            {"period": "13m"},
            {"start_day": 3},
            {"rate_amounts": [100]},
            {"payment_type": "subscription"},  # an open-ended plan has no payments count
        ):
            r = await c.put(
                f"/v1/cabinet/products/{product['id']}/pricing_plans/{plan_id}", json=terms | bad, headers=h
            )
            assert r.status_code == 400, (bad, r.text)
        r = await c.post(f"/v1/cabinet/orders/{token}/subscription", json={"action": "cancel_now"}, headers=h)
        assert r.status_code == 202
        sub = await until(
            c,
            f"/v1/cabinet/orders/{token}/subscription",
            h,
            lambda b: b["payment_state"] == "payment_canceled",
        )
        assert [r["state"] for r in sub["rates"]] == ["paid", "skipped", "skipped"]
        r = await c.post(f"/v1/cabinet/orders/{token}/subscription", json={"action": "pause"}, headers=h)
        assert r.status_code == 409


async def test_a_card_that_fails_later_opens_a_claim_paid_with_a_new_card(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "dunning")
        h = seller.headers
        r = await c.put(
            "/v1/cabinet/claim_settings",
            json={"strategy": "dunning", "first_days": 2, "second_days": 30, "third_days": 60},
            headers=h,
        )
        assert r.status_code == 200
        plan = {
            "name": "Weekly",
            "payment_type": "subscription",
            "price": 900,
            "period": "1w",
            "currency": "eur",
        }
        product = await published_product(c, seller, plan=plan)
        token = await _buy(stack, c, seller, product)
        manage = f"/v1/shop/{seller.username}/payment/{token}/manage"
        page = await until(c, manage, None, lambda b: b["phase"] == "active" and b["next_due"] is not None)
        assert [r["state"] for r in page["rates"][:2]] == ["paid", "future"]

        # the payer switches to a card that attaches but is declined when charged
        secret = (await c.post(f"{manage}/setup_intent")).json()["setup_intent_client_secret"]
        bad_card = await card_payment_method(stack, secret, CARD_FAILS_ON_CHARGE)
        r = await c.post(f"{manage}/payment_method", json={"payment_method": bad_card})
        assert r.status_code == 200, r.text
        assert (
            await c.post(f"{manage}/payment_method", json={"payment_method": "pm_forged"})
        ).status_code == 400

        claims = await until(c, "/v1/cabinet/claims", h, lambda b: b["total_count"] == 1)
        claim = claims["list"][0]
        assert (claim["rate"], claim["strategy"], claim["dunning"], claim["inkasso"]) == (
            2,
            "dunning",
            "in_progress",
            "no",
        )
        page = await until(c, manage, None, lambda b: b["rates"][1]["state"] == "unpaid")
        # the list filters of editor §5: charges count 0 to 10000, dates, overdue days 0 to 365
        today = date.today()

        async def count(path: str, **filters: str) -> int:
            r = await c.get(path, params={f"filters[{k}]": v for k, v in filters.items()}, headers=h)
            assert r.status_code == 200, r.text
            return r.json()["total_count"]

        assert await count("/v1/cabinet/claims", charges_min="1", charges_max="10000") == 1
        assert await count("/v1/cabinet/claims", charges_min="10000") == 0
        assert await count("/v1/cabinet/claims", opened_from=today.isoformat()) == 1
        assert await count("/v1/cabinet/claims", opened_to=(today - timedelta(days=1)).isoformat()) == 0
        assert await count("/v1/cabinet/order_rates", overdue_max="365", state="unpaid") == 1
        for key, bad in [
            ("charges_min", "-1"),
            ("charges_max", "10001"),
            ("charges_min", "1.5"),
            ("charges_min", "\u0663"),
            ("opened_from", "2026-02-30"),
            ("opened_to", "yesterday"),
        ]:
            r = await c.get("/v1/cabinet/claims", params={f"filters[{key}]": bad}, headers=h)
            assert r.status_code == 400, (key, bad, r.text)
        r = await c.get("/v1/cabinet/order_rates", params={"filters[overdue_min]": "366"}, headers=h)
        assert r.status_code == 400
        # the first reminder on its day (2 days after the failure), asking to pay or change the card
        assert len(await _reminders(stack, claim["payer_email"], 1)) == 1
        # the seller pauses the dunning: the list says so (and offers to resume); the payer's card still counts
        actions = f"/v1/cabinet/claims/{claim['id']}/actions"
        assert (await c.post(actions, json={"action": "pause_dunning"}, headers=h)).status_code == 202
        listed = (await c.get("/v1/cabinet/claims", headers=h)).json()["list"]
        assert next(x for x in listed if x["id"] == claim["id"])["paused_at"] is not None
        secret = (await c.post(f"{manage}/setup_intent")).json()["setup_intent_client_secret"]
        good = await card_payment_method(stack, secret, CARD_OK)
        assert (await c.post(f"{manage}/payment_method", json={"payment_method": good})).status_code == 200
        # on a slow machine the next weekly rate may fall due (and fail) before the change: every open
        # claim is paid with the new card, and none mails again
        claims = await until(
            c,
            "/v1/cabinet/claims",
            h,
            lambda b: all(cl["outcome"] == "collected" for cl in b["list"]),
        )
        assert {cl["dunning"] for cl in claims["list"]} == {"completed"}
        page = (await c.get(manage)).json()
        assert page["rates"][1]["state"] == "paid"
        sent = len(await _reminders(stack, claim["payer_email"], 1))
        await asyncio.sleep(2)
        assert len(await _reminders(stack, claim["payer_email"], 1)) == sent  # paid: no further reminder
        # the seller never filters for court stages
        r = await c.get("/v1/cabinet/claims", params={"filters[inkasso][]": "court"}, headers=h)
        assert r.status_code == 400
        r = await c.post(f"/v1/cabinet/orders/{token}/subscription", json={"action": "cancel_now"}, headers=h)
        assert r.status_code == 202


async def test_a_card_that_expires_before_the_next_rate_is_reminded_before_anything_fails(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "expiring")
        plan = {
            "name": "Monthly",
            "payment_type": "subscription",
            "price": 1500,
            "period": "1m",
            "currency": "eur",
        }
        product = await published_product(c, seller, plan=plan)
        today = date.today()
        payer = f"expiring-{uuid.uuid4().hex[:6]}@example.com"
        # a card valid through this month only: the next rate falls due next month
        token = await _buy(stack, c, seller, product, expires=(today.month, today.year), email=payer)
        manage = f"/v1/shop/{seller.username}/payment/{token}/manage"
        page = await until(c, manage, None, lambda b: b["card_expires"] is not None)
        assert page["card_expires"] == f"{today.year:04d}-{today.month:02d}" and page["card_expiring"] is True
        mail = await wait_mail(stack, payer, "card expires soon", timeout=30)
        assert f"/s/{seller.username}/payment/{token}/manage" in mail["body"]
        page = (await c.get(manage)).json()
        assert page["rates"][1]["state"] == "future"  # nothing failed yet

        # another card, valid for years: the warning goes, no second reminder
        secret = (await c.post(f"{manage}/setup_intent")).json()["setup_intent_client_secret"]
        good = await card_payment_method(stack, secret, CARD_OK, (today.month, today.year + 3))
        assert (await c.post(f"{manage}/payment_method", json={"payment_method": good})).status_code == 200
        later = f"{today.year + 3:04d}-{today.month:02d}"
        page = await until(c, manage, None, lambda b: b["card_expires"] == later)
        assert page["card_expiring"] is False
        await asyncio.sleep(1)
        assert len([m for m in await mails(stack, payer) if "card expires soon" in m["subject"]]) == 1
        r = await c.post(
            f"/v1/cabinet/orders/{token}/subscription", json={"action": "cancel_now"}, headers=seller.headers
        )
        assert r.status_code == 202


async def test_a_disputed_rate_is_booked_against_that_rate_and_ends_the_subscription(stack):
    """A chargeback of rate 2 (localstripe has no disputes: the test sends Stripe's signed events): the rate is
    `chargebacked` with its amount and the provider's fee booked against the seller, the order
    `payment_chargebacked`, no further rate charged; the dispute won books the money back."""
    async with client(stack) as c:
        seller = await new_seller(stack, c, "disputed")
        h = seller.headers
        plan = {
            "name": "Weekly",
            "payment_type": "subscription",
            "price": 900,
            "period": "1w",
            "currency": "eur",
        }
        product = await published_product(c, seller, plan=plan)
        token = await _buy(stack, c, seller, product)
        sub_url = f"/v1/cabinet/orders/{token}/subscription"
        await until(c, sub_url, h, lambda b: len(b["rates"]) > 1 and b["rates"][1]["state"] == "paid", 60)
        intent = await db_value(
            "select rc.provider_ref from rate_charges rc join orders o on o.id = rc.order_id "
            "where o.token = :t and rc.rate = 2",
            t=token,
        )
        dispute = f"dp_{uuid.uuid4().hex[:10]}"
        created = _dispute_event("created", dispute, intent, "needs_response", 900)
        for _ in range(2):  # delivered twice: booked once
            body, headers = signed(created)
            assert (await c.post("/v1/webhooks/stripe", content=body, headers=headers)).status_code == 200
        sub = await until(c, sub_url, h, lambda b: b["phase"] == "ended")
        assert sub["payment_state"] == "payment_chargebacked"
        assert [r["state"] for r in sub["rates"][:2]] == ["paid", "chargebacked"]
        assert {r["state"] for r in sub["rates"][2:]} <= {"skipped"}
        charged = await stripe_succeeded_charges(stack, token)
        await asyncio.sleep(3)  # more than two weekly rates of the compressed calendar: none is charged
        assert await stripe_succeeded_charges(stack, token) == charged
        detail = (await c.get(f"/v1/cabinet/orders/{token}", headers=h)).json()
        assert [p["type"] for p in detail["payments"]].count("Chargeback") == 1
        assert await _ledger_sum(token) == 0
        seller_chargebacks = await db_count(
            "select coalesce(sum(e.amount), 0) from ledger_entries e join orders o on o.id = e.order_id "
            "where o.token = :t and e.payee_type = 'seller' and e.kind = 'chargeback'",
            t=token,
        )
        assert seller_chargebacks == -900  # the rate's amount, not the order's

        body, headers = signed(_dispute_event("closed", dispute, intent, "won", 900))
        assert (await c.post("/v1/webhooks/stripe", content=body, headers=headers)).status_code == 200
        sub = (await c.get(sub_url, headers=h)).json()
        assert sub["rates"][1]["state"] == "paid" and sub["payment_state"] == "payment_canceled"
        assert await _ledger_sum(token) == 0


def _dispute_event(kind: str, dispute: str, intent: str, status: str, amount: int) -> dict:
    return {
        "id": f"evt_{uuid.uuid4().hex[:16]}",
        "type": f"charge.dispute.{kind}",
        "data": {
            "object": {
                "id": dispute,
                "payment_intent": intent,
                "amount": amount,
                "currency": "eur",
                "status": status,
            }
        },
    }


async def _ledger_sum(token: str) -> int:
    return await db_count(
        "select coalesce(sum(e.amount), 0) from ledger_entries e join orders o on o.id = e.order_id "
        "where o.token = :t",
        t=token,
    )


async def _reminders(stack, to: str, at_least: int, timeout: float = 30) -> list[dict]:
    deadline = time.monotonic() + timeout
    while True:
        found = [m for m in await mails(stack, to) if "reminder" in m["subject"].lower()]
        if len(found) >= at_least or time.monotonic() > deadline:
            return found
        await asyncio.sleep(0.2)


async def test_a_claim_handed_to_the_agency_is_partly_collected(stack):
    """Strategy inkasso: the failed rate goes to the collection agency at once (no reminders); the stand-in
    agency (a debtor named `Partial`) reports in_inkasso, collects half, goes pre-court and closes the case:
    the half is booked in the ledger, the rate is partly paid, the claim partially collected."""
    async with client(stack) as c:
        seller = await new_seller(stack, c, "inkasso")
        h = seller.headers
        r = await c.put(
            "/v1/cabinet/claim_settings",
            json={"strategy": "inkasso", "first_days": 2, "second_days": 30, "third_days": 60},
            headers=h,
        )
        assert r.status_code == 200
        plan = {
            "name": "Weekly",
            "payment_type": "subscription",
            "price": 1000,
            "period": "1w",
            "currency": "eur",
        }
        product = await published_product(c, seller, plan=plan)
        token = await _buy(stack, c, seller, product, last_name="Partial")
        manage = f"/v1/shop/{seller.username}/payment/{token}/manage"
        await until(c, manage, None, lambda b: b["phase"] == "active" and b["next_due"] is not None)
        secret = (await c.post(f"{manage}/setup_intent")).json()["setup_intent_client_secret"]
        bad_card = await card_payment_method(stack, secret, CARD_FAILS_ON_CHARGE)
        assert (
            await c.post(f"{manage}/payment_method", json={"payment_method": bad_card})
        ).status_code == 200

        def second_rate_closed(body: dict) -> bool:
            return any(x["rate"] == 2 and x["closed_at"] for x in body["list"])

        claims = await until(c, "/v1/cabinet/claims", h, second_rate_closed, 90)
        claim = next(x for x in claims["list"] if x["rate"] == 2)
        assert (claim["strategy"], claim["dunning"], claim["inkasso"], claim["outcome"]) == (
            "inkasso",
            "skipped",
            "pre_court",
            "partially_collected",
        )
        assert claim["collected"] == 500
        page = (await c.get(manage)).json()
        assert page["rates"][1]["state"] == "partly_paid" and page["rates"][1]["paid_amount"] == 500
        assert await _reminders(stack, claim["payer_email"], 1, timeout=1) == []  # straight to the agency
        assert (
            await db_count(
                "select coalesce(sum(amount), 0) from ledger_entries e join orders o on o.id = e.order_id "
                "where o.token = :t",
                t=token,
            )
            == 0
        )
        async with httpx.AsyncClient(timeout=10) as a:
            cases = (await a.get(f"http://127.0.0.1:{stack.ports.agency}/v1/claims")).json()
        assert [x["reference"] for x in cases if x["order_token"] == token][0] == f"claim-{token}-2"
        # a forged and a malformed agency report change nothing
        body = (
            b'{"id": "agencyevt_x", "reference": "claim-'
            + token.encode()
            + b'-2", "kind": "payment", "amount": 500}'
        )
        r = await c.post(
            "/v1/webhooks/collection_agency",
            content=body,
            headers={"agency-signature": "t=1,v1=00", "content-type": "application/json"},
        )
        assert r.status_code == 400
        from providers.signing import sign

        bad = b'{"id": "agencyevt_y", "reference": "order-x", "kind": "payment"}'
        r = await c.post(
            "/v1/webhooks/collection_agency",
            content=bad,
            headers={
                "agency-signature": sign(bad, "agencysec_sellflow_local"),
                "content-type": "application/json",
            },
        )
        assert r.status_code == 400
        again = (await c.get("/v1/cabinet/claims", headers=h)).json()["list"]
        assert next(x for x in again if x["rate"] == 2)["collected"] == 500

        # the claim is over; the payer pays the other half on the manage page with a good card
        r = await c.post(f"{manage}/rates/2/pay")  # the saved card is still the one that declines
        assert r.status_code == 200 and r.json()["paid"] is False and r.json()["message"], r.text
        assert r.json()["subscription"]["rates"][1]["state"] == "partly_paid"
        secret = (await c.post(f"{manage}/setup_intent")).json()["setup_intent_client_secret"]
        good = await card_payment_method(stack, secret, CARD_OK)
        assert (await c.post(f"{manage}/payment_method", json={"payment_method": good})).status_code == 200
        page = (await c.get(manage)).json()
        assert page["rates"][1]["payable"] is True and page["rates"][0]["payable"] is False
        r = await c.post(f"{manage}/rates/2/pay")
        assert r.status_code == 200, r.text
        assert (r.json()["paid"], r.json()["amount"]) == (True, 500)
        assert r.json()["subscription"]["rates"][1]["state"] == "paid"
        sold = (
            "select coalesce(sum(amount), 0) from ledger_entries where idempotency_key like :k "
            "and kind = 'sale' and payee_type = 'seller'"
        )
        assert await db_count(sold, k=f"order-{token}-rate-2-%") == 1000  # 500 by the agency, 500 here
        assert (await c.post(f"{manage}/rates/2/pay")).status_code == 409  # paid: nothing more to pay
        assert (await c.post(f"{manage}/rates/999/pay")).status_code == 404
        r = await c.post(f"/v1/cabinet/orders/{token}/subscription", json={"action": "cancel_now"}, headers=h)
        assert r.status_code == 202
