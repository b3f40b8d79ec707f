"""Invoice documents in the buyer's language with what § 14 (4) UStG asks, and their EN 16931 e-invoice valid
against the Factur-X schema and the EN 16931 business rules (the CEN Schematron) for every shape the product
writes: each VAT case, credit memos, corrected invoices, coupons, bumps, pay later and every currency; the
XRechnung beside it; the PDF as PDF/A-3."""

from __future__ import annotations

import io
import re
from datetime import UTC, date, datetime
from pathlib import Path

import drafthorse
import pytest
from lxml import etree
from pypdf import PdfReader

from domain.money import SUPPORTED_CURRENCIES, format_money
from domain.orders.invoices import (
    InvoiceDocument,
    InvoiceLine,
    InvoiceSnapshot,
    VatKind,
    bump_line,
    discount_line,
    vat_treatment,
)
from providers.documents.einvoice import einvoice_xml
from providers.documents.invoice_pdf import WORDS, country_name, line_text, render, vat_note
from tests.einvoice_rules import broken_rules, xrechnung_gaps
from tests.pdfa import pdfa3_faults

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
    assert broken_rules(xml) == []
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


VAT_CASES = {
    "domestic": {},
    "eu_oss": {"buyer_country": "FR"},
    "reverse_charge": {"buyer_country": "AT", "buyer_vat_id": "ATU13585627"},
    "third_country": {"buyer_country": "US"},
    "third_country_business": {"buyer_country": "CH", "buyer_vat_id": "CHE-123.456.788"},
    "exempt": {"vat_payer": False, "exempt_reason": "small_business"},
}
PAY_BY = {"due": "2026-12-08", "holder": "Sellflow Payments", "iban": "DE89 3704 0044 0532 0130 00",
          "bic": "COBADEFFXXX", "reference": "SF-TOK123"}  # fmt: skip


def shape(vat: str, form: str, currency: str = "eur", extras: tuple[str, ...] = ()) -> InvoiceDocument:
    """An invoice of the given VAT case and form, with a coupon, a bump or paid later among `extras`."""
    sign = -1 if form == "reversal" else 1
    extra = ([discount_line(2033, "SPRING")] if "coupon" in extras else []) + (
        [bump_line(1999, "Workbook")] if "bump" in extras else []
    )
    base = document(form=form, **VAT_CASES[vat])
    snap = InvoiceSnapshot([], [], "Yoga", base.vat, line_kind="sale", line_facts={"product": "Yoga"},
                           extra_lines=extra)  # fmt: skip
    return InvoiceDocument(
        **{
            **base.__dict__,
            "currency": currency,
            "lines": snap.lines(sign * 12345),
            "original_number": 11 if form in ("reversal", "corrected") else None,
            "pay_by": PAY_BY if "pay_later" in extras else {},
        }
    )


SHAPES = [
    *[(vat, form, "eur", ()) for vat in VAT_CASES for form in ("regular", "reversal", "corrected")],
    *[(vat, "regular", "eur", ("coupon", "bump")) for vat in VAT_CASES],
    *[(vat, "reversal", "eur", ("coupon", "bump")) for vat in VAT_CASES],
    *[(vat, "regular", "eur", ("pay_later", "coupon")) for vat in VAT_CASES],
    *[("domestic", "regular", cur, ("coupon",)) for cur in SUPPORTED_CURRENCIES],
    *[("third_country", "regular", cur, ("bump",)) for cur in ("usd", "gbp", "chf")],
]


@pytest.mark.parametrize(("vat", "form", "currency", "extras"), SHAPES)
def test_every_invoice_shape_passes_the_en16931_business_rules(
    vat: str, form: str, currency: str, extras: tuple[str, ...]
):
    doc = shape(vat, form, currency, extras)
    xml = einvoice_xml(doc)
    assert xml is not None
    assert etree.XMLSchema(etree.parse(str(XSD))).validate(etree.fromstring(xml))
    assert broken_rules(xml) == []
    root = etree.fromstring(xml)
    assert root.findtext(".//ram:InvoiceCurrencyCode", namespaces=NS) == currency.upper()
    if vat.startswith("third_country"):  # not subject to VAT: no rate, no VAT id of either party
        assert root.find(".//ram:RateApplicablePercent", namespaces=NS) is None
        assert root.find(".//ram:SpecifiedTaxRegistration/ram:ID[@schemeID='VA']", namespaces=NS) is None
    if "pay_later" in extras:  # the credit transfer, the due date and what is due
        assert root.findtext(".//ram:PayeePartyCreditorFinancialAccount/ram:IBANID", namespaces=NS) == (
            "DE89370400440532013000"
        )
        assert root.findtext(".//ram:DuePayableAmount", namespaces=NS) == root.findtext(
            ".//ram:GrandTotalAmount", namespaces=NS
        )
        assert root.findtext(".//ram:PaymentReference", namespaces=NS) == "SF-TOK123"


def test_a_rule_the_invoice_breaks_is_reported():
    """The rules really run: a document whose totals disagree is refused by BR-CO-15."""
    xml = einvoice_xml(shape("domestic", "regular")) or b""
    wrong = xml.replace(b"<ram:GrandTotalAmount>123.45", b"<ram:GrandTotalAmount>999.99")
    assert wrong != xml
    assert any(rule.startswith("BR-CO-15") for rule in broken_rules(wrong))


@pytest.mark.parametrize("vat", ["domestic", "reverse_charge", "exempt"])
def test_the_xrechnung_carries_the_leitweg_id_and_the_sellers_contact(vat: str):
    doc = InvoiceDocument(
        **{
            **shape(vat, "regular", extras=("pay_later",)).__dict__,
            "seller_contact": {"name": "Dana Demo", "phone": "+4930123456", "email": "dana@example.com"},
            "buyer_email": "einkauf@stadt.example",
            "buyer_reference": "991-01234-44",
        }
    )
    xml = einvoice_xml(doc, xrechnung=True)
    assert xml is not None
    assert broken_rules(xml, xrechnung=True) == [] and xrechnung_gaps(xml) == []
    root = etree.fromstring(xml)
    assert root.findtext(".//ram:BuyerReference", namespaces=NS) == "991-01234-44"
    assert xrechnung_gaps(einvoice_xml(doc) or b"") != []  # the Factur-X one is no XRechnung


@pytest.mark.parametrize("vat", ["domestic", "reverse_charge"])
def test_a_platform_invoice_with_fees_given_back_passes_the_rules(vat: str):
    """The month's fees less those given back with refunds: the negative line is an allowance (an item's price is
    never negative, BR-27), the month the invoicing period, its last day the date of supply."""
    fees = {"period": "2026-02", "sales": 3}
    lines = [
        InvoiceLine("Platform fees 2026-02 (3 sales)", 123, "platform_fees", fees),
        InvoiceLine("Fees given back with refunds and chargebacks", -25, "fees_returned", {}),
    ]
    doc = InvoiceDocument(**{**document(**VAT_CASES[vat]).__dict__, "form": "platform", "lines": lines,
                             "supplied_on": None})  # fmt: skip
    xml = einvoice_xml(doc) or b""
    assert broken_rules(xml) == []
    root = etree.fromstring(xml)
    assert root.findtext(".//ram:BillingSpecifiedPeriod/ram:EndDateTime/*", namespaces=NS) == "20260228"
    assert root.findtext(".//ram:SpecifiedTradeAllowanceCharge/ram:Reason", namespaces=NS) == lines[1].text


@pytest.mark.parametrize("locale", ["en", "de"])
@pytest.mark.parametrize("vat", ["domestic", "third_country"])
def test_the_invoice_pdf_is_a_pdf_a_3_carrying_its_e_invoice(locale: str, vat: str):
    doc = InvoiceDocument(**{**shape(vat, "regular", extras=("coupon",)).__dict__, "locale": locale})
    pdf = render(doc)
    assert pdfa3_faults(pdf) == []
    assert PdfReader(io.BytesIO(pdf)).attachments["factur-x.xml"][0] == einvoice_xml(doc)


def test_the_pdf_a_checks_find_what_a_plain_pdf_lacks():
    """A plain PDF (a document from before, without its e-invoice) is no PDF/A: the checks say why."""
    old = InvoiceDocument(**{**document().__dict__, "seller_country": None})
    faults = pdfa3_faults(render(old))
    assert any(f.startswith("6.6.2") for f in faults)


def test_every_language_has_every_word_of_an_invoice():
    from domain.languages import BUYER_LANGUAGES

    assert set(WORDS) == set(BUYER_LANGUAGES)
    for lang, words in WORDS.items():
        assert words.keys() == WORDS["en"].keys(), lang
        for key, text in words.items():  # the same facts in every language
            assert set(re.findall(r"\{(\w+)\}", text)) == set(re.findall(r"\{(\w+)\}", WORDS["en"][key])), (
                lang,
                key,
            )


@pytest.mark.parametrize(
    ("locale", "says"),
    [("fr", ["Facture n° 12", "Date de livraison", "TVA 19 %", "Autriche"]), ("pl", ["Faktura nr 12", "Razem"]),
     ("el", ["Τιμολόγιο αρ. 12", "Σύνολο"]), ("ko", ["청구서 번호 12", "합계"]), ("tr", ["Fatura no. 12", "Toplam"])],
)  # fmt: skip
def test_the_invoice_reads_in_the_buyers_language_and_stays_a_pdf_a_3(locale: str, says: list[str]):
    doc = InvoiceDocument(**{**document(locale).__dict__, "buyer_country": "AT"})
    pdf = render(doc)
    text = PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    for w in says:
        assert w in text, (w, text)
    assert "Invoice" not in text and pdfa3_faults(pdf) == []


def test_an_arabic_invoice_is_written_right_to_left_with_its_letters_joined():
    pdf = render(document("ar"))
    assert pdfa3_faults(pdf) == []
    text = PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    assert "فاتورة" in text or "ةروتاف" in text  # the shaped word (readers differ in the order they extract)
