"""Documents as answers: a ticket in its event's design and a certificate in its product's, as PDF (the buyer's
and the cabinet's sample alike); an invoice as XRechnung."""

from __future__ import annotations

from fastapi import Response

from api.deps import DB
from api.uploads import stored_picture
from domain.catalog.certificates import DEFAULT_FIELDS
from domain.catalog.events import (
    TICKET_PDF_WORDS,
    TicketDesign,
    hex_rgb,
    shown_code,
    ticket_when,
)
from domain.errors import DomainError, ErrorCode
from domain.orders.invoices import InvoiceDocument
from providers.documents import certificate_pdf as certificate_document
from providers.documents import ticket_pdf
from providers.documents.einvoice import einvoice_xml, xrechnung_name
from providers.storage.local import storage
from store.catalog.models import File, Product, Ticket


def xrechnung_answer(doc: InvoiceDocument) -> Response:
    """The invoice as an XRechnung (CII) download; an invoice finalised before e-invoices, or while the seller
    had no phone number to name as their contact, has none (409)."""
    xml = einvoice_xml(doc, xrechnung=True)
    if xml is None:
        raise DomainError(
            ErrorCode.CONFLICT, "This invoice was issued before e-invoices and has no XRechnung."
        )
    if not (doc.seller_contact.get("phone") and doc.seller_contact.get("email")):  # BR-DE-6, BR-DE-7
        raise DomainError(
            ErrorCode.CONFLICT,
            "An XRechnung names the seller's phone and e-mail address; the seller's profile had no phone "
            "number when this invoice was issued.",
        )
    return Response(
        xml,
        media_type="application/xml",
        headers={"Content-Disposition": f'attachment; filename="{xrechnung_name(doc)}"'},
    )


async def designed_ticket_pdf(
    s: DB,
    *,
    seller_id: int,
    product: Product | None,
    ticket: Ticket,
    code: str,
    holder: str,
    seller_name: str,
    lang: str,
) -> bytes:
    """A ticket as PDF in its event's design: the event, the ticket, when (in its time zone) and where, the holder,
    and `code` (as stored) as a QR code; the buyer's ticket and the cabinet's sample alike."""
    w = TICKET_PDF_WORDS[lang]
    design = TicketDesign.of(product.ticket_design if product else None)
    return ticket_pdf.render(
        code=code,
        shown=shown_code(code),
        title=product.name if product else ticket.name,
        seller=seller_name,
        accent=hex_rgb(design.accent_color),
        logo=await stored_picture(s, design.logo_file_id, seller_id),
        note=design.note,
        show_seller=design.show_seller,
        locale=lang,
        lines=[
            (w["ticket"], ticket.name),
            (
                w["when"],
                ticket_when(
                    ticket.starts_at, ticket.ends_at, ticket.time_zone, ticket.without_dates, w["any_day"]
                ),
            ),
            (w["where"], ticket.location or (w["online"] if ticket.online else "")),
            (w["holder"], holder),
        ],
    )


async def certificate_pdf(s: DB, product: Product, values: dict[str, str], locale: str = "en") -> bytes:
    """The certificate as PDF with the product's design and these values (a holder's, or a sample), set for the
    holder's language (Korean glyphs, Arabic right to left)."""
    settings = product.certificate or {}
    background = None
    if file_id := settings.get("background_file_id"):
        f = await s.get(File, file_id)
        path = storage().path(f.storage_key) if f and f.seller_id == product.seller_id else None
        background = path.read_bytes() if path and path.is_file() else None
    return certificate_document.render(
        orientation=settings.get("orientation", "landscape"),
        fields=settings.get("fields") or DEFAULT_FIELDS,
        values=values,
        background=background,
        title=settings.get("title", product.name),
        locale=locale,
    )
