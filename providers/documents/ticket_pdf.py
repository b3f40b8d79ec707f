"""A payment ticket as PDF (fpdf2): the event, the ticket, when and where, the holder, and the code as a QR code
(segno) to scan at the door, set in DejaVu Sans so every European letter prints."""

from __future__ import annotations

import io

import segno
from fpdf import FPDF

from providers.documents.invoice_pdf import _font


def render(*, code: str, shown: str, lines: list[tuple[str, str]], title: str, seller: str) -> bytes:
    """`code` is what the QR code holds (the stored code), `shown` the code as printed, `lines` label and value
    pairs under the title (the ticket, when, where, the holder)."""
    pdf = FPDF(orientation="P", unit="mm", format=(148, 210))  # A5
    pdf.set_auto_page_break(False)
    pdf.set_title(title)
    pdf.set_creator("Sellflow")
    pdf.add_page()
    family = _font(pdf)

    def text(value: str) -> str:
        return value if family == "DejaVu" else value.encode("latin-1", "replace").decode("latin-1")

    pdf.set_draw_color(40, 90, 90)
    pdf.set_line_width(0.8)
    pdf.rect(8, 8, 132, 194)
    pdf.set_xy(14, 16)
    pdf.set_font(family, "", 9)
    pdf.set_text_color(90, 90, 90)
    pdf.cell(120, 5, text(seller))
    pdf.set_xy(14, 23)
    pdf.set_font(family, "B", 18)
    pdf.set_text_color(20, 20, 20)
    pdf.multi_cell(120, 8, text(title))
    y = pdf.get_y() + 4
    for label, value in lines:
        if not value:
            continue
        pdf.set_xy(14, y)
        pdf.set_font(family, "", 8)
        pdf.set_text_color(110, 110, 110)
        pdf.cell(120, 4, text(label))
        pdf.set_xy(14, y + 4)
        pdf.set_font(family, "", 11)
        pdf.set_text_color(20, 20, 20)
        pdf.multi_cell(120, 5.5, text(value))
        y = pdf.get_y() + 2.5
    png = io.BytesIO()
    segno.make_qr(code, error="m").save(png, kind="png", scale=10, border=2)
    png.seek(0)
    size = 62.0
    pdf.image(png, x=(148 - size) / 2, y=max(y + 4, 112), w=size, h=size)
    pdf.set_xy(14, max(y + 4, 112) + size + 2)
    pdf.set_font(family, "B", 16)
    pdf.cell(120, 8, shown, align="C")
    return bytes(pdf.output())
