"""An invoice or credit memo as a document: who issues it to whom, its lines, and its VAT (core §3/§9).

VAT follows the seller's status and the buyer's country. A VAT payer selling a digital service to a consumer
charges the VAT of the buyer's EU country (the One-Stop-Shop rule for electronic services; the seller's own
country's rate when the buyer lives there or did not say), and none to a buyer outside the EU (not taxable in
the EU, § 3a UStG). An exempt seller charges none and names the reason. The treatment is decided once, when the
invoice is finalised, and kept with it: a later change of the seller's status never alters an issued invoice."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any

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
OSS_NOTE = "VAT of {country} charged under the EU One-Stop-Shop scheme (electronic service to a consumer)."


class VatKind(StrEnum):
    domestic = "domestic"  # the seller's own country's rate
    eu_oss = "eu_oss"  # the buyer's EU country's rate
    third_country = "third_country"  # buyer outside the EU: no VAT
    exempt = "exempt"  # the seller is not a VAT payer


@dataclass(frozen=True)
class VatTreatment:
    kind: VatKind
    rate_bp: int | None  # None: no VAT on this invoice
    country: str  # whose VAT (or the buyer's country for third_country)
    note: str | None = None
    exempt_reason: str | None = None


def vat_treatment(
    vat_payer: bool, exempt_reason: str | None, seller_country: str | None, buyer_country: str | None
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
        )


def vat_of_gross(gross: int, rate_bp: int = VAT_RATE_BP) -> int:
    """The VAT contained in a gross amount, rounded half away from zero to the minor unit."""
    sign = -1 if gross < 0 else 1
    g = abs(gross)
    return sign * ((g * rate_bp * 2 + (10_000 + rate_bp)) // (2 * (10_000 + rate_bp)))


def vat_lines(doc: InvoiceDocument) -> list[tuple[str, int]]:
    """The lines under the total: net and VAT when VAT is charged, nothing otherwise (the note says why)."""
    rate = doc.vat.rate_bp
    if rate is None:
        return []
    vat = vat_of_gross(doc.total, rate)
    label = f"VAT {rate / 100:g} %" + ("" if doc.vat.kind == VatKind.domestic else f" ({doc.vat.country})")
    return [("Net", doc.total - vat), (label, vat)]


def vat_note(doc: InvoiceDocument) -> str | None:
    return doc.vat.note
