"""Certificates as PDF (fpdf2): the seller's background image over the whole page, each field at its place (x, y
in percent from the top left, its size and alignment), set in DejaVu Sans so every European letter prints."""

from __future__ import annotations

import io

from fpdf import FPDF

from providers.documents.invoice_pdf import _font

# A4 in millimetres
SIZES = {"landscape": (297.0, 210.0), "portrait": (210.0, 297.0)}


def render(
    *,
    orientation: str,
    fields: list[dict],
    values: dict[str, str],
    background: bytes | None,
    title: str,
    locale: str = "en",
) -> bytes:
    width, height = SIZES.get(orientation, SIZES["landscape"])
    pdf = FPDF(orientation="L" if orientation != "portrait" else "P", format="A4")
    pdf.set_auto_page_break(False)
    pdf.set_title(title)
    pdf.set_creator("Sellflow")
    pdf.add_page()
    if background:
        pdf.image(io.BytesIO(background), x=0, y=0, w=width, h=height)
    else:  # a plain frame when the seller set no background
        pdf.set_draw_color(40, 90, 90)
        pdf.set_line_width(1.2)
        pdf.rect(10, 10, width - 20, height - 20)
    family = _font(pdf, locale)
    for f in fields:
        text = values.get(f["field"], "")
        if not text:
            continue
        if family != "DejaVu":
            text = text.encode("latin-1", "replace").decode("latin-1")
        size = float(f.get("size", 12))
        pdf.set_font(family, "B" if f["field"] in ("title", "holder_name") else "", size)
        x = width * float(f["x"]) / 100
        y = height * float(f["y"]) / 100
        w = pdf.get_string_width(text)
        align = f.get("align", "center")
        left = x - w / 2 if align == "center" else x - w if align == "right" else x
        pdf.text(max(0.0, left), y, text)
    return bytes(pdf.output())
