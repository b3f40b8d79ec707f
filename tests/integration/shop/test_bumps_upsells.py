"""Order bumps and upsells through the real stack: a bump ticked on the checkout page is its own order paid with
the main product's one charge, its own line on the invoice and its own ledger sale, delivered and refundable on
its own; an upsell on the thank-you page is charged once with the card that paid, however often it is clicked;
what a seller sets that cannot work is refused, and one seller cannot read another's offers."""

from __future__ import annotations

import asyncio
import io
import secrets

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
    refunds_settled,
    start_checkout,
    stripe_intents,
    until,
    wait_fulfilled,
)
from tests.integration.ledger.test_chargebacks import _dispute
from tests.integration.webhooks.test_stripe import signed

pytestmark = pytest.mark.integration


async def _offers(c, seller, product: dict, addons: list[dict], **options) -> dict:
    r = await c.put(
        f"/v1/cabinet/products/{product['id']}/addons",
        json={"addons": addons, **options},
        headers=seller.headers,
    )
    assert r.status_code == 200, r.text
    return r.json()


def _offer(product: dict, kind: str, **more) -> dict:
    return {
        "product_id": product["id"],
        "pricing_plan_id": product["pricing_plans"][0]["id"],
        "kind": kind,
        **more,
    }


async def _sale(token: str) -> int:
    return await db_value(
        "select coalesce(sum(e.amount), 0) from ledger_entries e join orders o on o.id = e.order_id "
        "where o.token = :t and e.kind = 'sale' and e.payee_type = 'seller'",
        t=token,
    )


async def test_a_bump_is_its_own_order_paid_with_one_charge_invoiced_booked_and_refunded_alone(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "bumps")
        h = seller.headers
        main = await published_product(c, seller, price=2500, name="Main guide")
        extra = await published_product(c, seller, price=900, name="Workbook")
        out = await _offers(
            c, seller, main, [_offer(extra, "bump", position="below_payer_details", title="Add the workbook")]
        )
        bump_id = out["addons"][0]["id"]
        shop = (await c.get(f"/v1/shop/{seller.username}/products/{main['slug']}")).json()
        assert [(b["id"], b["product_name"], b["price"], b["position"]) for b in shop["bumps"]] == [
            (bump_id, "Workbook", 900, "below_payer_details")
        ]
        price = await c.get(
            f"/v1/shop/{seller.username}/products/{main['slug']}/price",
            params={"pricing_plan_id": main["pricing_plans"][0]["id"], "bump_ids": str(bump_id)},
        )
        assert (price.json()["amount"], price.json()["bumps"]) == (3400, 900)

        co = await start_checkout(c, seller.username, main, extra={"bump_ids": [bump_id]})
        assert co["amount"] == 3400
        pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
        assert (await pay(c, seller.username, co["order_token"], pm)).json()["outcome"] == "succeeded"
        token = co["order_token"]
        done = await wait_fulfilled(c, seller.username, token)
        # one charge for both
        assert [pi["amount"] for pi in await stripe_intents(stack, token)] == [3400]
        [bump] = done["extras"]
        assert (bump["product_name"], bump["upsell_type"], bump["payment_state"]) == (
            "Workbook",
            "bump",
            "paid",
        )
        assert bump["download_url"]  # delivered like any order of its product
        assert (await c.get(bump["download_url"])).status_code == 200
        # each its own order and ledger sale
        assert (await _sale(token), await _sale(bump["token"])) == (2500, 900)
        seen = (await c.get(f"/v1/cabinet/orders/{bump['token']}", headers=h)).json()
        assert (seen["order_type"], seen["total"], seen["payment_state"]) == ("bump", 900, "paid")
        assert (seen["parent_token"], seen["upsell_type"]) == (token, "bump")
        assert seen["invoice"]["number"] == done["invoice_number"]  # a line of its order's invoice
        main_seen = (await c.get(f"/v1/cabinet/orders/{token}", headers=h)).json()
        assert [(x["token"], x["upsell_type"]) for x in main_seen["related"]] == [(bump["token"], "bump")]
        # one invoice, a line each, for the one charge
        pdf = await c.get(f"/v1/shop/{seller.username}/orders/{token}/invoices/{done['invoice_number']}/pdf")
        text = PdfReader(io.BytesIO(pdf.content)).pages[0].extract_text().replace("\u00a0", "")
        for line in ("Main guide 25.00€", "Workbook 9.00€", "Total 34.00€"):
            assert line in text, text

        # the bump refunded alone, from the one charge: the main product stays paid
        r = await c.post(f"/v1/cabinet/orders/{bump['token']}/refunds", json={"amount": 900, "reason": "Not needed"},
                         headers=h)  # fmt: skip
        assert r.status_code in (200, 201, 202), r.text
        await until(
            c, f"/v1/cabinet/orders/{bump['token']}", h, lambda o: o["payment_state"] == "payment_refunded"
        )
        await refunds_settled(c, h, bump["token"])  # the credit memo is a later step of the Refund workflow
        assert (await c.get(f"/v1/cabinet/orders/{token}", headers=h)).json()["payment_state"] == "paid"
        assert await _sale(bump["token"]) == 900  # the sale stays; the refund is booked beside it
        refunded = await db_value(
            "select coalesce(sum(e.amount), 0) from ledger_entries e join orders o on o.id = e.order_id "
            "where o.token = :t and e.kind = 'refund' and e.payee_type = 'seller'",
            t=bump["token"],
        )
        assert refunded == -900
        memo = await db_value(
            "select o2.number from invoices i join orders o on o.id = i.order_id "
            "join invoices o2 on o2.id = i.original_id where o.token = :t and i.form = 'reversal'",
            t=bump["token"],
        )
        assert memo == done["invoice_number"]  # the credit memo refers to the invoice the bump was a line of


async def test_an_upsell_is_charged_once_with_the_card_that_paid_however_often_it_is_clicked(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "upsells")
        main = await published_product(c, seller, price=2500, name="Course base")
        up = await published_product(c, seller, price=1500, name="Coaching call")
        down = await published_product(c, seller, price=500, name="Checklist")
        out = await _offers(
            c,
            seller,
            main,
            [_offer(up, "upsell"), _offer(down, "downsell")],
            upsell=True,
            upsell_title="One more?",
        )
        up_id = out["addons"][0]["id"]
        co = await start_checkout(c, seller.username, main)
        pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
        token = co["order_token"]
        base = f"/v1/shop/{seller.username}/orders/{token}"
        # before it is paid, nothing is offered and nothing can be bought
        r = await c.post(f"{base}/upsells", json={"addon_id": up_id})
        assert r.status_code == 409 and r.json()["reason"] == "upsell_unavailable"
        assert (await pay(c, seller.username, token, pm)).json()["outcome"] == "succeeded"
        done = await wait_fulfilled(c, seller.username, token)
        assert [o["product_name"] for o in done["upsells"]] == ["Coaching call"]
        assert [o["product_name"] for o in done["downsells"]] == ["Checklist"]
        assert done["upsell_title"] == "One more?"

        answers = await asyncio.gather(
            *(c.post(f"{base}/upsells", json={"addon_id": up_id}) for _ in range(4))
        )
        assert {a.status_code for a in answers} == {200}, [a.text for a in answers]
        assert {a.json()["outcome"] for a in answers} == {"succeeded"}
        [upsell_token] = {a.json()["order_token"] for a in answers}
        assert [pi["amount"] for pi in await stripe_intents(stack, upsell_token)] == [1500]
        assert [pi["amount"] for pi in await stripe_intents(stack, token)] == [
            2500
        ]  # the first charge untouched
        after = await wait_fulfilled(c, seller.username, upsell_token)
        assert after["invoice_number"] and after["download_url"]
        again = (await c.get(base)).json()
        assert [(x["product_name"], x["upsell_type"], x["payment_state"]) for x in again["extras"]] == [
            ("Coaching call", "upsell", "paid")
        ]
        assert again["upsells"] == [] and again["downsells"] == []  # bought: no downsell any more
        # another shop's address does not reach this order
        other = await new_seller(stack, c, "upsells-other", legitimate=False)
        r = await c.post(f"/v1/shop/{other.username}/orders/{token}/upsells", json={"addon_id": up_id})
        assert r.status_code == 404


async def test_a_bump_on_a_recurring_plan_rides_on_the_first_rate_only(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "bump-rates")
        h = seller.headers
        plan = {"name": "In 3 rates", "payment_type": "installment", "price": 5000, "next_amount": 2500,
                "payments_count": 3, "period": "1d", "currency": "eur"}  # fmt: skip
        main = await published_product(c, seller, name="Rated course", plan=plan)
        extra = await published_product(c, seller, price=1000, name="Templates")
        bump_id = (await _offers(c, seller, main, [_offer(extra, "bump")]))["addons"][0]["id"]
        co = await start_checkout(c, seller.username, main, extra={"bump_ids": [bump_id]})
        assert co["amount"] == 6000
        pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
        token = co["order_token"]
        assert (await pay(c, seller.username, token, pm)).json()["outcome"] == "succeeded"
        sub = await until(
            c, f"/v1/cabinet/orders/{token}/subscription", h, lambda b: b["phase"] == "ended", 90
        )
        assert [r["amount"] for r in sub["rates"]] == [5000, 2500, 2500]
        assert sorted(pi["amount"] for pi in await stripe_intents(stack, token)) == [2500, 2500, 6000]
        done = await wait_fulfilled(c, seller.username, token)
        assert [(x["product_name"], x["payment_state"]) for x in done["extras"]] == [("Templates", "paid")]


async def test_offers_that_cannot_work_are_refused_and_stay_the_sellers_own(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "bump-rules")
        main = await published_product(c, seller, price=2500, name="Main")
        extra = await published_product(c, seller, price=900, name="Extra")
        rec = await published_product(
            c, seller, name="Monthly",
            plan={"name": "Monthly", "payment_type": "subscription", "price": 900, "next_amount": 900,
                  "period": "1m", "currency": "eur"},
        )  # fmt: skip
        stranger = await new_seller(stack, c, "bump-rules-other")
        foreign = await published_product(c, stranger, price=900, name="Foreign")
        for addons, field, reason in [
            ([_offer(main, "bump")], "addons.0.product_id", "itself"),
            ([_offer(foreign, "bump")], "addons.0.product_id", "unknown_product"),
            ([_offer(rec, "bump")], "addons.0.pricing_plan_id", "bump_not_one_time"),
            ([_offer(extra, "downsell")], "addons.0.product_id", "downsell_without_upsell"),
            ([_offer(extra, "bump"), _offer(extra, "bump")], "addons.1.product_id", "duplicate"),
            ([{**_offer(extra, "bump"), "pricing_plan_id": rec["pricing_plans"][0]["id"]}],
             "addons.0.pricing_plan_id", "unknown_plan"),
        ]:  # fmt: skip
            r = await c.put(
                f"/v1/cabinet/products/{main['id']}/addons", json={"addons": addons}, headers=seller.headers
            )
            assert r.status_code == 400 and r.json()["reason"] == reason, (reason, r.text)
            assert field in r.json()["fields"], r.text
        assert (await c.get(f"/v1/cabinet/products/{main['id']}/addons", headers=seller.headers)).json()[
            "addons"
        ] == []
        await _offers(c, seller, main, [_offer(extra, "bump")])
        r = await c.get(f"/v1/cabinet/products/{main['id']}/addons", headers=stranger.headers)
        assert r.status_code == 404
        r = await c.put(
            f"/v1/cabinet/products/{main['id']}/addons", json={"addons": []}, headers=stranger.headers
        )
        assert r.status_code == 404
        # a bump that is not offered cannot be ticked
        r = await c.post(
            f"/v1/shop/{seller.username}/products/{main['slug']}/checkout",
            json={"pricing_plan_id": main["pricing_plans"][0]["id"], "bump_ids": [999999], "withdrawal_consent": True,
                  "payer": {"email": "b@example.com", "first_name": "B", "last_name": "C"}},
        )  # fmt: skip
        assert r.status_code == 400 and "bump_ids" in r.json()["fields"]


async def test_a_dispute_of_the_one_charge_takes_back_the_order_and_its_bump_with_one_fee(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "bump-dispute")
        h = seller.headers
        main = await published_product(c, seller, price=2500, name="Disputed guide")
        extra = await published_product(c, seller, price=900, name="Disputed workbook")
        bump_id = (await _offers(c, seller, main, [_offer(extra, "bump")]))["addons"][0]["id"]
        co = await start_checkout(c, seller.username, main, extra={"bump_ids": [bump_id]})
        pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
        token = co["order_token"]
        assert (await pay(c, seller.username, token, pm)).json()["outcome"] == "succeeded"
        done = await wait_fulfilled(c, seller.username, token)
        bump = done["extras"][0]["token"]
        [intent] = [pi["id"] for pi in await stripe_intents(stack, token)]
        dispute = f"dp_{secrets.token_hex(6)}"
        created = _dispute("created", dispute, intent, "needs_response", 3400)
        for _ in range(2):  # delivered twice: booked once
            body, headers = signed(created)
            assert (await c.post("/v1/webhooks/stripe", content=body, headers=headers)).status_code == 200
        for t in (token, bump):
            detail = (await c.get(f"/v1/cabinet/orders/{t}", headers=h)).json()
            assert detail["payment_state"] == "payment_chargebacked", t
            assert await _ledger(t) == 0
        taken = await db_value(
            "select coalesce(sum(e.amount), 0) from ledger_entries e join orders o on o.id = e.order_id "
            "where o.token in (:a, :b) and e.payee_type = 'seller' and e.kind in ('chargeback', 'chargeback_fee')",
            a=token,
            b=bump,
        )
        assert taken == -(3400 + 1500)  # the whole charge and one dispute fee
        body, headers = signed(_dispute("closed", dispute, intent, "won", 3400))
        assert (await c.post("/v1/webhooks/stripe", content=body, headers=headers)).status_code == 200
        for t in (token, bump):
            assert (await c.get(f"/v1/cabinet/orders/{t}", headers=h)).json()["payment_state"] == "paid"
            assert await _ledger(t) == 0


async def _ledger(token: str) -> int:
    return await db_value(
        "select coalesce(sum(e.amount), 0) from ledger_entries e join orders o on o.id = e.order_id "
        "where o.token = :t",
        t=token,
    )


async def test_where_the_product_allows_it_the_bumps_are_bought_alone(stack):
    """mainProductRequired off: a buyer unticks the product and takes two bumps; the first is the order, the second
    its bump, paid with one charge. Where the product requires itself, leaving it out is refused."""
    async with client(stack) as c:
        seller = await new_seller(stack, c, "bumps-alone")
        main = await published_product(c, seller, price=2500, name="Optional main")
        a = await published_product(c, seller, price=900, name="Bump A")
        b = await published_product(c, seller, price=500, name="Bump B")
        offers = [_offer(a, "bump"), _offer(b, "bump")]
        ids = [x["id"] for x in (await _offers(c, seller, main, offers))["addons"]]
        base = f"/v1/shop/{seller.username}/products/{main['slug']}"
        payer = {"email": "alone@example.com", "first_name": "A", "last_name": "Lone"}
        body = {
            "pricing_plan_id": main["pricing_plans"][0]["id"],
            "withdrawal_consent": True,
            "payer": payer,
            "bump_ids": ids,
            "main_product": False,
        }
        r = await c.post(f"{base}/checkout", json=body)
        assert (
            r.status_code == 400 and "main_product" in r.json()["fields"]
        )  # required until the seller says not
        assert (await _offers(c, seller, main, offers, main_product_required=False))[
            "main_product_required"
        ] is False
        assert (await c.get(base)).json()["main_product_required"] is False
        r = await c.post(f"{base}/checkout", json={**body, "bump_ids": []})
        assert r.status_code == 400 and "bump_ids" in r.json()["fields"]
        price = await c.get(f"{base}/price", params={"pricing_plan_id": body["pricing_plan_id"],
                                                      "bump_ids": f"{ids[0]},{ids[1]}", "main_product": "false"})  # fmt: skip
        assert price.status_code == 200 and price.json()["amount"] == 1400, price.text
        co = await start_checkout(c, seller.username, main, extra={"bump_ids": ids, "main_product": False})
        assert co["amount"] == 1400
        pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
        token = co["order_token"]
        assert (await pay(c, seller.username, token, pm)).json()["outcome"] == "succeeded"
        done = await wait_fulfilled(c, seller.username, token)
        assert done["product_name"] == "Bump A" and done["total"] == 900
        assert [(x["product_name"], x["payment_state"]) for x in done["extras"]] == [("Bump B", "paid")]
        assert [pi["amount"] for pi in await stripe_intents(stack, token)] == [1400]
