"""Each invoice as an EN 16931 e-invoice (ZUGFeRD 2 / Factur-X, profile EN 16931): the UN/CEFACT Cross Industry
Invoice XML built with `drafthorse`, checked against the standard's XSD when it is serialised, and embedded in the
invoice PDF with PDF/A-3 metadata (German B2B invoices are electronic from 2027).

VAT categories (EN 16931 code list 5305): S standard rate (the seller's country, or the buyer's under the
One-Stop-Shop), AE reverse charge, O not subject to VAT in the EU (a service to a customer outside it), E exempt
(with the exemption's reason)."""

from __future__ import annotations

from decimal import Decimal

from drafthorse.models.accounting import ApplicableTradeTax, CategoryTradeTax, TradeAllowanceCharge
from drafthorse.models.document import Document
from drafthorse.models.note import IncludedNote
from drafthorse.models.party import TaxRegistration
from drafthorse.models.tradelines import LineItem
from drafthorse.pdf import attach_xml

from domain.money import exponent
from domain.orders.invoices import InvoiceDocument, VatKind, vat_of_gross

PROFILE = "urn:cen.eu:en16931:2017"
SCHEMA = "FACTUR-X_EN16931"
LEVEL = "EN 16931"
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
) -> None:
    """A trade party: its name (the first line: company or person), its address fields, country and tax id."""
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


def einvoice_xml(doc: InvoiceDocument) -> bytes | None:
    """The document's CII XML, valid against the Factur-X EN 16931 schema (drafthorse raises otherwise); None for
    documents finalised before invoices carried their parties' countries (they stay plain PDFs)."""
    if doc.seller_country is None:
        return None
    cur = doc.currency.upper()
    sign = -1 if doc.form == "reversal" else 1  # a credit note states its amounts as positive
    gross = sign * doc.total
    rate = doc.vat.rate_bp
    tax = vat_of_gross(gross, rate) if rate is not None else 0
    net = gross - tax
    category = CATEGORY[doc.vat.kind]

    d = Document()
    d.context.guideline_parameter.id = PROFILE
    d.header.id = str(doc.number)
    d.header.type_code = TYPE_CODES.get(doc.form, "380")
    d.header.issue_date_time = doc.issued_at.date()
    if doc.original_number is not None:
        d.header.notes.add(IncludedNote(content=f"Refers to invoice {doc.original_number}"))
    if doc.order_token:
        d.trade.agreement.buyer_order.issuer_assigned_id = doc.order_token
    seller, buyer = d.trade.agreement.seller, d.trade.agreement.buyer
    _party(
        seller, doc.seller_lines, doc.seller_address, doc.seller_country, doc.seller_vat_id, doc.seller_tax_no
    )
    buyer_country = doc.buyer_country or doc.seller_country
    _party(buyer, doc.buyer_lines, doc.buyer_address, buyer_country, doc.buyer_vat_id, None)
    if doc.supplied_on is not None:
        d.trade.delivery.event.occurrence = doc.supplied_on

    def net_of(g: int) -> int:
        return g - (vat_of_gross(g, rate) if rate is not None else 0)

    # a coupon's discount is a document-level allowance (BG-20), the other lines are items; the items' nets are
    # rounded each, and the largest takes the cent that rounding leaves, so BR-CO-10 and BR-CO-13 hold exactly
    items = [line for line in doc.lines if line.kind != "discount"]
    allowance = net_of(-sign * sum(line.amount for line in doc.lines if line.kind == "discount"))
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
        li.settlement.trade_tax.type_code = "VAT"
        li.settlement.trade_tax.category_code = category
        li.settlement.trade_tax.rate_applicable_percent = Decimal(rate or 0) / 100
        li.settlement.monetary_summation.total_amount = _amount(line_net, cur)
        d.trade.items.add(li)
    if allowance:
        off = TradeAllowanceCharge()
        off.indicator = False
        off.actual_amount = _amount(allowance, cur)
        off.reason_code = "95"  # UNTDID 5189: discount
        off.reason = "Coupon " + ", ".join(
            str(x.facts.get("code") or "") for x in doc.lines if x.kind == "discount"
        )
        off_tax = CategoryTradeTax()
        off_tax.type_code = "VAT"
        off_tax.category_code = category
        off_tax.rate_applicable_percent = Decimal(rate or 0) / 100
        off.trade_tax.add(off_tax)
        d.trade.settlement.allowance_charge.add(off)

    d.trade.settlement.currency_code = cur
    d.trade.settlement.payment_means.type_code = "ZZZ"  # paid at checkout through the payment provider
    t = ApplicableTradeTax()
    t.calculated_amount = _amount(tax, cur)
    t.basis_amount = _amount(net, cur)
    t.type_code = "VAT"
    t.category_code = category
    if doc.vat.kind in EXEMPTION:
        code, reason = EXEMPTION[doc.vat.kind]
        t.exemption_reason_code = code
        t.exemption_reason = reason
    t.rate_applicable_percent = Decimal(rate or 0) / 100
    d.trade.settlement.trade_tax.add(t)
    m = d.trade.settlement.monetary_summation
    m.line_total = _amount(net + allowance, cur)
    m.charge_total = _amount(0, cur)
    m.allowance_total = _amount(allowance, cur)
    m.tax_basis_total = _amount(net, cur)
    m.tax_total = (_amount(tax, cur), cur)
    m.grand_total = _amount(gross, cur)
    m.prepaid_total = _amount(gross, cur)  # paid at checkout
    m.due_amount = _amount(0, cur)
    return d.serialize(schema=SCHEMA)


def attach(pdf: bytes, xml: bytes) -> bytes:
    """The PDF with `factur-x.xml` embedded and the PDF/A-3 and Factur-X metadata set."""
    return attach_xml(pdf, xml, LEVEL)
