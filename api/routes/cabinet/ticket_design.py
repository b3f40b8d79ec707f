"""`/v1/cabinet/products/{id}/ticket_design`: an event's ticket design (editor §2 event tickets, step "design"):
the colour, the note and whether the seller's name heads the ticket, the seller's logo, and a sample PDF of a
ticket as buyers will get it. Scoped to the caller's seller."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, File, Query, Response, UploadFile

from api.deps import DB, CurrentSeller
from api.files import stored_file
from api.presenters.documents import designed_ticket_pdf
from api.presenters.events import design_out
from api.schemas.events import TicketDesignIn, TicketDesignOut
from api.schemas.fields import Id
from api.uploads import picture_upload, seller_file
from domain.catalog.events import (
    TICKET_LOGO_MAX_BYTES,
    TICKET_LOGO_MAX_PX,
    TICKET_LOGO_MIN_PX,
    TicketDesign,
)
from domain.errors import DomainError, ErrorCode
from domain.languages import LANGUAGE_PATTERN
from providers.storage.local import storage
from services.events import design_changed, event_product, sample_ticket
from store.accounts.queries import display_name, seller_user_of

router = APIRouter()
SAMPLE_CODE = "ABCDE23456"


@router.get("/products/{product_id}/ticket_design", response_model=TicketDesignOut)
async def get_ticket_design(product_id: Id, seller: CurrentSeller, s: DB) -> TicketDesignOut:
    return design_out(await event_product(s, seller.id, product_id))


@router.put("/products/{product_id}/ticket_design", response_model=TicketDesignOut)
async def set_ticket_design(
    product_id: Id, body: TicketDesignIn, seller: CurrentSeller, s: DB
) -> TicketDesignOut:
    """Applies to every ticket of the event, those already sold too: their page and PDF follow the design."""
    product = await event_product(s, seller.id, product_id)
    changes = {
        "accent_color": body.accent_color.lower(),
        "note": (body.note or "").strip() or None,
        "show_seller": body.show_seller,
    }
    await design_changed(s, product, changes)
    return design_out(product)


@router.post("/products/{product_id}/ticket_design/logo", response_model=TicketDesignOut)
async def upload_ticket_logo(
    product_id: Id, seller: CurrentSeller, s: DB, file: Annotated[UploadFile, File()]
) -> TicketDesignOut:
    """A PNG or JPEG of at most 2 MB, at least 64 pixels each way and at most 4000 on its long side, checked by its
    bytes; it sits at the right of the ticket's band."""
    product = await event_product(s, seller.id, product_id)
    row = await picture_upload(
        s,
        seller.id,
        file,
        max_bytes=TICKET_LOGO_MAX_BYTES,
        min_px=(TICKET_LOGO_MIN_PX, TICKET_LOGO_MIN_PX),
        max_px=TICKET_LOGO_MAX_PX,
    )
    await design_changed(s, product, {"logo_file_id": row.id})
    return design_out(product)


@router.delete("/products/{product_id}/ticket_design/logo", response_model=TicketDesignOut)
async def remove_ticket_logo(product_id: Id, seller: CurrentSeller, s: DB) -> TicketDesignOut:
    product = await event_product(s, seller.id, product_id)
    await design_changed(s, product, {"logo_file_id": None})
    return design_out(product)


@router.get("/products/{product_id}/ticket_design/logo")
async def get_ticket_logo(product_id: Id, seller: CurrentSeller, s: DB) -> Response:
    product = await event_product(s, seller.id, product_id)
    f = await seller_file(s, TicketDesign.of(product.ticket_design).logo_file_id, seller.id)
    if f is None:
        raise DomainError(ErrorCode.NOT_FOUND, "No logo yet.")
    return stored_file(storage().path(f.storage_key), f.file_name, f.content_type)


@router.get(
    "/products/{product_id}/ticket_design/preview",
    response_class=Response,
    responses={200: {"content": {"application/pdf": {}}, "description": "A sample ticket as PDF"}},
)
async def preview_ticket(
    product_id: Id, seller: CurrentSeller, s: DB, lang: Annotated[str, Query(pattern=LANGUAGE_PATTERN)] = "en"
) -> Response:
    """A sample ticket of the event's first ticket (or a made-up one a month from now) with a sample holder, in
    the design."""
    product = await event_product(s, seller.id, product_id)
    ticket = await sample_ticket(s, product)
    pdf = await designed_ticket_pdf(
        s,
        seller_id=seller.id,
        product=product,
        ticket=ticket,
        code=SAMPLE_CODE,
        holder="Alex Example",
        seller_name=display_name(await seller_user_of(s, seller.id)),
        lang=lang,
    )
    return Response(
        pdf,
        media_type="application/pdf",
        headers={"Content-Disposition": 'inline; filename="ticket-sample.pdf"'},
    )
