"""`/v1/shop/{username}/tickets/{code}`: a buyer's ticket page (its code as a QR code), opened from the mail."""

from __future__ import annotations

from typing import Annotated

import segno
from fastapi import APIRouter, Path, Query, Request, Response

from api.deps import DB
from api.presenters.documents import designed_ticket_pdf
from api.schemas.events import AttendeeIn, TicketPage
from api.throttle import throttle
from domain.catalog.events import (
    TicketDesign,
    shown_code,
)
from domain.languages import LANGUAGE_PATTERN
from domain.limits import USERNAME_MAX
from services.tickets import shop_ticket, ticket_shown
from store.catalog.tickets import attendee_set, upgraded_code

router = APIRouter()
PAGES_PER_MINUTE = 60  # per client address: a code cannot be guessed by trying


Username = Annotated[str, Path(max_length=USERNAME_MAX)]
Code = Annotated[str, Path(max_length=16)]


@router.get("/{username}/tickets/{code}", response_model=TicketPage)
async def ticket_page(username: Username, code: Code, request: Request, s: DB) -> TicketPage:
    throttle(request, "ticket-page", PAGES_PER_MINUTE)
    return await _page(s, username, code)


async def _page(s: DB, username: str, code: str) -> TicketPage:
    shown = await ticket_shown(s, username, code)
    stored, h, product = shown.code, shown.held, shown.product
    design = TicketDesign.of(product.ticket_design if product else None)
    return TicketPage(
        code=shown_code(stored),
        state=h.state,
        product_name=product.name if product else "",
        ticket_name=h.ticket.name,
        seller_name=shown.seller_name,
        payer_name=h.order.payer_name,
        starts_at=h.ticket.starts_at,
        ends_at=h.ticket.ends_at,
        time_zone=h.ticket.time_zone,
        location=h.ticket.location,
        online=h.ticket.online,
        without_dates=h.ticket.without_dates,
        qr_svg=segno.make_qr(stored, error="m").svg_data_uri(scale=6, border=2),
        attendee=h.payment.attendee,
        upgraded_to=shown_code(new) if h.upgraded and (new := await upgraded_code(s, h.order.id)) else None,
        accent_color=design.accent_color,
        note=design.note,
    )


@router.get(
    "/{username}/tickets/{code}/pdf",
    response_class=Response,
    responses={200: {"content": {"application/pdf": {}}, "description": "The ticket as PDF"}},
)
async def ticket_pdf(
    username: Username,
    code: Code,
    request: Request,
    s: DB,
    lang: Annotated[str, Query(pattern=LANGUAGE_PATTERN)] = "en",
) -> Response:
    """The ticket to print or keep on the phone: the event, when (in its time zone) and where, the holder, and
    the code as a QR code. A refunded or invalidated ticket has no PDF (409): it lets no one in."""
    throttle(request, "ticket-page", PAGES_PER_MINUTE)
    shown = await ticket_shown(s, username, code, printable=True)
    stored, h = shown.code, shown.held
    pdf = await designed_ticket_pdf(
        s,
        seller_id=h.order.seller_id,
        product=shown.product,
        ticket=h.ticket,
        code=stored,
        holder=h.holder_name,
        seller_name=shown.seller_name,
        lang=lang,
    )
    return Response(
        pdf,
        media_type="application/pdf",
        headers={"Content-Disposition": f'inline; filename="ticket-{shown_code(stored)}.pdf"'},
    )


@router.put("/{username}/tickets/{code}/attendee", response_model=TicketPage)
async def set_attendee(
    username: Username, code: Code, body: AttendeeIn, request: Request, s: DB
) -> TicketPage:
    """Names who comes with this ticket (its code is the key, as at the door), or gives it back to the buyer
    (null). Only a ticket still to be used (409 with its state); the door then greets the attendee."""
    throttle(request, "ticket-page", PAGES_PER_MINUTE)
    held = await shop_ticket(s, username, code, lock=True)
    await attendee_set(s, held, body.attendee.model_dump() if body.attendee else None)
    return await _page(s, username, code)
