"""Issue "Recurring money" §7 through the real stack: the plan preview a seller sees before publishing (their
own claim settings, another seller's plan not found), and the recovery analytics of a subscription whose rate
fails and is paid after the first reminder: recovered at the first stage in this month, the subscription in MRR,
then canceled as voluntary churn; another seller's numbers stay empty."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime

import httpx

from tests.integration.helpers import (
    CARD_OK,
    card_payment_method,
    client,
    mails,
    new_seller,
    pay,
    published_product,
    start_checkout,
    until,
    wait_fulfilled,
)

CARD_FAILS_ON_CHARGE = "4000000000000341"
WEEKLY = {"name": "Weekly", "payment_type": "subscription", "price": 900, "period": "1w", "currency": "eur"}
MONTHLY = {
    "name": "Monthly",
    "payment_type": "subscription",
    "price": 1900,
    "next_amount": 1500,
    "period": "1m",
    "currency": "eur",
}


def _this_month(analytics: dict) -> dict:
    month = datetime.now(UTC).strftime("%Y-%m")
    found = [m for m in analytics["months"] if m["month"] == month]
    assert found, analytics
    return found[0]


def _eur(month: dict) -> dict:
    return next(x for x in month["money"] if x["currency"] == "eur")


async def test_the_plan_preview_follows_the_sellers_claim_settings(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "preview", legitimate=False)
        h = seller.headers
        r = await c.put(
            "/v1/cabinet/claim_settings",
            json={"strategy": "dunning_inkasso", "first_days": 3, "second_days": 7, "third_days": 14},
            headers=h,
        )
        assert r.status_code == 200, r.text
        p = (await c.post("/v1/cabinet/products", json={"name": "Club"}, headers=h)).json()
        r = await c.post(f"/v1/cabinet/products/{p['id']}/pricing_plans", json=MONTHLY, headers=h)
        assert r.status_code == 201, r.text
        plan = r.json()
        url = f"/v1/cabinet/products/{p['id']}/pricing_plans/{plan['id']}/preview"

        r = await c.get(url, params={"purchased": "2027-01-31", "failing_rate": 2}, headers=h)
        assert r.status_code == 200, r.text
        body = r.json()
        assert (body["strategy"], body["stage_days"], body["open_ended"]) == (
            "dunning_inkasso",
            [3, 7, 14],
            True,
        )
        steps = [(e["on"], e["step"], e["rate"], e["stage"]) for e in body["events"]]
        assert steps[:9] == [
            ("2027-01-31", "charge", 1, None),
            ("2027-02-28", "failed", 2, None),
            ("2027-03-03", "reminder", 2, "first"),
            ("2027-03-03", "retry", 2, "first"),
            ("2027-03-07", "reminder", 2, "second"),
            ("2027-03-07", "retry", 2, "second"),
            ("2027-03-14", "reminder", 2, "third"),
            ("2027-03-14", "retry", 2, "third"),
            ("2027-03-14", "handover", 2, None),
        ]
        assert ("2027-03-31", "charge", 3, None) in steps
        assert [e["amount"] for e in body["events"][:2]] == [1900, 1500]

        # the seller changes the strategy: the same plan's preview follows at once
        await c.put(
            "/v1/cabinet/claim_settings",
            json={"strategy": "dunning", "first_days": 2, "second_days": 4, "third_days": 6},
            headers=h,
        )
        body = (await c.get(url, params={"purchased": "2027-01-31"}, headers=h)).json()
        claim = [e for e in body["events"] if e["rate"] == 2]
        assert claim[-1]["step"] == "debt" and claim[-1]["on"] == "2027-03-06"

        # terms from the editor's form, not saved: an installment of 4 rates
        draft = {"name": "x", "payment_type": "installment", "price": 5000, "next_amount": 2500}
        r = await c.post(
            f"/v1/cabinet/products/{p['id']}/pricing_plans/preview",
            params={"purchased": "2027-01-10", "failing_rate": 4},
            json=draft | {"payments_count": 4, "period": "1m"},
            headers=h,
        )
        assert r.status_code == 200, r.text
        assert (r.json()["total"], r.json()["charges"], r.json()["failing_rate"]) == (12500, 4, 4)
        r = await c.post(
            f"/v1/cabinet/products/{p['id']}/pricing_plans/preview",
            json=draft | {"payments_count": 1, "period": "1m"},
            headers=h,
        )
        assert r.status_code == 400 and "payments_count" in r.json()["fields"]
        r = await c.get(url, params={"failing_rate": 99}, headers=h)
        assert r.status_code == 400 and r.json()["error"] == "INVALID_INPUT"
        r = await c.get(url, params={"purchased": "1800-01-01"}, headers=h)
        assert r.status_code == 400

        other = await new_seller(stack, c, "preview-other", legitimate=False)
        assert (await c.get(url, headers=other.headers)).status_code == 404
        r = await c.post(
            f"/v1/cabinet/products/{p['id']}/pricing_plans/preview",
            json=draft | {"payments_count": 4, "period": "1m"},
            headers=other.headers,
        )
        assert r.status_code == 404
        assert (await c.get(url)).status_code == 401


async def _buy(stack, c: httpx.AsyncClient, seller, product: dict) -> str:
    co = await start_checkout(c, seller.username, product)
    pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
    r = await pay(c, seller.username, co["order_token"], pm)
    assert r.status_code == 200 and r.json()["outcome"] == "succeeded", r.text
    await wait_fulfilled(c, seller.username, co["order_token"])
    return co["order_token"]


async def _reminders(stack, to: str, at_least: int, timeout: float = 30) -> list[dict]:
    deadline = time.monotonic() + timeout
    while True:
        found = [m for m in await mails(stack, to) if "reminder" in m["subject"].lower()]
        if len(found) >= at_least or time.monotonic() > deadline:
            return found
        await asyncio.sleep(0.2)


async def test_a_rate_paid_after_the_first_reminder_counts_as_recovered_at_that_stage(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "recovery")
        h = seller.headers
        r = await c.put(
            "/v1/cabinet/claim_settings",
            json={"strategy": "dunning", "first_days": 2, "second_days": 30, "third_days": 60},
            headers=h,
        )
        assert r.status_code == 200
        empty = (await c.get("/v1/cabinet/recovery_analytics", headers=h)).json()
        assert len(empty["months"]) == 12 and empty["currencies"] == []

        product = await published_product(c, seller, plan=WEEKLY)
        token = await _buy(stack, c, seller, product)
        manage = f"/v1/shop/{seller.username}/payment/{token}/manage"
        await until(c, manage, None, lambda b: b["phase"] == "active" and b["next_due"] is not None)
        now = _this_month((await c.get("/v1/cabinet/recovery_analytics", headers=h)).json())
        assert (now["new"], now["active"]) == (1, 1)
        assert _eur(now)["mrr"] == 3911  # 9.00 a week is 39.11 a month (× 365 / 12 / 7)

        # the payer's card attaches but fails when charged: the next rate opens a claim
        secret = (await c.post(f"{manage}/setup_intent")).json()["setup_intent_client_secret"]
        bad = await card_payment_method(stack, secret, CARD_FAILS_ON_CHARGE)
        assert (await c.post(f"{manage}/payment_method", json={"payment_method": bad})).status_code == 200
        claims = await until(c, "/v1/cabinet/claims", h, lambda b: b["total_count"] >= 1)
        email = claims["list"][0]["payer_email"]
        # the first reminder (day 2) and its retry fail; then the payer gives a good card, charged at once
        assert len(await _reminders(stack, email, 1)) >= 1
        await until(c, "/v1/cabinet/claims", h, lambda b: any(x["stage"] == "first" for x in b["list"]))
        secret = (await c.post(f"{manage}/setup_intent")).json()["setup_intent_client_secret"]
        good = await card_payment_method(stack, secret, CARD_OK)
        assert (await c.post(f"{manage}/payment_method", json={"payment_method": good})).status_code == 200
        claims = await until(
            c, "/v1/cabinet/claims", h, lambda b: all(x["outcome"] == "collected" for x in b["list"])
        )

        body = (await c.get("/v1/cabinet/recovery_analytics", headers=h)).json()
        assert body["currencies"] == ["eur"]
        money = _eur(_this_month(body))
        by_stage = {"first": 0, "before_first_reminder": 0}
        for cl in claims["list"]:  # a later weekly rate may have failed (and been paid) meanwhile
            by_stage["first" if cl["stage"] == "first" else "before_first_reminder"] += cl["amount"]
        assert by_stage["first"] >= 900
        assert money["recovered"]["first"] == by_stage["first"]
        assert money["recovered"]["before_first_reminder"] == by_stage["before_first_reminder"]
        assert money["recovered"]["second"] == money["recovered"]["inkasso"] == 0
        assert money["failed"] == sum(cl["amount"] for cl in claims["list"])
        assert money["still_open"] == 0 and money["lost"] == 0

        # another seller's analytics never show these numbers
        other = await new_seller(stack, c, "recovery-other", legitimate=False)
        theirs = (await c.get("/v1/cabinet/recovery_analytics", headers=other.headers)).json()
        assert theirs["currencies"] == []
        assert all(m["money"] == [] and m["active"] == m["new"] == 0 for m in theirs["months"])

        # the seller cancels: voluntary churn this month, out of MRR
        r = await c.post(f"/v1/cabinet/orders/{token}/subscription", json={"action": "cancel_now"}, headers=h)
        assert r.status_code == 202
        await until(c, f"/v1/cabinet/orders/{token}/subscription", h, lambda b: b["phase"] == "ended")
        now = _this_month((await c.get("/v1/cabinet/recovery_analytics", headers=h)).json())
        assert (now["voluntary_churn"], now["involuntary_churn"], now["active"]) == (1, 0, 0)
        assert _eur(now)["mrr"] == 0

        # a bounded, well-formed range only
        for params in (
            {"from": "2026-13"},
            {"to": "2999-01"},
            {"from": "2020-01", "to": "2026-01"},
            {"from": "x"},
        ):
            r = await c.get("/v1/cabinet/recovery_analytics", params=params, headers=h)
            assert r.status_code == 400 and r.json()["error"] == "INVALID_INPUT", (params, r.text)
        r = await c.get(
            "/v1/cabinet/recovery_analytics", params={"from": "2026-01", "to": "2026-03"}, headers=h
        )
        assert [m["month"] for m in r.json()["months"]] == ["2026-01", "2026-02", "2026-03"]


async def test_a_rate_that_ends_as_a_debt_is_involuntary_churn_and_lost_money(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "recovery-debt")
        h = seller.headers
        r = await c.put(
            "/v1/cabinet/claim_settings",
            json={"strategy": "dunning", "first_days": 1, "second_days": 2, "third_days": 3},
            headers=h,
        )
        assert r.status_code == 200
        product = await published_product(c, seller, plan=WEEKLY)
        token = await _buy(stack, c, seller, product)
        manage = f"/v1/shop/{seller.username}/payment/{token}/manage"
        await until(c, manage, None, lambda b: b["phase"] == "active" and b["next_due"] is not None)
        secret = (await c.post(f"{manage}/setup_intent")).json()["setup_intent_client_secret"]
        bad = await card_payment_method(stack, secret, CARD_FAILS_ON_CHARGE)
        assert (await c.post(f"{manage}/payment_method", json={"payment_method": bad})).status_code == 200
        # three reminders, three failed retries: the rate ends as a debt
        claims = await until(
            c,
            "/v1/cabinet/claims",
            h,
            lambda b: any(x["outcome"] == "not_collected" for x in b["list"]),
        )
        lost = sum(x["amount"] for x in claims["list"] if x["outcome"] == "not_collected")
        now = _this_month((await c.get("/v1/cabinet/recovery_analytics", headers=h)).json())
        assert (now["new"], now["involuntary_churn"], now["voluntary_churn"], now["active"]) == (1, 1, 0, 0)
        money = _eur(now)
        assert money["mrr"] == 0 and money["lost"] >= lost >= 900
        assert sum(money["recovered"].values()) == 0
        r = await c.post(f"/v1/cabinet/orders/{token}/subscription", json={"action": "cancel_now"}, headers=h)
        assert r.status_code == 202
