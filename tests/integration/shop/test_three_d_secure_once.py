"""3-D Secure once (issue 6 §3) through the real stack: the checkout page of an order charged now creates the
card as a PaymentMethod (`stripe.createPaymentMethod`, played here with the secret key) without confirming the
checkout's SetupIntent, so the payment's own 3-D Secure is the only challenge. The card is saved on the order's
customer and pays the renewals; declines still answer in words and another card pays the same order. An order
that charges nothing today (a test period) says so (`deferred`) and keeps the SetupIntent, whose challenge is
then the only one. The test stack's billing day is BILLING_DAY_S (tests/conftest.py)."""

from __future__ import annotations

import asyncio
import uuid

import httpx
import stripe

from tests.integration.helpers import (
    CARD_3DS,
    CARD_DECLINED_AT_CHARGE,
    CARD_DECLINED_AT_SETUP,
    CARD_OK,
    authenticate_3ds,
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

# Stripe's card that asks for 3-D Secure until it is set up for later payments, then never again
# (https://docs.stripe.com/testing#authentication-and-setup); 4000 0027 6000 3184 asks on every payment.
CARD_3DS_SET_UP_ONCE = "4000002500003155"


def _stripe(stack) -> None:
    stripe.api_key = "sk_test_sellflow_local"
    stripe.api_base = f"http://127.0.0.1:{stack.ports.stripe}"


async def created_card(stack, number: str) -> str:
    """The browser's `createPaymentMethod({type: 'card', card})`: a PaymentMethod, nothing confirmed."""
    _stripe(stack)
    card = {"number": number, "exp_month": 12, "exp_year": 2031, "cvc": "123"}
    pm = await asyncio.to_thread(lambda: stripe.PaymentMethod.create(type="card", card=card))
    return pm.id


async def provider(stack, kind: str, obj_id: str) -> dict:
    async with httpx.AsyncClient(timeout=10) as h:
        r = await h.get(
            f"http://127.0.0.1:{stack.ports.stripe}/v1/{kind}/{obj_id}",
            headers={"Authorization": "Bearer sk_test_sellflow_local"},
        )
        assert r.status_code == 200, r.text
        return r.json()


async def _pay_3ds_once(stack, c: httpx.AsyncClient, username: str, co: dict, pm: str) -> None:
    """Pay, answer the one challenge, report it: the order is paid."""
    token = co["order_token"]
    r = (await pay(c, username, token, pm)).json()
    assert (r["outcome"], r["payment_state"]) == ("requires_action", "payment_pending"), r
    await authenticate_3ds(stack, r["client_secret"], True)
    after = (await c.post(f"/v1/shop/{username}/orders/{token}/authenticated")).json()
    assert after["outcome"] == "succeeded", after


async def test_a_card_asks_for_3ds_once_and_is_saved_on_the_orders_customer(stack, shop):
    seller, product = shop
    async with client(stack) as c:
        co = await start_checkout(c, seller.username, product)
        assert co["deferred"] is False  # charged now: the page creates the card instead of the SetupIntent
        token = co["order_token"]
        pm = await created_card(stack, CARD_3DS)
        await _pay_3ds_once(stack, c, seller.username, co, pm)
        await wait_fulfilled(c, seller.username, token)

    # the only challenge was the payment's: no SetupIntent was made, the PaymentIntent made when the checkout
    # opened is the one that was paid, and paying confirmed it with the card
    assert co["setup_intent_client_secret"] is None
    prepared = await db_value("select prepared_intent_id from orders where token = :t", t=token)
    intent = await provider(stack, "payment_intents", prepared)
    assert (intent["status"], intent["payment_method"], intent["amount"]) == (
        "succeeded",
        pm,
        product["pricing_plans"][0]["price"],
    )
    assert await stripe_succeeded_charges(stack, token) == 1
    customer = await db_value("select provider_customer_id from orders where token = :t", t=token)
    assert (await provider(stack, "payment_methods", pm))["customer"] == customer


async def test_a_subscription_paid_with_one_challenge_renews_off_session_with_that_card(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "once-3ds")
        plan = {
            "name": "Weekly",
            "payment_type": "subscription",
            "price": 900,
            "period": "1w",
            "currency": "eur",
        }
        product = await published_product(c, seller, plan=plan)
        co = await start_checkout(
            c, seller.username, product, email=f"once-{uuid.uuid4().hex[:6]}@example.com"
        )
        assert co["deferred"] is False
        token = co["order_token"]
        pm = await created_card(stack, CARD_3DS_SET_UP_ONCE)
        await _pay_3ds_once(stack, c, seller.username, co, pm)

        # the card that paid rate 1 is the renewal method, saved on the order's customer
        await until(c, f"/v1/shop/{seller.username}/orders/{token}", None, lambda b: b["invoice_number"])
        assert await db_value("select renewal_payment_method from orders where token = :t", t=token) == pm
        customer = await db_value("select provider_customer_id from orders where token = :t", t=token)
        assert (await provider(stack, "payment_methods", pm))["customer"] == customer

        # a week of the compressed calendar later, rate 2 is charged off-session to it, without the payer
        sub = await until(
            c,
            f"/v1/cabinet/orders/{token}/subscription",
            seller.headers,
            lambda b: len(b["rates"]) > 1 and b["rates"][1]["state"] in ("paid", "unpaid", "failed"),
        )
        assert sub["rates"][1]["state"] == "paid", sub
        r = await c.post(
            f"/v1/cabinet/orders/{token}/subscription", json={"action": "cancel_now"}, headers=seller.headers
        )
        assert r.status_code == 202, r.text
    assert await stripe_succeeded_charges(stack, token) >= 2


async def test_declines_answer_in_words_and_another_card_pays_the_same_order(stack, shop):
    seller, product = shop
    async with client(stack) as c:
        co = await start_checkout(c, seller.username, product)
        token = co["order_token"]
        # refused when it is set up to be saved on the customer
        r = (await pay(c, seller.username, token, await created_card(stack, CARD_DECLINED_AT_SETUP))).json()
        assert (r["outcome"], r["payment_state"]) == ("failed", "payment_waiting"), r
        assert r["message"] == "Your card was declined."
        # saved, then refused when charged
        r = (await pay(c, seller.username, token, await created_card(stack, CARD_DECLINED_AT_CHARGE))).json()
        assert (r["outcome"], r["payment_state"]) == ("failed", "payment_waiting"), r
        assert "declined" in r["message"].lower()
        # the buyer's next card on the same page: the same order, renewSetup as the page calls it
        again = await c.post(f"/v1/shop/{seller.username}/orders/{token}/setup_intent")
        assert again.status_code == 201 and again.json()["deferred"] is False, again.text
        r = (await pay(c, seller.username, token, await created_card(stack, CARD_OK))).json()
        assert r["outcome"] == "succeeded", r
        await wait_fulfilled(c, seller.username, token)
        detail = (await c.get(f"/v1/cabinet/orders/{token}", headers=seller.headers)).json()
        states = [p["state"] for p in detail["payments"]]
        assert states.count("denied") == 2 and states[-1] == "successful", detail["payments"]
    assert await stripe_succeeded_charges(stack, token) == 1


async def test_a_deferred_order_keeps_the_setup_intent_as_its_only_challenge(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "once-trial")
        plan = {
            "name": "Two weeks free",
            "payment_type": "subscription",
            "price": 900,
            "period": "1m",
            "test_days": 14,
            "currency": "eur",
        }
        product = await published_product(c, seller, plan=plan)
        co = await start_checkout(c, seller.username, product)
        assert co["deferred"] is True  # nothing charged today: the page confirms the SetupIntent
        _stripe(stack)
        seti = co["setup_intent_client_secret"].split("_secret_")[0]
        card = {"number": CARD_3DS, "exp_month": 12, "exp_year": 2031, "cvc": "123"}

        def confirm() -> tuple[str, str]:
            first = stripe.SetupIntent.confirm(seti, payment_method_data={"type": "card", "card": card})
            done = stripe.SetupIntent.confirm(seti)  # the one challenge, answered
            return first.status, done.payment_method

        status, pm = await asyncio.to_thread(confirm)
        assert status == "requires_action"
        r = (await pay(c, seller.username, co["order_token"], pm)).json()
        assert (r["outcome"], r["payment_state"]) == ("succeeded", "paying"), r  # no second challenge
    assert await stripe_succeeded_charges(stack, co["order_token"]) == 0


async def test_a_card_of_another_payer_or_an_unknown_card_is_refused_in_words(stack, shop):
    """The pay endpoint takes a PaymentMethod id from the browser: one saved on another payer's customer is never
    moved to this order's, and an id the provider does not know is a failed attempt, not a server error."""
    seller, product = shop
    async with client(stack) as c:
        theirs = await start_checkout(c, seller.username, product)
        their_pm = await created_card(stack, CARD_OK)
        r = (await pay(c, seller.username, theirs["order_token"], their_pm)).json()
        assert r["outcome"] == "succeeded", r
        their_customer = (await provider(stack, "payment_methods", their_pm))["customer"]

        co = await start_checkout(c, seller.username, product)
        for pm in (their_pm, "pm_NoSuchCard0000"):
            res = await pay(c, seller.username, co["order_token"], pm)
            assert res.status_code == 200, res.text
            assert (res.json()["outcome"], res.json()["payment_state"]) == ("failed", "payment_waiting")
            assert res.json()["message"].startswith("This card cannot be used")
        assert (await provider(stack, "payment_methods", their_pm))["customer"] == their_customer
    assert await stripe_succeeded_charges(stack, co["order_token"]) == 0
