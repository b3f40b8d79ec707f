"""A payment ticket as PDF (fpdf2): the event, the ticket, when and where, the holder, and the code as a QR code
(segno) to scan at the door, set in DejaVu Sans so every European letter prints. The event's design colours the
frame and the band at the top, puts the seller's logo in that band and prints its note under the code."""

from __future__ import annotations

import io

import segno
from fpdf import FPDF

from providers.documents.invoice_pdf import _font

DEFAULT_ACCENT = (40, 90, 90)


def _light(rgb: tuple[int, int, int]) -> bool:
    r, g, b = rgb
    return 0.299 * r + 0.587 * g + 0.114 * b > 160  # dark words on a light band, white on a dark one


def render(
    *,
    code: str,
    shown: str,
    lines: list[tuple[str, str]],
    title: str,
    seller: str,
    accent: tuple[int, int, int] = DEFAULT_ACCENT,
    logo: bytes | None = None,
    note: str | None = None,
    show_seller: bool = True,
    locale: str = "en",
) -> bytes:
    """`code` is what the QR code holds (the stored code), `shown` the code as printed, `lines` label and value
    pairs under the title (the ticket, when, where, the holder)."""
    pdf = FPDF(orientation="P", unit="mm", format=(148, 210))  # A5
    pdf.set_auto_page_break(False)
    pdf.set_title(title)
    pdf.set_creator("Sellflow")
    pdf.add_page()
    family = _font(pdf, locale)  # Korean glyphs, Arabic shaped right to left

    def text(value: str) -> str:
        return value if family == "DejaVu" else value.encode("latin-1", "replace").decode("latin-1")

    pdf.set_draw_color(*accent)
    pdf.set_fill_color(*accent)
    pdf.set_line_width(0.8)
    pdf.rect(8, 8, 132, 194)
    pdf.rect(8, 8, 132, 20, style="F")  # the band
    if logo:
        pdf.image(io.BytesIO(logo), x=104, y=10, h=16, keep_aspect_ratio=True, w=32)
    if show_seller:
        pdf.set_xy(14, 14)
        pdf.set_font(family, "B", 11)
        pdf.set_text_color(*((20, 20, 20) if _light(accent) else (255, 255, 255)))
        pdf.cell(86, 8, text(seller))
    pdf.set_xy(14, 34)
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
    size = 56.0
    top = max(y + 4, 112)
    pdf.image(png, x=(148 - size) / 2, y=top, w=size, h=size)
    pdf.set_xy(14, top + size + 1)
    pdf.set_font(family, "B", 16)
    pdf.cell(120, 8, shown, align="C")
    if note:
        pdf.set_xy(14, top + size + 10)
        pdf.set_font(family, "", 9)
        pdf.set_text_color(60, 60, 60)
        pdf.multi_cell(120, 4.5, text(note), align="C")
    return bytes(pdf.output())
