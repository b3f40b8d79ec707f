"""A public buyer's XRechnung: a city buys with its Leitweg-ID; the buyer (by the order's key) and the seller
download the invoice as an XRechnung that passes the EN 16931 business rules and carries what XRechnung asks
(the Leitweg-ID as buyer reference, the seller's contact, both parties' e-mail addresses). A Leitweg-ID that is
none, or one without the authority's name, is refused and starts nothing."""

from __future__ import annotations

import json

from lxml import etree

from tests.einvoice_rules import NS, broken_rules, xrechnung_gaps
from tests.integration.helpers import (
    CARD_OK,
    card_payment_method,
    client,
    db_execute,
    new_seller,
    pay,
    published_product,
    seller_id_of,
    start_checkout,
    wait_fulfilled,
)

LEITWEG_ID = "04011000-1234512345-06"


async def test_a_public_buyer_downloads_its_invoice_as_an_xrechnung(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "xr")
        sid = await seller_id_of(c, seller)
        await db_execute(
            "update seller_profiles set vat_payer = true, vat_exempt_reason = null, vat_id = 'DE123456789' "
            "where seller_id = :s",
            s=sid,
        )
        product = await published_product(c, seller)
        plan = product["pricing_plans"][0]
        url = f"/v1/shop/{seller.username}/products/{product['slug']}/checkout"
        base = {
            "email": "rechnung@musterhausen.example",
            "first_name": "Rita",
            "last_name": "Amt",
            "country": "DE",
        }
        orders_before = (await c.get("/v1/cabinet/orders", headers=seller.headers)).json()["total_count"]
        for extra in (
            {"leitweg_id": LEITWEG_ID},  # no authority named
            {"leitweg_id": "04011000-1234512345-07", "company": "Stadt Musterhausen"},  # wrong check digits
            {"leitweg_id": "<script>", "company": "Stadt Musterhausen"},
        ):
            r = await c.post(
                url,
                json={"pricing_plan_id": plan["id"], "payer": {**base, **extra}, "withdrawal_consent": True},
            )
            assert r.status_code == 400 and "leitweg_id" in json.dumps(r.json()["fields"]), r.text
        assert (await c.get("/v1/cabinet/orders", headers=seller.headers)).json()[
            "total_count"
        ] == orders_before

        authority = {"company": "Stadt Musterhausen", "leitweg_id": LEITWEG_ID.lower(), "street": "Markt",
                     "street_number": "1", "zip": "12345", "city": "Musterhausen"}  # fmt: skip
        co = await start_checkout(
            c, seller.username, product, email=base["email"], country="DE", payer=authority
        )
        pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
        assert (await pay(c, seller.username, co["order_token"], pm)).json()["outcome"] == "succeeded"
        await wait_fulfilled(c, seller.username, co["order_token"])

        r = await c.get(f"/v1/shop/{seller.username}/orders/{co['order_token']}/invoices/1/xrechnung")
        assert r.status_code == 200 and r.headers["content-type"].startswith("application/xml")
        assert 'filename="xrechnung-1.xml"' in r.headers["content-disposition"]
        assert broken_rules(r.content, xrechnung=True) == [] and xrechnung_gaps(r.content) == []
        root = etree.fromstring(r.content)
        assert root.findtext(".//ram:BuyerReference", namespaces=NS) == LEITWEG_ID
        assert root.findtext(".//ram:BuyerTradeParty/ram:Name", namespaces=NS) == "Stadt Musterhausen"
        assert (
            root.findtext(".//ram:BuyerTradeParty/ram:URIUniversalCommunication/ram:URIID", namespaces=NS)
            == (base["email"])
        )
        contact = root.find(".//ram:SellerTradeParty/ram:DefinedTradeContact", namespaces=NS)
        assert (
            contact.findtext(".//ram:CompleteNumber", namespaces=NS) == "+493012345678"
        )  # E.164, as the profile keeps it

        [inv] = (await c.get("/v1/cabinet/invoices", headers=seller.headers)).json()["list"]
        mine = await c.get(f"/v1/cabinet/invoices/{inv['id']}/xrechnung", headers=seller.headers)
        assert mine.status_code == 200 and mine.content == r.content
        # another seller finds neither; another order's key finds nothing
        other = await new_seller(stack, c, "xr-other")
        assert (
            await c.get(f"/v1/cabinet/invoices/{inv['id']}/xrechnung", headers=other.headers)
        ).status_code == 404
        assert (
            await c.get(f"/v1/shop/{seller.username}/orders/{'0' * 20}/invoices/1/xrechnung")
        ).status_code == 404
