"""The money path end to end: real API, Temporal, PostgreSQL, localstripe and mail catcher."""

from __future__ import annotations

import asyncio
import secrets

import pytest

from domain.workflow_ids import checkout_id
from tests.integration.helpers import (
    CARD_3DS,
    CARD_DECLINED_AT_CHARGE,
    CARD_DECLINED_AT_SETUP,
    CARD_OK,
    authenticate_3ds,
    card_payment_method,
    client,
    db_count,
    db_execute,
    db_until,
    pay,
    start_checkout,
    stripe_succeeded_charges,
    wait_fulfilled,
    wait_mail,
)

pytestmark = pytest.mark.integration


async def test_paid_checkout_fulfils_the_order(stack, shop, temporal):
    seller, product = shop
    async with client(stack) as c:
        co = await start_checkout(c, seller.username, product, email="paying.buyer@example.com")
        pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
        r = await pay(c, seller.username, co["order_token"], pm)
        assert r.status_code == 200, r.text
        assert r.json()["outcome"] == "succeeded"
        # the checkout workflow's own answer, once every step of fulfilment has run
        result = await temporal.get_workflow_handle(checkout_id(co["order_token"])).result()
        assert result == "paid"
        done = (await c.get(f"/v1/shop/{seller.username}/orders/{co['order_token']}")).json()
        assert done["payment_state"] == "paid" and done["download_url"] and done["invoice_number"]
        assert done["seller_name"] == "Sam Seller"  # the thank-you page keeps the shop's name
        download = await c.get(done["download_url"])
        assert download.status_code == 200 and download.content == b"%PDF guide"
        # the seller sees it as paid, with its invoice, balance entry and the finished workflow
        detail = (await c.get(f"/v1/cabinet/orders/{co['order_token']}", headers=seller.headers)).json()
        assert detail["payment_state"] == "paid" and detail["paid"] == 1990
        assert detail["invoice"]["number"] == done["invoice_number"]
        assert detail["transfer"]["amount"] == 1990 and detail["transfer"]["form"] == "sale"
        assert [p["state"] for p in detail["payments"]][-1] == "successful"
        assert detail["workflow"]["workflow_id"] == f"checkout-{co['order_token']}"
        assert detail["workflow"]["temporal_ui_url"] is None  # the Temporal UI is for managers
        states = {s["key"]: s["state"] for s in detail["workflow"]["progress"]["steps"]}
        assert set(states.values()) == {"done"}, states
        listed = (
            await c.get(
                "/v1/cabinet/orders", params={"filters[payment_state][]": "paid"}, headers=seller.headers
            )
        ).json()
        assert co["order_token"] in [o["token"] for o in listed["list"]]
    payer_mail = await wait_mail(stack, "paying.buyer@example.com", "Your order")
    assert done["download_url"] in payer_mail["body"]
    await wait_mail(stack, seller.email, "New sale")


async def test_invoice_numbers_are_gapless_per_seller(stack, shop):
    seller, product = shop
    async with client(stack) as c:
        tokens = []
        for _ in range(3):
            co = await start_checkout(c, seller.username, product)
            pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
            assert (await pay(c, seller.username, co["order_token"], pm)).json()["outcome"] == "succeeded"
            tokens.append(co["order_token"])
        numbers = [(await wait_fulfilled(c, seller.username, t))["invoice_number"] for t in tokens]
    seller_id = await db_count(
        "select s.id from sellers s join users u on u.id = s.user_id where u.email = :e", e=seller.email
    )
    all_numbers = await db_count("select count(*) from invoices where seller_id = :s", s=seller_id)
    top = await db_count("select max(number) from invoices where seller_id = :s", s=seller_id)
    assert top == all_numbers, "invoice numbers have a gap"
    assert numbers == sorted(numbers) and len(set(numbers)) == 3


async def test_declined_card_shows_reason_and_leaves_no_paid_order(stack, shop):
    seller, product = shop
    async with client(stack) as c:
        co = await start_checkout(c, seller.username, product)
        pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_DECLINED_AT_CHARGE)
        r = (await pay(c, seller.username, co["order_token"], pm)).json()
        assert r["outcome"] == "failed" and r["message"] == "Your card was declined."
        status = (await c.get(f"/v1/shop/{seller.username}/orders/{co['order_token']}")).json()
        assert status["payment_state"] != "paid" and status["download_url"] is None
        detail = (await c.get(f"/v1/cabinet/orders/{co['order_token']}", headers=seller.headers)).json()
        assert detail["paid"] == 0 and detail["invoice"] is None and detail["transfer"] is None
        assert detail["payments"][-1]["state"] == "denied"
        # the buyer can try again with another card in the same checkout
        pm2 = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
        assert (await pay(c, seller.username, co["order_token"], pm2)).json()["outcome"] == "succeeded"
        await wait_fulfilled(c, seller.username, co["order_token"])


async def test_a_card_that_cannot_be_saved_declines_the_payment_and_nothing_is_charged(stack, shop):
    """The checkout's PaymentIntent saves the paying card for the offers and rates to come: a card the bank will
    not set up declines it, in words, before any money moves."""
    seller, product = shop
    async with client(stack) as c:
        co = await start_checkout(c, seller.username, product)
        assert (
            co["setup_intent_client_secret"] is None
        )  # charged today: no SetupIntent, the PaymentIntent is made
        pm = await card_payment_method(stack, None, CARD_DECLINED_AT_SETUP)
        r = (await pay(c, seller.username, co["order_token"], pm)).json()
        assert (r["outcome"], r["payment_state"], r["message"]) == (
            "failed",
            "payment_waiting",
            "Your card was declined.",
        )
    assert await stripe_succeeded_charges(stack, co["order_token"]) == 0


async def test_another_card_on_the_same_checkout_page_keeps_one_order(stack, shop):
    """Declined when saved, declined when charged, then paid: one order for the whole page, paid once."""
    seller, product = shop
    email = f"one-order-{secrets.token_hex(3)}@example.com"
    async with client(stack) as c:
        co = await start_checkout(c, seller.username, product, email=email)
        token = co["order_token"]
        pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_DECLINED_AT_SETUP)
        r = (await pay(c, seller.username, token, pm)).json()
        assert r["outcome"] == "failed" and "declined" in r["message"]
        again = await c.post(f"/v1/shop/{seller.username}/orders/{token}/setup_intent")
        assert again.status_code == 201 and again.json()["order_token"] == token, again.text
        pm = await card_payment_method(
            stack, again.json()["setup_intent_client_secret"], CARD_DECLINED_AT_CHARGE
        )
        r = (await pay(c, seller.username, token, pm)).json()
        assert r["outcome"] == "failed" and "declined" in r["message"]
        third = (await c.post(f"/v1/shop/{seller.username}/orders/{token}/setup_intent")).json()
        pm = await card_payment_method(stack, third["setup_intent_client_secret"], CARD_OK)
        assert (await pay(c, seller.username, token, pm)).json()["outcome"] == "succeeded"
        await wait_fulfilled(c, seller.username, token)
        # the order is over: no further card for it
        late = await c.post(f"/v1/shop/{seller.username}/orders/{token}/setup_intent")
        assert late.status_code == 409 and late.json()["error"] == "CONFLICT"
        # the seller sees one order, with the declined attempt and its reason in the payments log
        listed = (await c.get("/v1/cabinet/orders", params={"query": email}, headers=seller.headers)).json()
        assert [o["token"] for o in listed["list"]] == [token]
        detail = (await c.get(f"/v1/cabinet/orders/{token}", headers=seller.headers)).json()
        states = [(p["state"], p["message"]) for p in detail["payments"]]
        assert ("denied", "Your card was declined.") in states and states[-1][0] == "successful", states
        assert [s for s, _ in states].count("denied") == 2
    assert await stripe_succeeded_charges(stack, token) == 1


@pytest.mark.parametrize("success", [True, False])
async def test_three_d_secure_both_answers(stack, shop, success):
    seller, product = shop
    async with client(stack) as c:
        co = await start_checkout(c, seller.username, product)
        token = co["order_token"]
        pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_3DS)
        r = (await pay(c, seller.username, token, pm)).json()
        assert r["outcome"] == "requires_action" and r["client_secret"]
        assert r["payment_state"] == "payment_pending"
        await authenticate_3ds(stack, r["client_secret"], success)
        after = (await c.post(f"/v1/shop/{seller.username}/orders/{token}/authenticated")).json()
        if success:
            assert after["outcome"] == "succeeded"
            await wait_fulfilled(c, seller.username, token)
        else:
            assert after["outcome"] == "failed" and after["payment_state"] == "payment_waiting"
            status = (await c.get(f"/v1/shop/{seller.username}/orders/{token}")).json()
            assert status["payment_state"] == "payment_waiting"


async def test_three_d_secure_learned_from_webhook_alone(stack, shop):
    """The browser never reports back; the signed webhook signals the workflow, which asks Stripe."""
    seller, product = shop
    async with client(stack) as c:
        co = await start_checkout(c, seller.username, product)
        pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_3DS)
        r = (await pay(c, seller.username, co["order_token"], pm)).json()
        await authenticate_3ds(stack, r["client_secret"], True)
        done = await wait_fulfilled(c, seller.username, co["order_token"], timeout=30)
        assert done["payment_state"] == "paid"


async def test_repeated_and_concurrent_pay_requests_charge_once(stack, shop):
    seller, product = shop
    async with client(stack) as c:
        co = await start_checkout(c, seller.username, product)
        pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
        results = await asyncio.gather(*(pay(c, seller.username, co["order_token"], pm) for _ in range(5)))
        assert {r.json()["outcome"] for r in results} == {"succeeded"}
        again = (await pay(c, seller.username, co["order_token"], pm)).json()
        assert again["outcome"] == "succeeded"
        await wait_fulfilled(c, seller.username, co["order_token"])
    t = co["order_token"]
    assert (
        await db_count(
            "select count(*) from payment_intents pi join orders o on o.id = pi.order_id where o.token = :t",
            t=t,
        )
        == 1
    )
    assert (
        await db_count(
            "select count(*) from payments p join orders o on o.id = p.order_id "
            "where o.token = :t and p.state = 'successful'",
            t=t,
        )
        == 1
    )
    # the sale's transfer is booked by a step after fulfilment: wait for it, then there is exactly one
    sales = "select count(*) from transfers where idempotency_key = :k"
    assert await db_until(sales, k=f"order-{t}-sale") == 1
    assert await stripe_succeeded_charges(stack, t) == 1


async def test_another_card_while_three_d_secure_waits_cancels_the_waiting_attempt(stack, shop):
    """The buyer abandons the 3-D Secure challenge and pays with another card in the same checkout: the
    waiting attempt is cancelled first, so only the second card is charged."""
    seller, product = shop
    async with client(stack) as c:
        co = await start_checkout(c, seller.username, product)
        token = co["order_token"]
        pm_3ds = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_3DS)
        first = (await pay(c, seller.username, token, pm_3ds)).json()
        assert first["outcome"] == "requires_action"
        again = (await pay(c, seller.username, token, pm_3ds)).json()  # the same card: the same challenge
        assert again["outcome"] == "requires_action" and again["client_secret"] == first["client_secret"]
        pm_ok = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
        second = (await pay(c, seller.username, token, pm_ok)).json()
        assert second["outcome"] == "succeeded"
        await wait_fulfilled(c, seller.username, token)
        # the abandoned challenge can no longer take money: localstripe refuses it, the intent is canceled
        await authenticate_3ds(stack, first["client_secret"], True, expect_status=400)
    assert await stripe_succeeded_charges(stack, token) == 1
    assert (
        await db_count(
            "select count(*) from payment_intents pi join orders o on o.id = pi.order_id where o.token = :t",
            t=token,
        )
        == 2
    )
    assert (
        await db_count(
            "select count(*) from payments p join orders o on o.id = p.order_id "
            "where o.token = :t and p.message = 'Replaced by a new payment attempt.'",
            t=token,
        )
        == 1
    )


async def test_a_pay_request_racing_the_end_of_its_checkout_gets_an_answer_not_a_500(stack, shop):
    """The request read the order before the checkout ended; its workflow is closed when the update arrives."""
    seller, product = shop
    async with client(stack) as c:
        co = await start_checkout(c, seller.username, product)
        token = co["order_token"]
        pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
        assert (await pay(c, seller.username, token, pm)).json()["outcome"] == "succeeded"
        await wait_fulfilled(c, seller.username, token)
        await _workflow_closed(stack, token)
        # replay the race: the order still looks open to the request when it reaches the closed workflow
        await db_execute("update orders set payment_state = 'payment_pending' where token = :t", t=token)
        try:
            r = await pay(c, seller.username, token, pm)
        finally:
            await db_execute("update orders set payment_state = 'paid' where token = :t", t=token)
        assert r.status_code == 409 and r.json()["error"] == "CONFLICT", r.text
    assert await stripe_succeeded_charges(stack, token) == 1


async def _workflow_closed(stack, token: str) -> None:
    from temporalio.client import Client

    temporal = await Client.connect(f"127.0.0.1:{stack.ports.temporal}")
    await temporal.get_workflow_handle(checkout_id(token)).result()


async def test_a_checkout_request_run_again_after_its_process_died_opens_no_second_order(stack, shop):
    """The API process that opened a checkout died before it kept its answer (its key's claim then lapses): the
    buyer's browser sends the request again with the same Idempotency-Key, and gets the same order, which pays."""
    seller, product = shop
    plan = product["pricing_plans"][0]["id"]
    email = f"again-{secrets.token_hex(3)}@example.com"
    body = {
        "pricing_plan_id": plan,
        "payer": {"email": email, "first_name": "Al", "last_name": "Again"},
        "withdrawal_consent": True,
    }
    url = f"/v1/shop/{seller.username}/products/{product['slug']}/checkout"
    key = {"Idempotency-Key": f"open-{secrets.token_hex(8)}"}
    async with client(stack) as c:
        first = await c.post(url, json=body, headers=key)
        assert first.status_code == 201, first.text
        # what a process killed before answering leaves: the order, and no kept answer for the key
        await db_execute("delete from idempotent_requests where key = :k", k=key["Idempotency-Key"])
        again = await c.post(url, json=body, headers=key)
        assert again.status_code == 201, again.text
        assert again.json()["order_token"] == first.json()["order_token"]
        assert (again.json()["amount"], again.json()["currency"]) == (first.json()["amount"], "eur")
        assert await db_count("select count(*) from orders where payer_email = :e", e=email) == 1
        # another key is another checkout
        other = await c.post(url, json=body, headers={"Idempotency-Key": f"open-{secrets.token_hex(8)}"})
        assert other.json()["order_token"] != first.json()["order_token"]
        token = first.json()["order_token"]
        pm = await card_payment_method(stack, again.json()["setup_intent_client_secret"], CARD_OK)
        assert (await pay(c, seller.username, token, pm)).json()["outcome"] == "succeeded"
        assert (await wait_fulfilled(c, seller.username, token))["payment_state"] == "paid"
