"""An invoice or credit memo as a document: who issues it to whom, its lines, and the VAT lines of core §3/§9
(VAT payer: gross prices with the German standard rate shown; exempt: the reason instead of VAT)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

VAT_RATE_BP = 1900  # Germany's standard rate; the seller's home country (docs/DECISIONS.md)
EXEMPT_NOTES = {
    "small_business": "No VAT is charged (small business, § 19 UStG).",
    "educational": "VAT exempt: educational service (§ 4 Nr. 21 UStG).",
    "regulated_profession": "VAT exempt: regulated profession (§ 4 UStG).",
    "other": "VAT exempt.",
}


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
    vat_payer: bool
    vat_exempt_reason: str | None = None
    original_number: int | None = None  # what a credit memo reverses
    notes: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(line.amount for line in self.lines)


def vat_of_gross(gross: int, rate_bp: int = VAT_RATE_BP) -> int:
    """The VAT contained in a gross amount, rounded half away from zero to the minor unit."""
    sign = -1 if gross < 0 else 1
    g = abs(gross)
    return sign * ((g * rate_bp * 2 + (10_000 + rate_bp)) // (2 * (10_000 + rate_bp)))


def vat_lines(doc: InvoiceDocument) -> list[tuple[str, int]]:
    """The lines under the total: net and VAT for a VAT payer, nothing for an exempt seller (its note instead)."""
    if not doc.vat_payer:
        return []
    vat = vat_of_gross(doc.total)
    return [("Net", doc.total - vat), (f"VAT {VAT_RATE_BP / 100:g} %", vat)]


def vat_note(doc: InvoiceDocument) -> str | None:
    if doc.vat_payer:
        return None
    return EXEMPT_NOTES.get(doc.vat_exempt_reason or "other", EXEMPT_NOTES["other"])
