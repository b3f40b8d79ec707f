"""Invoice documents in the buyer's language with what § 14 (4) UStG asks, and their EN 16931 e-invoice valid
against the Factur-X schema for every VAT case and for credit memos."""

from __future__ import annotations

import io
from datetime import UTC, date, datetime
from pathlib import Path

import drafthorse
import pytest
from lxml import etree
from pypdf import PdfReader

from domain.money import format_money
from domain.orders.invoices import (
    InvoiceDocument,
    InvoiceLine,
    InvoiceSnapshot,
    VatKind,
    discount_line,
    vat_treatment,
)
from providers.documents.einvoice import einvoice_xml
from providers.documents.invoice_pdf import WORDS, country_name, line_text, render, vat_note

XSD = Path(drafthorse.__file__).parent / "schema" / "Factur-X_1.0.07_EN16931.xsd"
NS = {"ram": "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"}


def document(locale: str = "en", form: str = "regular", total: int = 11900, **vat_args) -> InvoiceDocument:
    args = {
        "vat_payer": True,
        "exempt_reason": None,
        "seller_country": "DE",
        "buyer_country": "DE",
    } | vat_args
    return InvoiceDocument(
        number=12,
        form=form,
        issued_at=datetime(2026, 11, 24, 10, 0, tzinfo=UTC),
        currency="eur",
        seller_lines=["Dana Demo GmbH", "Hauptstraße 1", "10115 Berlin"],
        buyer_lines=["Bea Buyer", "Ring 2", "1010 Wien", "bea@example.com"],
        lines=[
            InvoiceLine("Yoga", total, "rate", {"product": "Yoga", "rate": 2, "of": 12, "due": "2026-12-01"})
        ],
        vat=vat_treatment(**args),
        locale=locale,
        supplied_on=date(2026, 11, 24),
        seller_country="DE",
        buyer_country=args["buyer_country"],
        seller_vat_id="DE123456789",
        buyer_vat_id=args.get("buyer_vat_id"),
        order_token="tok123",
        original_number=11 if form == "reversal" else None,
        seller_address={"street": "Hauptstraße 1", "zip": "10115", "city": "Berlin"},
        buyer_address={"street": "Ring 2", "zip": "1010", "city": "Wien"},
    )


def test_both_languages_have_every_word():
    assert WORDS["en"].keys() == WORDS["de"].keys()


def test_lines_notes_and_countries_read_in_the_documents_language():
    de = document("de")
    assert line_text(de.lines[0], "de") == "Yoga, Rate 2 von 12 (fällig am 01.12.2026)"
    assert line_text(de.lines[0], "en") == "Yoga, rate 2 of 12 (due 01.12.2026)"
    assert line_text(InvoiceLine("as written", 100), "de") == "as written"  # a document from before
    assert country_name("AT", "de") == "Österreich" and country_name("AT", "en") == "Austria"
    exempt = document("de", vat_payer=False, exempt_reason="small_business")
    assert "§ 19 UStG" in (vat_note(exempt) or "") and "Kleinunternehmer" in (vat_note(exempt) or "")
    rc = document("en", buyer_country="AT", buyer_vat_id="ATU13585627")
    assert rc.vat.kind == VatKind.reverse_charge and "§ 13b UStG" in (vat_note(rc) or "")
    oss = document("de", buyer_country="FR")
    assert vat_note(oss) == (
        "Umsatzsteuer von Frankreich nach dem EU-One-Stop-Shop-Verfahren (elektronische Dienstleistung an einen "
        "Verbraucher)."
    )


@pytest.mark.parametrize("locale", ["en", "de"])
def test_the_pdf_carries_what_an_invoice_must_say_in_one_language(locale: str):
    doc = document(locale)
    text = PdfReader(io.BytesIO(render(doc))).pages[0].extract_text()
    words = {
        "en": [
            "Invoice no. 12",
            "Date: 24.11.2026",
            "Date of supply: 24.11.2026",
            "Net",
            "VAT 19 %",
            "Total",
        ],
        "de": [
            "Rechnung Nr. 12",
            "Rechnungsdatum: 24.11.2026",
            "Leistungsdatum: 24.11.2026",
            "Netto",
            "USt. 19 %",
        ],
    }[locale]
    for w in [*words, "Dana Demo GmbH", "Hauptstraße 1", "DE123456789", "Bea Buyer", "1010 Wien", "119"]:
        assert w in text, (w, text)
    other = "de" if locale == "en" else "en"
    assert WORDS[other]["total"] not in text


@pytest.mark.parametrize(
    ("vat_args", "category", "tax"),
    [
        ({}, "S", "19.00"),
        ({"buyer_country": "FR"}, "S", "19.83"),  # French VAT under the One-Stop-Shop: 20 % of 99.17
        ({"buyer_country": "AT", "buyer_vat_id": "ATU13585627"}, "AE", "0.00"),
        ({"buyer_country": "US"}, "O", "0.00"),
        ({"vat_payer": False, "exempt_reason": "small_business"}, "E", "0.00"),
    ],
)
@pytest.mark.parametrize("form", ["regular", "reversal"])
def test_every_e_invoice_is_valid_against_the_en16931_schema(
    vat_args: dict, category: str, tax: str, form: str
):
    doc = document(form=form, total=-11900 if form == "reversal" else 11900, **vat_args)
    xml = einvoice_xml(doc)
    assert xml is not None
    root = etree.fromstring(xml)
    schema = etree.XMLSchema(etree.parse(str(XSD)))
    assert schema.validate(root), schema.error_log
    assert root.findtext(".//ram:ApplicableTradeTax/ram:CategoryCode", namespaces=NS) == category
    assert root.findtext(".//ram:TaxTotalAmount", namespaces=NS) == tax
    assert root.findtext(".//ram:GrandTotalAmount", namespaces=NS) == "119.00"  # a credit note: positive
    type_code = root.findtext(".//{*}ExchangedDocument/{*}TypeCode")
    assert type_code == ("381" if form == "reversal" else "380")
    seller = root.find(".//ram:SellerTradeParty", namespaces=NS)
    assert seller.findtext("ram:PostalTradeAddress/ram:CityName", namespaces=NS) == "Berlin"
    assert seller.findtext("ram:PostalTradeAddress/ram:LineOne", namespaces=NS) == "Hauptstraße 1"
    # embedded in the PDF as factur-x.xml
    assert PdfReader(io.BytesIO(render(doc))).attachments["factur-x.xml"][0] == xml


def test_a_document_from_before_stays_a_plain_pdf():
    doc = document()
    old = InvoiceDocument(**{**doc.__dict__, "seller_country": None})
    assert einvoice_xml(old) is None
    assert not PdfReader(io.BytesIO(render(old))).attachments


@pytest.mark.parametrize("form", ["regular", "reversal"])
@pytest.mark.parametrize("locale", ["en", "de"])
def test_a_coupon_is_its_own_discount_line_and_an_allowance_of_the_e_invoice(locale: str, form: str):
    """A €119.00 sale with €20.33 off by coupon SPRING: the PDF lists the price and the discount, the e-invoice
    states the list price as its line and the discount as a document allowance, the sums agreeing to the cent."""
    sign = -1 if form == "reversal" else 1
    snap = InvoiceSnapshot([], [], "Yoga", vat_treatment(True, None, "DE", "DE"), line_kind="sale",
                           line_facts={"product": "Yoga"}, extra_lines=[discount_line(2033, "SPRING")])  # fmt: skip
    lines = snap.lines(sign * 9867)
    assert [x.amount for x in lines] == [sign * 11900, sign * -2033]
    doc = InvoiceDocument(**{**document(locale, form).__dict__, "lines": lines})
    text = PdfReader(io.BytesIO(render(doc))).pages[0].extract_text()
    label = {"en": "Discount (coupon SPRING)", "de": "Rabatt (Gutschein SPRING)"}[locale]
    money = [format_money(a, "eur", locale) for a in (sign * 11900, sign * -2033, sign * 9867)]
    for w in (f"Yoga {money[0]}", f"{label} {money[1]}", money[2]):
        assert w.replace("\u00a0", "") in text.replace("\u00a0", ""), (w, text)
    root = etree.fromstring(einvoice_xml(doc))
    assert etree.XMLSchema(etree.parse(str(XSD))).validate(root)
    total = root.find(".//ram:SpecifiedTradeSettlementHeaderMonetarySummation", namespaces=NS)

    def amount(tag: str) -> str:
        return total.findtext(f"ram:{tag}", namespaces=NS)

    # 119.00 gross is 100.00 net; 98.67 gross is 82.92 net; so the allowance is 17.08 net
    assert (amount("LineTotalAmount"), amount("AllowanceTotalAmount")) == ("100.00", "17.08")
    assert (amount("TaxBasisTotalAmount"), amount("GrandTotalAmount")) == ("82.92", "98.67")
    assert root.findtext(".//ram:SpecifiedTradeAllowanceCharge/ram:Reason", namespaces=NS) == "Coupon SPRING"
    item_nets = root.findall(".//ram:IncludedSupplyChainTradeLineItem//ram:LineTotalAmount", namespaces=NS)
    assert [x.text for x in item_nets] == ["100.00"]


@pytest.mark.parametrize(
    ("locale", "says"),
    [
        ("en", "by 08.12.2026 to Sellflow Payments, IBAN DE89370400440532013000"),
        ("de", "bis zum 08.12.2026 an Sellflow Payments, IBAN DE89370400440532013000"),
    ],
)
def test_an_invoice_paid_later_says_by_when_where_and_with_which_reference(locale: str, says: str):
    pay_by = {"due": "2026-12-08", "holder": "Sellflow Payments", "iban": "DE89370400440532013000",
              "bic": "COBADEFFXXX", "reference": "SF-TOK123"}  # fmt: skip
    doc = InvoiceDocument(**{**document(locale).__dict__, "pay_by": pay_by})
    text = " ".join(PdfReader(io.BytesIO(render(doc))).pages[0].extract_text().split())
    assert says in text and "SF-TOK123." in text
    assert "SF-TOK123" not in " ".join(
        PdfReader(io.BytesIO(render(document(locale)))).pages[0].extract_text().split()
    )
