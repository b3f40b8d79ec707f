"""Invoices and credit memos as PDF, rendered with fpdf2 (pure Python, no system libraries; its core fonts carry
Latin-1, so amounts are written with the currency code)."""

from __future__ import annotations

from fpdf import FPDF

from domain.invoices import InvoiceDocument, vat_lines, vat_note
from domain.money import exponent

TITLES = {
    "regular": "Invoice",
    "reversal": "Credit memo",
    "corrected": "Corrected invoice",
    "platform": "Platform invoice",
}


def _text(value: str) -> str:
    return value.encode("latin-1", "replace").decode("latin-1")


def _money(amount: int, currency: str) -> str:
    e = exponent(currency)
    sign = "-" if amount < 0 else ""
    a = abs(amount)
    major = f"{a // 10**e:,}".replace(",", ".")
    minor = f",{a % 10**e:0{e}d}" if e else ""
    return f"{sign}{major}{minor} {currency.upper()}"


def render(doc: InvoiceDocument) -> bytes:
    pdf = FPDF(format="A4")
    pdf.set_title(f"{TITLES.get(doc.form, 'Invoice')} {doc.number}")
    pdf.add_page()
    pdf.set_font("Helvetica", size=10)
    for text in [*doc.seller_lines, "", *doc.buyer_lines]:
        pdf.cell(0, 5, _text(text), new_x="LMARGIN", new_y="NEXT")
    pdf.ln(10)
    pdf.set_font("Helvetica", style="B", size=16)
    pdf.cell(
        0, 10, _text(f"{TITLES.get(doc.form, 'Invoice')} no. {doc.number}"), new_x="LMARGIN", new_y="NEXT"
    )
    pdf.set_font("Helvetica", size=10)
    pdf.cell(0, 5, f"Date: {doc.issued_at:%d.%m.%Y}", new_x="LMARGIN", new_y="NEXT")
    if doc.original_number is not None:
        pdf.cell(0, 5, f"Reverses invoice no. {doc.original_number}", new_x="LMARGIN", new_y="NEXT")
    pdf.ln(6)
    width = pdf.epw
    for line in doc.lines:
        pdf.cell(width * 0.7, 7, _text(line.text), border="B")
        pdf.cell(
            width * 0.3,
            7,
            _money(line.amount, doc.currency),
            border="B",
            align="R",
            new_x="LMARGIN",
            new_y="NEXT",
        )
    for label, amount in vat_lines(doc):
        pdf.cell(width * 0.7, 6, label)
        pdf.cell(width * 0.3, 6, _money(amount, doc.currency), align="R", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", style="B", size=11)
    pdf.cell(width * 0.7, 8, "Total")
    pdf.cell(width * 0.3, 8, _money(doc.total, doc.currency), align="R", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", size=9)
    pdf.ln(6)
    for note in [n for n in (vat_note(doc), *doc.notes) if n]:
        pdf.multi_cell(0, 5, _text(note), new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())


def pdf_name(doc: InvoiceDocument) -> str:
    kind = {"reversal": "credit-memo", "platform": "platform-invoice"}.get(doc.form, "invoice")
    return f"{kind}-{doc.number}.pdf"
