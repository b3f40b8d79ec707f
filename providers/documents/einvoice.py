"""Each invoice as an EN 16931 e-invoice (ZUGFeRD 2 / Factur-X, profile EN 16931): the UN/CEFACT Cross Industry
Invoice XML built with `drafthorse`, checked against the standard's XSD when it is serialised, and embedded in the
invoice PDF with PDF/A-3 metadata (German B2B invoices are electronic from 2027). The same invoice as an XRechnung
(the German CIUS of EN 16931, CII syntax) for public buyers: with their Leitweg-ID as the buyer reference, the
seller's contact and both parties' electronic addresses.

The tests run the EN 16931 business rules (the CEN Schematron as Factur-X publishes it for its EN 16931 profile) on
every shape this module writes: a line or breakdown "not subject to VAT" carries no rate, and such an invoice no
VAT id of either party (BR-O-02, BR-O-05, BR-O-08); an invoice paid later carries the credit transfer, the due date
and what is due (BR-CO-25, BR-61).

VAT categories (EN 16931 code list 5305): S standard rate (the seller's country, or the buyer's under the
One-Stop-Shop), AE reverse charge, O not subject to VAT in the EU (a service to a customer outside it), E exempt
(with the exemption's reason)."""

from __future__ import annotations

from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any, TypeVar

from drafthorse.models.accounting import ApplicableTradeTax, CategoryTradeTax, TradeAllowanceCharge
from drafthorse.models.document import Document
from drafthorse.models.note import IncludedNote
from drafthorse.models.party import TaxRegistration
from drafthorse.models.payment import PaymentMeans, PaymentTerms
from drafthorse.models.tradelines import LineItem
from drafthorse.xmp_schema import XMP_SCHEMA

from domain.money import exponent
from domain.orders.invoices import InvoiceDocument, VatKind, vat_of_gross

PROFILE = "urn:cen.eu:en16931:2017"
XRECHNUNG = "urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0"
SCHEMA = "FACTUR-X_EN16931"
LEVEL = "EN 16931"
XML_NAME = "factur-x.xml"
PRODUCER = "Sellflow"
TYPE_CODES = {"regular": "380", "reversal": "381", "corrected": "384", "platform": "380"}
CATEGORY = {
    VatKind.domestic: "S",
    VatKind.eu_oss: "S",
    VatKind.reverse_charge: "AE",
    VatKind.third_country: "O",
    VatKind.exempt: "E",
}
EXEMPTION = {
    VatKind.reverse_charge: ("VATEX-EU-AE", "Reverse charge"),
    VatKind.third_country: ("VATEX-EU-O", "Not subject to VAT"),
    VatKind.exempt: ("VATEX-EU-132", "Exempt from VAT"),
}


def _amount(minor: int, currency: str) -> Decimal:
    """Minor units as a decimal amount (no floats): 2500 EUR → Decimal('25.00')."""
    return Decimal(minor).scaleb(-exponent(currency)).quantize(Decimal(1).scaleb(-max(exponent(currency), 2)))


def _party(
    party,
    lines: list[str],
    address: dict[str, str],
    country: str | None,
    vat_id: str | None,
    tax_no: str | None,
    email: str | None = None,
) -> None:
    """A trade party: its name (the first line: company or person), its address fields, country, tax id and
    electronic address (an e-mail address, scheme EM)."""
    party.name = lines[0] if lines else "-"
    if address.get("street"):
        party.address.line_one = address["street"]
    if address.get("zip"):
        party.address.postcode = address["zip"]
    if address.get("city"):
        party.address.city_name = address["city"]
    party.address.country_id = (country or "DE").upper()
    if vat_id:
        party.tax_registrations.add(TaxRegistration(id=("VA", vat_id)))
    elif tax_no:
        party.tax_registrations.add(TaxRegistration(id=("FC", tax_no)))
    if email:
        party.electronic_address.uri_ID = ("EM", email)


T = TypeVar("T", bound=Any)


def _taxed(tax: T, category: str, percent: Decimal | None) -> T:
    """A line's, an allowance's or the breakdown's VAT: its category, and its rate unless it has none (O)."""
    tax.type_code = "VAT"
    tax.category_code = category
    if percent is not None:
        tax.rate_applicable_percent = percent
    return tax


def _seller_identifier(doc: InvoiceDocument, outside: bool) -> str | None:
    """BT-29, for a seller whose VAT id the invoice may not carry (not subject to VAT) or who has none: the buyer
    still identifies them (BR-CO-26) by their VAT id or tax number, else their name."""
    if doc.seller_vat_id and not outside:
        return None
    return doc.seller_vat_id or doc.seller_tax_no or (doc.seller_lines[0] if doc.seller_lines else None)


def einvoice_xml(doc: InvoiceDocument, xrechnung: bool = False) -> bytes | None:
    """The document's CII XML, valid against the Factur-X EN 16931 schema (drafthorse raises otherwise); None for
    documents finalised before invoices carried their parties' countries (they stay plain PDFs). `xrechnung`:
    the same invoice as an XRechnung (its specification id, the buyer reference, the seller's contact and the
    parties' electronic addresses)."""
    if doc.seller_country is None:
        return None
    cur = doc.currency.upper()
    sign = -1 if doc.form == "reversal" else 1  # a credit note states its amounts as positive
    gross = sign * doc.total
    rate = doc.vat.rate_bp
    tax = vat_of_gross(gross, rate) if rate is not None else 0
    net = gross - tax
    category = CATEGORY[doc.vat.kind]
    # "not subject to VAT" names no rate and neither party's VAT id (BR-O-02, -05, -06, -08)
    outside = category == "O"
    percent = None if outside else Decimal(rate or 0) / 100

    d = Document()
    d.context.guideline_parameter.id = XRECHNUNG if xrechnung else PROFILE
    d.header.id = str(doc.number)
    d.header.type_code = TYPE_CODES.get(doc.form, "380")
    d.header.issue_date_time = doc.issued_at.date()
    if doc.original_number is not None:
        d.header.notes.add(IncludedNote(content=f"Refers to invoice {doc.original_number}"))
    if doc.order_token:
        d.trade.agreement.buyer_order.issuer_assigned_id = doc.order_token
    if xrechnung:  # BT-10: the public buyer's Leitweg-ID, else the order (BR-DE-15 asks for one)
        d.trade.agreement.buyer_reference = doc.buyer_reference or doc.order_token or str(doc.number)
    seller, buyer = d.trade.agreement.seller, d.trade.agreement.buyer
    contact = doc.seller_contact
    _party(
        seller,
        doc.seller_lines,
        doc.seller_address,
        doc.seller_country,
        None if outside else doc.seller_vat_id,
        doc.seller_tax_no,
        contact.get("email") if xrechnung else None,
    )
    seller.id = _seller_identifier(doc, outside)
    if xrechnung:  # BG-6 (BR-DE-2, -5, -6, -7)
        seller.contact.person_name = contact.get("name") or (doc.seller_lines[0] if doc.seller_lines else "-")
        seller.contact.telephone.number = contact.get("phone") or ""
        seller.contact.email.address = contact.get("email") or ""
    buyer_country = doc.buyer_country or doc.seller_country
    _party(
        buyer,
        doc.buyer_lines,
        doc.buyer_address,
        buyer_country,
        None if outside else doc.buyer_vat_id,
        None,
        doc.buyer_email if xrechnung else None,
    )
    # the date of supply (BT-72), or a platform invoice's month (BG-14) ending on it
    period = _period(doc)
    if period is not None:
        d.trade.settlement.period.start, d.trade.settlement.period.end = period
    d.trade.delivery.event.occurrence = doc.supplied_on or (period[1] if period else doc.issued_at.date())

    def net_of(g: int) -> int:
        return g - (vat_of_gross(g, rate) if rate is not None else 0)

    # a coupon's discount (or fees given back) is a document-level allowance (BG-20): an item's price is never
    # negative (BR-27); the items' nets are rounded each, and the largest takes the cent that rounding leaves, so
    # BR-CO-10 and BR-CO-13 hold exactly
    items = [line for line in doc.lines if sign * line.amount >= 0]
    allowances = [(line, net_of(-sign * line.amount)) for line in doc.lines if sign * line.amount < 0]
    allowance = sum(a for _, a in allowances)
    nets = [net_of(sign * line.amount) for line in items]
    if nets:
        largest = max(range(len(nets)), key=lambda i: abs(nets[i]))
        nets[largest] += net + allowance - sum(nets)
    for n, (line, line_net) in enumerate(zip(items, nets, strict=True), start=1):
        li = LineItem()
        li.document.line_id = str(n)
        li.product.name = line.text
        li.agreement.net.amount = _amount(line_net, cur)
        li.delivery.billed_quantity = (Decimal("1.0000"), "C62")
        _taxed(li.settlement.trade_tax, category, percent)
        li.settlement.monetary_summation.total_amount = _amount(line_net, cur)
        d.trade.items.add(li)
    for line, amount in allowances:
        off = TradeAllowanceCharge()
        off.indicator = False
        off.actual_amount = _amount(amount, cur)
        if line.kind == "discount":
            off.reason_code = "95"  # UNTDID 5189: discount
            off.reason = f"Coupon {line.facts.get('code') or ''}".strip()
        else:
            off.reason = line.text
        off.trade_tax.add(_taxed(CategoryTradeTax(), category, percent))
        d.trade.settlement.allowance_charge.add(off)

    d.trade.settlement.currency_code = cur
    due = _payment(d, doc)
    t = ApplicableTradeTax()
    t.calculated_amount = _amount(tax, cur)
    t.basis_amount = _amount(net, cur)
    _taxed(t, category, percent)
    if doc.vat.kind in EXEMPTION:
        code, reason = EXEMPTION[doc.vat.kind]
        t.exemption_reason_code = code
        t.exemption_reason = reason
    d.trade.settlement.trade_tax.add(t)
    m = d.trade.settlement.monetary_summation
    m.line_total = _amount(net + allowance, cur)
    m.charge_total = _amount(0, cur)
    m.allowance_total = _amount(allowance, cur)
    m.tax_basis_total = _amount(net, cur)
    m.tax_total = (_amount(tax, cur), cur)
    m.grand_total = _amount(gross, cur)
    m.prepaid_total = _amount(0 if due else gross, cur)  # paid at checkout, or due by the date
    m.due_amount = _amount(gross if due else 0, cur)
    return d.serialize(schema=SCHEMA)


def _period(doc: InvoiceDocument) -> tuple[date, date] | None:
    """A platform invoice's month ('2026-11') as its first and last day."""
    month = str(doc.lines[0].facts.get("period") or "") if doc.form == "platform" and doc.lines else ""
    try:
        first = date.fromisoformat(f"{month}-01")
    except ValueError:
        return None
    following = date(first.year + first.month // 12, first.month % 12 + 1, 1)
    return first, date.fromordinal(following.toordinal() - 1)


def _payment(d: Document, doc: InvoiceDocument) -> bool:
    """How the invoice is paid (BG-16): paid at checkout through the payment provider (ZZZ, nothing due), or, for
    an invoice paid later, by SEPA credit transfer (58) to the account with the reference by the due date (BT-9,
    BT-83, BT-84, BT-86); True when something is due."""
    p = doc.pay_by
    means = PaymentMeans()
    if not p.get("due") or doc.form == "reversal":
        means.type_code = "ZZZ"
        d.trade.settlement.payment_means.add(means)
        return False
    means.type_code = "58"
    means.payee_account.iban = p.get("iban", "").replace(" ", "")
    if p.get("holder"):
        means.payee_account.account_name = p["holder"]
    if p.get("bic"):
        means.payee_institution.bic = p["bic"]
    d.trade.settlement.payment_means.add(means)
    if p.get("reference"):
        d.trade.settlement.payment_reference = p["reference"]
    terms = PaymentTerms()
    terms.description = f"Due {p['due']}"
    terms.due = date.fromisoformat(p["due"])
    d.trade.settlement.terms.add(terms)
    return True


def xmp(title: str, issued_at: datetime) -> str:
    """The PDF's XMP: PDF/A-3B, the title, and the Factur-X extension schema naming the embedded invoice."""
    from xml.sax.saxutils import escape

    packet = XMP_SCHEMA.format(
        title=escape(title),
        author="",
        subject="",
        producer=PRODUCER,
        creator_tool=PRODUCER,
        timestamp=issued_at.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S+00:00"),
        urn="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#",
        documenttype="INVOICE",
        xml_filename=XML_NAME,
        version="1.0",
        xmp_level=LEVEL,
    )
    return "\n".join(line for line in packet.strip().splitlines() if not line.startswith("<?xpacket"))


def xrechnung_name(doc: InvoiceDocument) -> str:
    return f"xrechnung-{doc.number}.xml"
