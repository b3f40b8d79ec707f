"""An invoice or credit memo as a document: who issues it to whom, its lines, and its VAT (core §3/§9).

VAT follows the seller's status and the buyer's country. A VAT payer selling a digital service to a consumer
charges the VAT of the buyer's EU country (the One-Stop-Shop rule for electronic services; the seller's own
country's rate when the buyer lives there or did not say), and none to a buyer outside the EU (not taxable in
the EU, § 3a UStG). An exempt seller charges none and names the reason. The treatment is decided once, when the
invoice is finalised, and kept with it: a later change of the seller's status never alters an issued invoice."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from datetime import date, datetime
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from domain.money import exponent

if TYPE_CHECKING:
    from domain.billing.billing_calendar import PlanTerms

HOME_COUNTRY = "DE"  # the seller's country when the profile does not say (docs/DECISIONS.md)
# Standard VAT rates of the EU member states in basis points (as of 2026); the table to update when one changes.
EU_VAT_BP: dict[str, int] = {
    "AT": 2000, "BE": 2100, "BG": 2000, "CY": 1900, "CZ": 2100, "DE": 1900, "DK": 2500,
    "EE": 2400, "ES": 2100, "FI": 2550, "FR": 2000, "GR": 2400, "HR": 2500, "HU": 2700,
    "IE": 2300, "IT": 2200, "LT": 2100, "LU": 1700, "LV": 2100, "MT": 1800, "NL": 2100,
    "PL": 2300, "PT": 2300, "RO": 2100, "SE": 2500, "SI": 2200, "SK": 2300,
}  # fmt: skip
VAT_RATE_BP = EU_VAT_BP[HOME_COUNTRY]
EXEMPT_NOTES = {
    "small_business": "No VAT is charged (small business, § 19 UStG).",
    "educational": "VAT exempt: educational service (§ 4 Nr. 21 UStG).",
    "regulated_profession": "VAT exempt: regulated profession (§ 4 UStG).",
    "other": "VAT exempt.",
}
THIRD_COUNTRY_NOTE = "Not taxable in the EU: electronic service to a customer outside the EU (§ 3a UStG)."
REVERSE_CHARGE_NOTE = "Reverse charge: the recipient owes the VAT (§ 13b UStG, Art. 196 VAT Directive)."
OSS_NOTE = "VAT of {country} charged under the EU One-Stop-Shop scheme (electronic service to a consumer)."


class VatKind(StrEnum):
    domestic = "domestic"  # the seller's own country's rate
    eu_oss = "eu_oss"  # the buyer's EU country's rate
    third_country = "third_country"  # buyer outside the EU: no VAT
    exempt = "exempt"  # the seller is not a VAT payer
    reverse_charge = "reverse_charge"  # an EU business buyer in another country owes the VAT (§ 13b UStG)


def buyer_vat_id(vat_id: str, country: str | None, company: str | None) -> str:
    """A business buyer's VAT id as stored (upper case, no spaces): valid by its country's pattern and check
    digits, of the buyer's country, and with a company to issue the invoice to. ValueError names what is wrong."""
    from domain.legitimation.seller_profile import vat_error  # the seller profile's rule (python-stdnum)

    v = "".join(vat_id.split()).upper()
    if error := vat_error(v):
        raise ValueError(error)
    if not (company or "").strip():
        raise ValueError("a VAT id needs the company's name")
    prefix = "GR" if v[:2] == "EL" else v[:2]
    if country and prefix != country.upper():
        raise ValueError("the VAT id is of another country than the address")
    if not country:
        raise ValueError("a VAT id needs the country")
    return v


@dataclass(frozen=True)
class VatTreatment:
    kind: VatKind
    rate_bp: int | None  # None: no VAT on this invoice
    country: str  # whose VAT (or the buyer's country for third_country)
    note: str | None = None
    exempt_reason: str | None = None


def vat_treatment(
    vat_payer: bool,
    exempt_reason: str | None,
    seller_country: str | None,
    buyer_country: str | None,
    buyer_vat_id: str | None = None,
) -> VatTreatment:
    home = (seller_country or HOME_COUNTRY).upper()
    if not vat_payer:
        reason = exempt_reason or "other"
        return VatTreatment(
            VatKind.exempt, None, home, EXEMPT_NOTES.get(reason, EXEMPT_NOTES["other"]), reason
        )
    home_rate = EU_VAT_BP.get(home, VAT_RATE_BP)
    buyer = (buyer_country or "").upper()
    if not buyer or buyer == home:
        return VatTreatment(VatKind.domestic, home_rate, home)
    if buyer in EU_VAT_BP and buyer_vat_id and home in EU_VAT_BP:
        return VatTreatment(VatKind.reverse_charge, None, buyer, REVERSE_CHARGE_NOTE)
    if buyer in EU_VAT_BP:
        return VatTreatment(VatKind.eu_oss, EU_VAT_BP[buyer], buyer, OSS_NOTE.format(country=buyer))
    return VatTreatment(VatKind.third_country, None, buyer, THIRD_COUNTRY_NOTE)


def treatment_from(data: dict[str, Any]) -> VatTreatment:
    return VatTreatment(
        kind=VatKind(data["kind"]),
        rate_bp=data.get("rate_bp"),
        country=data.get("country") or HOME_COUNTRY,
        note=data.get("note"),
        exempt_reason=data.get("exempt_reason"),
    )


@dataclass(frozen=True)
class InvoiceLine:
    text: str
    amount: int  # gross, minor units (negative on a credit memo)
    # what the line is, worded by the document in its language: sale, rate, refund, cancellation, or "" (the
    # text as written, for documents finalised before); `facts` are the product, rate numbers, due date, …
    kind: str = ""
    facts: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class InvoiceDocument:
    number: int
    form: str  # regular | reversal | corrected
    issued_at: datetime
    currency: str
    seller_lines: list[str]  # name or company, address, VAT id or tax number
    buyer_lines: list[str]
    lines: list[InvoiceLine]
    vat: VatTreatment
    original_number: int | None = None  # what a credit memo or a corrected invoice refers to
    notes: list[str] = field(default_factory=list)
    locale: str = "en"  # the buyer's language: the document is worded in it
    supplied_on: date | None = None  # the date of supply (§ 14 (4) Nr. 6 UStG)
    seller_country: str | None = None  # each party's country, named in the document's language
    buyer_country: str | None = None
    seller_vat_id: str | None = None
    seller_tax_no: str | None = None
    buyer_vat_id: str | None = None
    order_token: str | None = None
    withheld: bool = False  # a platform invoice whose fees were withheld from the sales: nothing left to pay
    # each party's postal address as fields (street with number, zip, city) for the e-invoice; {} when unknown
    seller_address: dict[str, str] = field(default_factory=dict)
    buyer_address: dict[str, str] = field(default_factory=dict)
    # an invoice to be paid later (pay later): due (ISO date), holder, iban, bic and reference; {} when paid
    pay_by: dict[str, str] = field(default_factory=dict)
    # for the XRechnung: the seller's contact (name, phone, email), the buyer's e-mail and the public buyer's
    # Leitweg-ID (their reference)
    seller_contact: dict[str, str] = field(default_factory=dict)
    buyer_email: str | None = None
    buyer_reference: str | None = None

    @property
    def total(self) -> int:
        return sum(line.amount for line in self.lines)


@dataclass(frozen=True)
class InvoiceSnapshot:
    """What an invoice says, frozen at finalisation (stored with the invoice as JSON)."""

    seller_lines: list[str]
    buyer_lines: list[str]
    text: str
    vat: VatTreatment
    seller_country: str = HOME_COUNTRY
    # since invoices carry § 14 UStG in the buyer's language (rows before have none of these):
    locale: str = "en"
    supplied_on: str | None = None  # ISO date of supply
    buyer_country: str | None = None
    seller_vat_id: str | None = None
    seller_tax_no: str | None = None
    buyer_vat_id: str | None = None
    line_kind: str = ""  # sale | rate | refund | cancellation ("" : `text` as written)
    line_facts: dict[str, Any] = field(default_factory=dict)
    seller_address: dict[str, str] = field(default_factory=dict)
    buyer_address: dict[str, str] = field(default_factory=dict)
    # lines beside the main one, as on the regular invoice: a coupon's discount (negative), an order bump, …
    # each {"kind", "text", "amount", "facts"}; the main line is what the total leaves for it
    extra_lines: list[dict[str, Any]] = field(default_factory=list)
    # what to pay by when (pay later): due (ISO date), holder, iban, bic, reference; {} for a paid invoice
    pay_by: dict[str, str] = field(default_factory=dict)
    seller_contact: dict[str, str] = field(default_factory=dict)  # name, phone, email (for the XRechnung)
    buyer_email: str | None = None
    buyer_reference: str | None = None  # a public buyer's Leitweg-ID

    def lines(self, total: int) -> list[InvoiceLine]:
        """The document's lines summing to `total`; a credit memo (negative total) turns every line's sign."""
        sign = -1 if total < 0 else 1
        extras = [
            InvoiceLine(str(e["text"]), sign * int(e["amount"]), str(e["kind"]), dict(e.get("facts") or {}))
            for e in self.extra_lines
        ]
        main = InvoiceLine(self.text, total - sum(x.amount for x in extras), self.line_kind, self.line_facts)
        return [main, *extras]

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def from_json(data: dict[str, Any]) -> InvoiceSnapshot:
        return InvoiceSnapshot(
            seller_lines=list(data.get("seller_lines") or []),
            buyer_lines=list(data.get("buyer_lines") or []),
            text=str(data.get("text") or ""),
            vat=treatment_from(data.get("vat") or {"kind": "exempt"}),
            seller_country=str(data.get("seller_country") or HOME_COUNTRY),
            locale=str(data.get("locale") or "en"),
            supplied_on=data.get("supplied_on"),
            buyer_country=data.get("buyer_country"),
            seller_vat_id=data.get("seller_vat_id"),
            seller_tax_no=data.get("seller_tax_no"),
            buyer_vat_id=data.get("buyer_vat_id"),
            line_kind=str(data.get("line_kind") or ""),
            line_facts=dict(data.get("line_facts") or {}),
            seller_address=dict(data.get("seller_address") or {}),
            buyer_address=dict(data.get("buyer_address") or {}),
            extra_lines=[dict(x) for x in data.get("extra_lines") or []],
            pay_by={str(k): str(v) for k, v in (data.get("pay_by") or {}).items()},
            seller_contact={str(k): str(v) for k, v in (data.get("seller_contact") or {}).items()},
            buyer_email=data.get("buyer_email"),
            buyer_reference=data.get("buyer_reference"),
        )


def discount_line(amount: int, code: str | None) -> dict[str, Any]:
    """A coupon's discount as an invoice line: what it took off, named with its code."""
    return {
        "kind": "discount",
        "text": f"Discount (coupon {code})",
        "amount": -amount,
        "facts": {"code": code},
    }


def bump_line(amount: int, product: str) -> dict[str, Any]:
    """An order bump paid with the main product: its own line, named by its product."""
    return {"kind": "sale", "text": product, "amount": amount, "facts": {"product": product}}


def postal_address(
    street: str | None, number: str | None, zip_code: str | None, city: str | None
) -> dict[str, str]:
    """An address as the e-invoice's fields (empty ones left out)."""
    line = " ".join(x for x in (street, number) if x)
    return {k: v for k, v in (("street", line), ("zip", zip_code or ""), ("city", city or "")) if v}


def gross_of_net(net: int, rate_bp: int | None) -> int:
    """A net amount with its VAT added (rounded half up to the minor unit); the VAT an invoice then finds in the
    gross (`vat_of_gross`) gives back exactly this net."""
    if not rate_bp:
        return net
    return net + (net * rate_bp * 2 + 10_000) // 20_000


def priced_terms(terms: PlanTerms, rate_bp: int | None) -> PlanTerms:
    """A net-priced plan's terms as the buyer pays them (core §9 gross and net; editor §3 `useNetPrice`): every
    amount with the VAT the buyer's invoice will carry (none for a reverse charge, an export or an exempt seller)."""
    return replace(
        terms,
        first_amount=gross_of_net(terms.first_amount, rate_bp),
        next_amount=gross_of_net(terms.next_amount, rate_bp),
        rate_amounts=tuple(gross_of_net(a, rate_bp) for a in terms.rate_amounts)
        if terms.rate_amounts
        else None,
    )


def vat_of_gross(gross: int, rate_bp: int = VAT_RATE_BP) -> int:
    """The VAT contained in a gross amount, rounded half away from zero to the minor unit."""
    sign = -1 if gross < 0 else 1
    g = abs(gross)
    return sign * ((g * rate_bp * 2 + (10_000 + rate_bp)) // (2 * (10_000 + rate_bp)))


def vat_lines(doc: InvoiceDocument) -> list[tuple[str, int | None, int]]:
    """The lines under the total as (what, rate in basis points, amount): net and VAT when VAT is charged,
    nothing otherwise (the note says why); the document words them in its language."""
    rate = doc.vat.rate_bp
    if rate is None:
        return []
    vat = vat_of_gross(doc.total, rate)
    return [("net", None, doc.total - vat), ("vat", rate, vat)]


# § 33 UStDV: an invoice of at most €250 (gross) may leave out the buyer's address; above it, and for a business
# buyer, § 14 (4) Nr. 1 UStG asks it. Other currencies count 250 of their own units (no rates are kept: that asks the
# address of some smaller amounts too, never too few).
SMALL_INVOICE_MAX = 250
ADDRESS_PARTS = ("street", "zip", "city", "country")


def address_needed(charged: int, currency: str, *, business: bool, seller_asks: bool) -> bool:
    """Whether the order's invoice needs the buyer's postal address."""
    return business or seller_asks or charged > SMALL_INVOICE_MAX * 10 ** exponent(currency)


def address_missing(payer: dict[str, Any]) -> list[str]:
    """The parts of the postal address the payer left out."""
    return [k for k in ADDRESS_PARTS if not (payer.get(k) or "").strip()]
