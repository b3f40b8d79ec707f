"""Invoices and credit memos in the cabinet: listed with their forms and the invoice a memo reverses, each
downloadable as PDF by its seller only."""

from __future__ import annotations

from tests.einvoice_rules import broken_rules
from tests.integration.helpers import (
    CARD_OK,
    card_payment_method,
    client,
    db_execute,
    new_seller,
    paid_order,
    pay,
    published_product,
    refunds_settled,
    seller_id_of,
    start_checkout,
    wait_fulfilled,
    wait_mail,
)


async def test_invoice_and_credit_memo_listed_and_as_pdf(stack):
    async with client(stack) as c:
        order = await paid_order(stack, c, "invoices")
        h, token = order.seller.headers, order.token
        r = await c.post(
            f"/v1/cabinet/orders/{token}/refunds", json={"amount": 500, "reason": "Late"}, headers=h
        )
        assert r.status_code == 202
        await refunds_settled(c, h, token)
        rows = (await c.get("/v1/cabinet/invoices", params={"sort_dir": "asc"}, headers=h)).json()["list"]
        assert [(x["number"], x["form"], x["total"], x["original_number"]) for x in rows] == [
            (1, "regular", 2500, None),
            (2, "reversal", -500, 1),
        ]
        memos = (
            await c.get("/v1/cabinet/invoices", params={"filters[form][]": "reversal"}, headers=h)
        ).json()
        assert [x["number"] for x in memos["list"]] == [2]
        for row, name in ((rows[0], "invoice-1.pdf"), (rows[1], "credit-memo-2.pdf")):
            pdf = await c.get(f"/v1/cabinet/invoices/{row['id']}/pdf", headers=h)
            assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
            assert (
                pdf.headers["content-type"] == "application/pdf"
                and name in pdf.headers["content-disposition"]
            )
        other = await paid_order(stack, c, "invoices-other")
        assert (
            await c.get(f"/v1/cabinet/invoices/{rows[0]['id']}/pdf", headers=other.seller.headers)
        ).status_code == 404
        assert [
            x["number"]
            for x in (await c.get("/v1/cabinet/invoices", headers=other.seller.headers)).json()["list"]
        ] == [1]


async def test_the_buyer_downloads_the_invoice_and_credit_memo_of_the_order(stack):
    async with client(stack) as c:
        order = await paid_order(stack, c, "buyer-pdf")
        h, token, user = order.seller.headers, order.token, order.seller.username
        await c.post(
            f"/v1/cabinet/orders/{token}/refunds", json={"amount": 100, "reason": "Goodwill"}, headers=h
        )
        await refunds_settled(c, h, token)
        for number in (
            1,
            2,
        ):  # the invoice and its credit memo, without signing in: the order token is the key
            r = await c.get(f"/v1/shop/{user}/orders/{token}/invoices/{number}/pdf")
            assert r.status_code == 200 and r.content.startswith(b"%PDF")
        assert (await c.get(f"/v1/shop/{user}/orders/{token}/invoices/3/pdf")).status_code == 404
        assert (await c.get(f"/v1/shop/someone-else/orders/{token}/invoices/1/pdf")).status_code == 404
        assert (await c.get(f"/v1/shop/{user}/orders/{'0' * 20}/invoices/1/pdf")).status_code == 404


async def test_fifty_invoices_finalised_at_once_are_numbered_without_gaps(stack):
    """Fifty paid orders of one seller finalise their invoices at the same moment, each twice: numbers 2..51, each
    once, no gap."""
    import asyncio as aio

    from sqlalchemy import text

    from store.db import session
    from store.orders.actions import invoice_issued

    async with client(stack) as c:
        order = await paid_order(stack, c, "gapless")
    async with session() as s:
        seller_id, product_id, plan = (
            await s.execute(
                text("select seller_id, product_id, pricing_plan_name from orders where token = :t"),
                {"t": order.token},
            )
        ).one()
        tokens = [f"gapless{i:02d}{order.token[:10]}" for i in range(50)]
        for tk in tokens:
            await s.execute(
                text(
                    "insert into orders (token, seller_id, product_id, product_name, pricing_plan_id, pricing_plan_name, "
                    "payment_state, payment_form, period_type, total, paid, currency_key, payer_email, payer_first_name, "
                    "payer_last_name, setup_attempts, created_at, updated_at) "
                    "select :tk, seller_id, product_id, product_name, pricing_plan_id, pricing_plan_name, 'paid', "
                    "payment_form, period_type, total, paid, currency_key, payer_email, payer_first_name, payer_last_name, "
                    "1, now(), now() from orders where token = :t"
                ),
                {"tk": tk, "t": order.token},
            )

    # each finalised twice at once (a retried activity racing the first run): one invoice each, no number lost
    numbers = await aio.gather(*(invoice_issued(tk) for tk in tokens + tokens))
    assert numbers[:50] == numbers[50:]
    assert sorted(numbers[:50]) == list(range(2, 52))  # the first order has invoice 1
    async with session() as s:
        all_numbers = (
            (
                await s.execute(
                    text("select number from invoices where seller_id = :s order by number"), {"s": seller_id}
                )
            )
            .scalars()
            .all()
        )
    assert list(all_numbers) == list(range(1, 52))
    assert product_id and plan


async def _document(seller_id: int, invoice_id: int):
    from store.db import session
    from store.orders.invoices import invoice_document

    async with session() as s:
        return await invoice_document(s, seller_id, invoice_id)


async def test_vat_of_the_buyers_country_kept_and_a_correction_replaces_the_buyer(stack):
    """A VAT payer sells to a buyer in France: the invoice charges French VAT (One-Stop-Shop). The seller's later
    change of VAT status leaves it as it was; a correction cancels it with a credit memo and issues a corrected
    invoice with the new buyer block and the new country's VAT, each referring to the original."""
    from domain.orders.invoices import VatKind, vat_lines
    from store.db import session
    from store.ledger.exports import export_source

    async with client(stack) as c:
        seller = await new_seller(stack, c, "vat")
        sid = await seller_id_of(c, seller)
        await db_execute(
            "update seller_profiles set vat_payer = true, vat_exempt_reason = null, vat_id = 'DE123456789' "
            "where seller_id = :s",
            s=sid,
        )
        product = await published_product(c, seller)
        co = await start_checkout(c, seller.username, product, country="FR")
        pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
        assert (await pay(c, seller.username, co["order_token"], pm)).json()["outcome"] == "succeeded"
        await wait_fulfilled(c, seller.username, co["order_token"])
        h = seller.headers
        [first] = (await c.get("/v1/cabinet/invoices", headers=h)).json()["list"]
        doc = await _document(sid, first["id"])
        assert (doc.vat.kind, doc.vat.rate_bp, doc.vat.country) == (VatKind.eu_oss, 2000, "FR")
        assert vat_lines(doc) == [("net", None, 2083), ("vat", 2000, 417)]
        assert doc.seller_vat_id == "DE123456789" and doc.buyer_country == "FR"

        await db_execute(
            "update seller_profiles set vat_payer = false, vat_exempt_reason = 'small_business', "
            "company = 'Renamed GmbH' where seller_id = :s",
            s=sid,
        )
        assert await _document(sid, first["id"]) == doc  # a finalised invoice never changes

        bad = [
            {"buyer_lines": []},
            {"buyer_lines": ["x"] * 7},
            {"buyer_lines": ["x" * 201]},
            {"buyer_lines": ["Bea"], "buyer_country": "FRA"},
            {"buyer_lines": ["Bea"], "extra": 1},
        ]
        for body in bad:
            r = await c.post(f"/v1/cabinet/invoices/{first['id']}/correction", json=body, headers=h)
            assert r.status_code == 400, (body, r.text)
        other = await new_seller(stack, c, "vat-other", legitimate=False)
        r = await c.post(
            f"/v1/cabinet/invoices/{first['id']}/correction",
            json={"buyer_lines": ["Mallory"]},
            headers=other.headers,
        )
        assert r.status_code == 404

        lines = ["Bea Buyer", "Buyer Kft.", "Andrássy út 1", "1061 Budapest"]
        r = await c.post(
            f"/v1/cabinet/invoices/{first['id']}/correction",
            json={"buyer_lines": lines, "buyer_country": "hu"},
            headers=h,
        )
        assert r.status_code == 201, r.text
        assert (r.json()["reversal_number"], r.json()["corrected_number"]) == (2, 3)
        rows = (await c.get("/v1/cabinet/invoices", params={"sort_dir": "asc"}, headers=h)).json()["list"]
        assert [(x["number"], x["form"], x["state"], x["total"], x["original_number"]) for x in rows] == [
            (1, "regular", "canceled", 2500, None),
            (2, "reversal", "issued", -2500, 1),
            (3, "corrected", "paid", 2500, 1),
        ]
        corrected = await _document(sid, r.json()["corrected_id"])
        assert corrected.buyer_lines == lines and corrected.buyer_country == "HU"
        assert corrected.vat.rate_bp == 2700
        assert corrected.seller_lines == doc.seller_lines  # the issuer as on the original
        memo = await _document(sid, rows[1]["id"])
        assert memo.vat == doc.vat and memo.total == -2500 and memo.original_number == 1
        for invoice_id in (first["id"], rows[1]["id"]):  # corrected already; a credit memo is not corrected
            r = await c.post(
                f"/v1/cabinet/invoices/{invoice_id}/correction", json={"buyer_lines": ["Bea"]}, headers=h
            )
            assert r.status_code == 409, r.text
        pdf = await c.get(f"/v1/cabinet/invoices/{rows[2]['id']}/pdf", headers=h)
        assert pdf.status_code == 200 and "invoice-3.pdf" in pdf.headers["content-disposition"]

    async with session() as s:
        source = await export_source(s, sid, doc.issued_at.strftime("%Y-%m"))
    assert [(n, total, account) for n, _, total, _, account in source.invoices] == [
        (1, 2500, "8320"),
        (2, -2500, "8320"),
        (3, 2500, "8320"),
    ]


async def test_a_business_buyer_gets_a_german_reverse_charge_invoice_with_its_e_invoice(stack):
    """A buyer from Austria buys as a business, in German: the invoice names both parties with their addresses and
    VAT ids, the date of supply, net and the reverse-charge note (§ 14 (4), § 13b UStG), in German; the PDF carries
    its EN 16931 e-invoice, valid against the Factur-X schema. A VAT id that is not the buyer's country's, or
    without a company, is refused and starts nothing."""
    import io
    import json
    from pathlib import Path

    import drafthorse
    from lxml import etree
    from pypdf import PdfReader

    async with client(stack) as c:
        seller = await new_seller(stack, c, "b2b")
        sid = await seller_id_of(c, seller)
        await db_execute(
            "update seller_profiles set vat_payer = true, vat_exempt_reason = null, vat_id = 'DE123456789' "
            "where seller_id = :s",
            s=sid,
        )
        product = await published_product(c, seller)
        plan = product["pricing_plans"][0]
        url = f"/v1/shop/{seller.username}/products/{product['slug']}/checkout"
        base = {"email": "einkauf@example.at", "first_name": "Bea", "last_name": "Buyer", "country": "AT"}
        for extra, field in (
            ({"vat_id": "ATU13585627"}, "vat_id"),  # no company
            ({"vat_id": "FR40303265045", "company": "Buyer GmbH"}, "vat_id"),  # another country's
            ({"vat_id": "ATU13585628", "company": "Buyer GmbH"}, "vat_id"),  # wrong check digit
        ):
            r = await c.post(
                url,
                json={"pricing_plan_id": plan["id"], "payer": {**base, **extra}, "withdrawal_consent": True},
            )
            assert r.status_code == 400 and field in json.dumps(r.json()["fields"]), r.text
        business = {
            "company": "Buyer GmbH",
            "vat_id": "atu 13585627",
            "street": "Ringstraße",
            "street_number": "2",
            "zip": "1010",
            "city": "Wien",
            "locale": "de",
        }
        co = await start_checkout(
            c, seller.username, product, email=base["email"], country="AT", payer=business
        )
        pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
        assert (await pay(c, seller.username, co["order_token"], pm)).json()["outcome"] == "succeeded"
        await wait_fulfilled(c, seller.username, co["order_token"])
        [inv] = (await c.get("/v1/cabinet/invoices", headers=seller.headers)).json()["list"]
        doc = await _document(sid, inv["id"])
        assert doc.vat.kind == "reverse_charge" and doc.vat.rate_bp is None
        assert doc.buyer_vat_id == "ATU13585627" and doc.locale == "de"
        assert doc.buyer_lines[:4] == ["Buyer GmbH", "Bea Buyer", "Ringstraße 2", "1010 Wien"]

        r = await c.get(f"/v1/cabinet/invoices/{inv['id']}/pdf", headers=seller.headers)
        assert r.status_code == 200
        pdf = PdfReader(io.BytesIO(r.content))
        text = pdf.pages[0].extract_text()
        for words in (
            "Rechnung Nr. 1",
            "Rechnungsdatum:",
            "Leistungsdatum:",
            "Buyer GmbH",
            "Ringstraße 2",
            "1010 Wien",
            "Österreich",
            "USt-IdNr. DE123456789",
            "USt-IdNr. des Leistungsempfängers ATU13585627",
            "Steuerschuldnerschaft des Leistungsempfängers",
            "Gesamt",
        ):
            assert words in text, (words, text)
        assert "Invoice" not in text and "Total" not in text  # one language per document
        # the buyer's confirmation mail speaks the buyer's language, with the price as they write it
        mail = await wait_mail(stack, base["email"], "Deine Bestellung")
        assert "Hallo Bea" in mail["body"] and "Your order" not in mail["subject"]

        xml = pdf.attachments["factur-x.xml"][0]
        xsd = Path(drafthorse.__file__).parent / "schema" / "Factur-X_1.0.07_EN16931.xsd"
        schema = etree.XMLSchema(etree.parse(str(xsd)))
        root = etree.fromstring(xml)
        assert schema.validate(root), schema.error_log
        assert broken_rules(xml) == []  # the EN 16931 business rules
        ns = {"ram": "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"}
        assert root.findtext(".//ram:ApplicableTradeTax/ram:CategoryCode", namespaces=ns) == "AE"
        assert root.findtext(".//ram:BuyerTradeParty/ram:SpecifiedTaxRegistration/ram:ID", namespaces=ns) == (
            "ATU13585627"
        )
        assert root.findtext(".//ram:GrandTotalAmount", namespaces=ns) == "25.00"
        buyer = root.find(".//ram:BuyerTradeParty", namespaces=ns)
        assert buyer.findtext("ram:Name", namespaces=ns) == "Buyer GmbH"
        address = buyer.find("ram:PostalTradeAddress", namespaces=ns)
        assert [
            address.findtext(f"ram:{x}", namespaces=ns) for x in ("PostcodeCode", "LineOne", "CityName")
        ] == [
            "1010",
            "Ringstraße 2",
            "Wien",
        ]
        assert address.findtext("ram:CountryID", namespaces=ns) == "AT"

        # the buyer downloads the same document with the order's token
        r = await c.get(f"/v1/shop/{seller.username}/orders/{co['order_token']}/invoices/1/pdf")
        assert (
            r.status_code == 200
            and "Leistungsdatum" in PdfReader(io.BytesIO(r.content)).pages[0].extract_text()
        )


async def test_a_net_price_is_paid_with_the_vat_the_buyers_invoice_carries(stack):
    """A VAT-paying seller prices a plan net (useNetPrice): a buyer in Germany is shown and charged 10.00 + 19 %
    = 11.90 and the invoice states net 10.00; a business in Austria with its VAT id pays 10.00 (reverse charge);
    a buyer in France pays 10.00 + 20 %. The price the pay button shows is the one charged."""
    async with client(stack) as c:
        seller = await new_seller(stack, c, "netprice")
        sid = await seller_id_of(c, seller)
        await db_execute(
            "update seller_profiles set vat_payer = true, vat_exempt_reason = null, vat_id = 'DE123456789', "
            "country_code = 'DE' where seller_id = :s",
            s=sid,
        )
        plan = {
            "name": "Net",
            "payment_type": "one_time",
            "price": 1000,
            "currency": "eur",
            "use_net_price": True,
        }
        product = await published_product(c, seller, plan=plan)
        plan_id = product["pricing_plans"][0]["id"]
        url = f"/v1/shop/{seller.username}/products/{product['slug']}/price"
        for query, amount, vat, kind in (
            ({"country": "DE"}, 1190, 190, "domestic"),
            ({"country": "FR"}, 1200, 200, "eu_oss"),
            ({"country": "AT", "vat_id": "ATU13585627", "company": "Buyer GmbH"}, 1000, 0, "reverse_charge"),
            ({"country": "US"}, 1000, 0, "third_country"),
        ):
            r = await c.get(url, params={"pricing_plan_id": plan_id, **query})
            assert r.status_code == 200, r.text
            p = r.json()
            assert (p["amount"], p["vat"], p["net"], p["vat_kind"], p["net_price"]) == (
                amount,
                vat,
                1000,
                kind,
                True,
            )
        for bad in (
            {"pricing_plan_id": 0},
            {"pricing_plan_id": plan_id, "country": "ZZ"},
            {"pricing_plan_id": "x"},
        ):
            assert (await c.get(url, params=bad)).status_code == 400
        r = await c.get(url, params={"pricing_plan_id": plan_id, "country": "AT", "vat_id": "FR40303265045"})
        assert r.status_code == 400 and "vat_id" in r.json()["fields"]

        co = await start_checkout(c, seller.username, product, country="DE")
        assert co["amount"] == 1190
        pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
        assert (await pay(c, seller.username, co["order_token"], pm)).json()["outcome"] == "succeeded"
        await wait_fulfilled(c, seller.username, co["order_token"])
        [inv] = (await c.get("/v1/cabinet/invoices", headers=seller.headers)).json()["list"]
        assert inv["total"] == 1190
        doc = await _document(sid, inv["id"])
        from domain.orders.invoices import vat_lines

        assert vat_lines(doc) == [("net", None, 1000), ("vat", 1900, 190)]

        # a business buyer's invoice names their address (§ 14 (4) Nr. 1 UStG)
        business = {
            "company": "Buyer GmbH",
            "vat_id": "ATU13585627",
            "street": "Ring 2",
            "zip": "1010",
            "city": "Wien",
        }
        co = await start_checkout(c, seller.username, product, country="AT", payer=business)
        assert co["amount"] == 1000
