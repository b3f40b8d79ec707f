"""SEPA Direct Debit through the real stack (localstripe's sepa_debit payment methods settle a moment later, as a
bank does days later): a seller switches it on for one-time plans in euros; a buyer's IBAN and name are the
mandate, the order waits `processing` and is paid, invoiced and delivered once the debit settles; the same account
sent twice is one debit; an IBAN that is wrong or outside SEPA is refused; a debit the bank refuses leaves the
order unpaid and payable by card; a return after settlement (Stripe's dispute) is booked as a chargeback."""

from __future__ import annotations

import asyncio
import secrets

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
    stripe_intents,
    until,
    wait_fulfilled,
)
from tests.integration.ledger.test_chargebacks import _dispute, _intent
from tests.integration.webhooks.test_stripe import signed

pytestmark = pytest.mark.integration
IBAN_OK = "DE89 3704 0044 0532 0130 00"
IBAN_REFUSED = "DE62370400440532013001"  # localstripe's account that the bank refuses to debit


async def _sepa(c, username: str, token: str, iban: str = IBAN_OK, holder: str = "Sepa Buyer"):
    return await c.post(
        f"/v1/shop/{username}/orders/{token}/sepa",
        json={"iban": iban, "account_holder": holder},
        headers={"user-agent": "Mozilla/5.0 (SEPA test)"},
    )


async def test_a_direct_debit_is_the_mandate_then_paid_once_when_it_settles_and_a_return_is_a_chargeback(
    stack,
):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "sepa")
        h = seller.headers
        p = await published_product(c, seller, price=4200, name="Debited guide")
        co = await start_checkout(c, seller.username, p, email="sepa-buyer@example.com")
        token = co["order_token"]
        # not offered until the seller switches it on, and then for one-time plans only
        r = await _sepa(c, seller.username, token)
        assert r.status_code == 409 and r.json()["reason"] == "sepa_not_offered", r.text
        r = await c.put(
            "/v1/cabinet/payment_settings", json={"matrix": {"subscription": ["sepa"]}}, headers=h
        )
        assert r.status_code == 400
        r = await c.put(
            "/v1/cabinet/payment_settings", json={"matrix": {"one_time": ["card", "sepa"]}}, headers=h
        )
        assert r.status_code == 200, r.text
        shop = (await c.get(f"/v1/shop/{seller.username}/products/{p['slug']}")).json()
        assert shop["payment_methods"][0]["methods"] == ["card", "sepa"]

        # refused in words, nothing recorded: a wrong check digit, an account outside SEPA, no name
        for iban, holder, field in [
            ("DE89370400440532013001", "Sepa Buyer", "iban"),
            ("US64SVBKUS6S3300958879", "Sepa Buyer", "iban"),
            ("BR1800360305000010009795493C1", "Sepa Buyer", "iban"),
            (IBAN_OK, "  ", "account_holder"),
        ]:
            r = await _sepa(c, seller.username, token, iban, holder)
            assert r.status_code == 400 and field in r.json()["fields"], (iban, r.text)
        assert await db_value("select count(*) from sepa_mandates") is not None
        assert (
            await db_value(
                "select count(*) from sepa_mandates m join orders o on o.id = m.order_id where o.token = :t",
                t=token,
            )
            == 0
        )

        # the mandate: processing at once, then paid when the debit settles (the provider's webhook)
        first, again = await _sepa(c, seller.username, token), await _sepa(c, seller.username, token)
        assert first.status_code == 200, first.text
        assert first.json()["outcome"] in ("processing", "succeeded")
        assert again.status_code == 200 and again.json()["outcome"] in ("processing", "succeeded"), again.text
        status = await wait_fulfilled(c, seller.username, token)
        assert status["payment_state"] == "paid"
        assert status["sepa"]["iban_last4"] == "3000" and status["sepa"]["holder"] == "Sepa Buyer"
        assert status["sepa"]["reference"] == f"SF-M-{token.upper()}"
        intents = await stripe_intents(stack, token)
        assert [(i["amount"], i["status"]) for i in intents] == [(4200, "succeeded")]  # one debit
        mandate = await db_value(
            "select m.user_agent from sepa_mandates m join orders o on o.id = m.order_id where o.token = :t",
            t=token,
        )
        assert mandate == "Mozilla/5.0 (SEPA test)"  # the consent's proof
        detail = (await c.get(f"/v1/cabinet/orders/{token}", headers=h)).json()
        assert detail["payment_form"] == "sepa"
        # a card cannot pay it again
        r = await _sepa(c, seller.username, token)
        assert r.json()["outcome"] == "succeeded"

        # a refund of part of it goes back through Stripe, once
        r = await c.post(
            f"/v1/cabinet/orders/{token}/refunds", json={"amount": 1200, "reason": "Partly"}, headers=h
        )
        assert r.status_code == 202, r.text
        settled = await until(
            c,
            f"/v1/cabinet/orders/{token}/refunds",
            h,
            lambda b: b["list"] and b["list"][0]["state"] != "requested",
            30,
        )
        assert settled["list"][0]["state"] == "succeeded", settled

        # the payer's bank returns the debit weeks later: Stripe reports a dispute, booked as a chargeback
        intent, dispute = await _intent(token), f"dp_{secrets.token_hex(6)}"
        body, headers = signed(_dispute("created", dispute, intent, "needs_response", amount=3000))
        assert (await c.post("/v1/webhooks/stripe", content=body, headers=headers)).status_code == 200
        detail = (await c.get(f"/v1/cabinet/orders/{token}", headers=h)).json()
        assert detail["payment_state"] == "payment_chargebacked"


async def test_a_debit_the_bank_refuses_leaves_the_order_payable_by_card(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "sepa-refused")
        h = seller.headers
        r = await c.put(
            "/v1/cabinet/payment_settings", json={"matrix": {"one_time": ["card", "sepa"]}}, headers=h
        )
        assert r.status_code == 200, r.text
        p = await published_product(c, seller, price=1500, name="Refused debit")
        co = await start_checkout(c, seller.username, p, email="sepa-refused@example.com")
        token = co["order_token"]
        r = await _sepa(c, seller.username, token, IBAN_REFUSED)
        assert r.status_code == 200, r.text
        pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
        status = await until(
            c,
            f"/v1/shop/{seller.username}/orders/{token}",
            None,
            lambda b: b["payment_state"] not in ("payment_pending",),
            30,
        )
        assert status["payment_state"] != "paid"
        r = await pay(c, seller.username, token, pm)
        assert r.status_code == 200 and r.json()["outcome"] == "succeeded", r.text
        await wait_fulfilled(c, seller.username, token)
        # two attempts, one of them took money: the card's
        assert [i["amount"] for i in await stripe_intents(stack, token)] == [1500]
        attempts = await db_value(
            "select count(*) from payment_intents p join orders o on o.id = p.order_id where o.token = :t",
            t=token,
        )
        assert attempts == 2


@pytest.mark.parametrize("kill_after_s", [0.05])
async def test_a_worker_killed_while_the_debit_is_made_debits_once(stack, kill_after_s):
    async with client(stack) as c:
        seller = await new_seller(stack, c, f"sepa-kill-{int(kill_after_s * 100)}")
        r = await c.put(
            "/v1/cabinet/payment_settings",
            json={"matrix": {"one_time": ["card", "sepa"]}},
            headers=seller.headers,
        )
        assert r.status_code == 200, r.text
        p = await published_product(c, seller, price=2700, name="Debited under a killed worker")
        co = await start_checkout(c, seller.username, p, email=f"sepa-kill-{kill_after_s}@example.com")
        token = co["order_token"]
        request = asyncio.create_task(_sepa(c, seller.username, token))
        await asyncio.sleep(kill_after_s)
        stack.kill("worker")
        await asyncio.sleep(0.5)
        stack.start_worker()
        r = await request
        if r.status_code == 503:  # the step gave up while no worker ran: the buyer sends it again
            r = await _sepa(c, seller.username, token)
        assert r.status_code == 200, r.text
        await wait_fulfilled(c, seller.username, token, timeout=60)
        assert [i["amount"] for i in await stripe_intents(stack, token)] == [2700]  # one debit
        assert (
            await db_value(
                "select count(*) from transfers where idempotency_key = :k", k=f"order-{token}-sale"
            )
            == 1
        )
