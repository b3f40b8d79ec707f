"""Invoices and credit memos as PDF (fpdf2, pure Python) in the buyer's language (any of the 20), with what § 14 (4)
UStG asks of an invoice: both parties' names and addresses, the seller's VAT id or tax number (and the buyer's on
a reverse-charge invoice), the date, the sequential number, what was supplied and when, net, rate and tax, and
the note of any exemption or reverse charge. Each invoice also carries its EN 16931 e-invoice (ZUGFeRD /
Factur-X, `einvoice.py`) as an embedded XML file with PDF/A-3 metadata.

Text is set in DejaVu Sans (Debian's fonts-dejavu-core, installed by `make`), embedded in the file, so € and
every European letter print; where the font is missing the PDF falls back to the core Helvetica (Latin-1)."""

from __future__ import annotations

import gettext
import json
import logging
from datetime import date
from functools import lru_cache
from pathlib import Path

import structlog
from fpdf import FPDF

from domain.languages import BY_CODE, uses_decimal_comma
from domain.money import format_money
from domain.orders.invoices import InvoiceDocument, InvoiceLine, VatKind, vat_lines

log = structlog.get_logger()
logging.getLogger("fontTools").setLevel(logging.ERROR)  # its subsetter names every table it leaves out

FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")
WORDS_DIR = Path(__file__).parent / "invoice_words"
# the document's words in each of the 20 buyer languages (`invoice_words/{lang}.json`, every key in each)
WORDS: dict[str, dict[str, str]] = {
    f.stem: json.loads(f.read_text()) for f in sorted(WORDS_DIR.glob("*.json"))
}
LOCALES = tuple(WORDS)
# the glyphs DejaVu lacks (Korean) come from Nanum Gothic (Debian's fonts-nanum, installed by `make fonts`)
FALLBACK_DIR = Path("/usr/share/fonts/truetype/nanum")


def _lang(locale: str) -> str:
    return locale if locale in LOCALES else "en"


def word(locale: str, key: str, **facts: object) -> str:
    return WORDS[_lang(locale)][key].format(**facts)


@lru_cache(maxsize=32)
def _countries(locale: str) -> gettext.NullTranslations:
    import pycountry

    if locale == "en":
        return gettext.NullTranslations()
    tag = BY_CODE[locale].posix if locale in BY_CODE else locale
    names = [tag, tag.split("_")[0], *(["nb_NO"] if tag == "nb" else [])]
    return gettext.translation("iso3166-1", pycountry.LOCALES_DIR, languages=names, fallback=True)


def country_name(code: str | None, locale: str) -> str:
    """An ISO 3166 country code as its name in the document's language (the code itself if unknown)."""
    if not code:
        return ""
    import pycountry

    found = pycountry.countries.get(alpha_2=code.upper())
    if found is None:
        return code
    return _countries(_lang(locale)).gettext(found.name)


def date_text(d: date) -> str:
    return f"{d:%d.%m.%Y}"  # core §9: DD.MM.YYYY in both languages


def line_text(line: InvoiceLine, locale: str) -> str:
    """The line in the document's language from its kind and facts; as written for documents from before."""
    if not line.kind or f"line.{line.kind}" not in WORDS["en"]:
        return line.text
    facts = dict(line.facts)
    if line.kind == "rate":
        facts["of"] = word(locale, "line.rate_of", of=facts["of"]) if facts.get("of") else ""
        if facts.get("due"):
            facts["due"] = date_text(date.fromisoformat(str(facts["due"])))
    try:
        return word(locale, f"line.{line.kind}", **facts)
    except (KeyError, ValueError):
        return line.text


def vat_note(doc: InvoiceDocument) -> str | None:
    """Why no VAT, or whose VAT, in the document's language."""
    kind = doc.vat.kind
    if kind == VatKind.exempt:
        reason = doc.vat.exempt_reason or "other"
        return word(doc.locale, f"note.{reason}" if f"note.{reason}" in WORDS["en"] else "note.other")
    if kind == VatKind.eu_oss:
        return word(doc.locale, "note.eu_oss", country=country_name(doc.vat.country, doc.locale))
    if kind in (VatKind.third_country, VatKind.reverse_charge):
        return word(doc.locale, f"note.{kind.value}")
    return None


def pay_by_note(doc: InvoiceDocument) -> str | None:
    """An invoice to be paid later: how much, by when, to which account, with which reference."""
    p = doc.pay_by
    if not p.get("due"):
        return None
    return word(
        doc.locale,
        "pay_by",
        amount=format_money(doc.total, doc.currency, doc.locale),
        due=date_text(date.fromisoformat(p["due"])),
        holder=p.get("holder", ""),
        iban=p.get("iban", ""),
        bic=p.get("bic", ""),
        reference=p.get("reference", ""),
    )


def title(doc: InvoiceDocument) -> str:
    return word(doc.locale, doc.form if doc.form in WORDS["en"] else "regular")


def party_block(lines: list[str], country: str | None, locale: str, ids: list[str]) -> list[str]:
    return [*lines, *([country_name(country, locale)] if country else []), *ids]


def _font(pdf: FPDF, locale: str = "en") -> str:
    regular, bold = FONT_DIR / "DejaVuSans.ttf", FONT_DIR / "DejaVuSans-Bold.ttf"
    if regular.exists() and bold.exists():
        pdf.add_font("DejaVu", "", str(regular))
        pdf.add_font("DejaVu", "B", str(bold))
        if (FALLBACK_DIR / "NanumGothic.ttf").exists():
            pdf.add_font("Nanum", "", str(FALLBACK_DIR / "NanumGothic.ttf"))
            pdf.add_font("Nanum", "B", str(FALLBACK_DIR / "NanumGothicBold.ttf"))
            pdf.set_fallback_fonts(["Nanum"])
        if (
            BY_CODE.get(locale) and BY_CODE[locale].rtl
        ):  # Arabic: its letters joined and written right to left
            pdf.set_text_shaping(use_shaping_engine=True, direction="rtl", script="arab", language="ara")
        return "DejaVu"
    log.warning("invoice_font_missing", path=str(regular))
    return "Helvetica"


def render_pdf(doc: InvoiceDocument, xml: bytes | None = None) -> bytes:
    """The visible document; with `xml`, a PDF/A-3B carrying it as its associated file (`factur-x.xml`, the
    relationship Alternative) and the Factur-X XMP (where the embeddable font is missing: a plain PDF)."""
    from providers.documents.einvoice import PRODUCER, XML_NAME, xmp

    loc = doc.locale
    archival = xml is not None and (FONT_DIR / "DejaVuSans.ttf").exists()
    pdf = FPDF(format="A4", enforce_compliance="PDF/A-3B" if archival else None)
    pdf.set_lang(loc)
    pdf.set_title(f"{title(doc)} {doc.number}")
    pdf.set_creator(PRODUCER)
    pdf.set_producer(PRODUCER)
    pdf.set_creation_date(doc.issued_at)
    if archival:
        pdf.set_xmp_metadata(xmp(f"{title(doc)} {doc.number}", doc.issued_at))
    if xml is not None:
        pdf.embed_file(bytes=xml, basename=XML_NAME, mime_type="text/xml", associated_file_relationship="Alternative",
                       desc="Factur-X / ZUGFeRD invoice (EN 16931)", modification_date=doc.issued_at)  # fmt: skip
    pdf.add_page()
    family = _font(pdf, loc)
    text = (
        (lambda v: v) if family == "DejaVu" else (lambda v: v.encode("latin-1", "replace").decode("latin-1"))
    )
    pdf.set_font(family, size=10)
    seller_ids = [
        f"{word(loc, 'vat_id')} {doc.seller_vat_id}"
        if doc.seller_vat_id
        else f"{word(loc, 'tax_no')} {doc.seller_tax_no}"
        if doc.seller_tax_no
        else ""
    ]
    buyer_ids = [f"{word(loc, 'buyer_vat_id')} {doc.buyer_vat_id}"] if doc.buyer_vat_id else []
    seller = party_block(doc.seller_lines, doc.seller_country, loc, [x for x in seller_ids if x])
    buyer = party_block(doc.buyer_lines, doc.buyer_country, loc, buyer_ids)
    for line in [*seller, "", *buyer]:
        pdf.cell(0, 5, text(line), new_x="LMARGIN", new_y="NEXT")
    pdf.ln(10)
    pdf.set_font(family, style="B", size=16)
    pdf.cell(0, 10, text(f"{title(doc)} {word(loc, 'no')} {doc.number}"), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font(family, size=10)
    pdf.cell(
        0, 5, text(f"{word(loc, 'date')}: {date_text(doc.issued_at.date())}"), new_x="LMARGIN", new_y="NEXT"
    )
    if doc.supplied_on is not None:
        pdf.cell(
            0,
            5,
            text(f"{word(loc, 'supplied')}: {date_text(doc.supplied_on)}"),
            new_x="LMARGIN",
            new_y="NEXT",
        )
    elif doc.form == "platform" and doc.lines and doc.lines[0].facts.get("period"):
        period = word(loc, "period", period=doc.lines[0].facts["period"])
        pdf.cell(0, 5, text(period), new_x="LMARGIN", new_y="NEXT")
    else:
        pdf.cell(0, 5, text(word(loc, "supplied_same")), new_x="LMARGIN", new_y="NEXT")
    if doc.original_number is not None:
        key = "corrects" if doc.form == "corrected" else "reverses"
        pdf.cell(0, 5, text(word(loc, key, n=doc.original_number)), new_x="LMARGIN", new_y="NEXT")
    if doc.order_token:
        pdf.cell(0, 5, text(word(loc, "order", token=doc.order_token)), new_x="LMARGIN", new_y="NEXT")
    pdf.ln(6)
    width = pdf.epw
    for item in doc.lines:
        pdf.cell(width * 0.7, 7, text(line_text(item, loc)), border="B")
        pdf.cell(width * 0.3, 7, text(format_money(item.amount, doc.currency, loc)), border="B", align="R")
        pdf.ln(7)
    for key, rate, amount in vat_lines(doc):
        label = (
            word(loc, key, rate=f"{rate / 100:g}".replace(".", "," if uses_decimal_comma(loc) else "."))
            if rate
            else word(loc, key)
        )
        if key == "vat" and doc.vat.kind != VatKind.domestic:
            label += f" ({country_name(doc.vat.country, loc)})"
        pdf.cell(width * 0.7, 6, text(label))
        pdf.cell(
            width * 0.3,
            6,
            text(format_money(amount, doc.currency, loc)),
            align="R",
            new_x="LMARGIN",
            new_y="NEXT",
        )
    pdf.set_font(family, style="B", size=11)
    pdf.cell(width * 0.7, 8, text(word(loc, "total")))
    pdf.cell(
        width * 0.3,
        8,
        text(format_money(doc.total, doc.currency, loc)),
        align="R",
        new_x="LMARGIN",
        new_y="NEXT",
    )
    pdf.set_font(family, size=9)
    pdf.ln(6)
    withheld = word(loc, "withheld") if doc.withheld else None
    for note in [n for n in (vat_note(doc), withheld, pay_by_note(doc), *doc.notes) if n]:
        pdf.multi_cell(0, 5, text(note), new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())


def render(doc: InvoiceDocument) -> bytes:
    """The invoice as the buyer and the seller download it: the PDF with its e-invoice embedded (Factur-X /
    ZUGFeRD, profile EN 16931); a document the e-invoice cannot describe is the plain PDF."""
    from providers.documents.einvoice import einvoice_xml

    return render_pdf(doc, einvoice_xml(doc))


def pdf_name(doc: InvoiceDocument) -> str:
    kind = {"reversal": "credit-memo", "platform": "platform-invoice"}.get(doc.form, "invoice")
    return f"{kind}-{doc.number}.pdf"
