"""`/v1/shop/{username}/tickets/{code}`: a buyer's ticket page (its code as a QR code), opened from the mail."""

from __future__ import annotations

from typing import Annotated

import segno
from fastapi import APIRouter, Path, Request

from api.deps import DB
from api.schemas.events import TicketPage
from api.throttle import throttle
from domain.errors import DomainError, ErrorCode
from domain.events import shown_code, typed_code
from domain.limits import USERNAME_MAX
from store.accounts.queries import display_name, seller_user_of
from store.catalog.models import Product
from store.catalog.tickets import held_ticket_by_code
from store.courses.queries import seller_by_username

router = APIRouter()
PAGES_PER_MINUTE = 60  # per client address: a code cannot be guessed by trying


@router.get("/{username}/tickets/{code}", response_model=TicketPage)
async def ticket_page(
    username: Annotated[str, Path(max_length=USERNAME_MAX)],
    code: Annotated[str, Path(max_length=16)],
    request: Request,
    s: DB,
) -> TicketPage:
    throttle(request, "ticket-page", PAGES_PER_MINUTE)
    stored = typed_code(code)
    if stored is None:
        raise DomainError(ErrorCode.NOT_FOUND, "No ticket has this code.")
    seller = await seller_by_username(s, username)
    h = await held_ticket_by_code(s, seller.id, stored)
    product = await s.get(Product, h.payment.product_id)
    seller_user = await seller_user_of(s, seller.id)
    return TicketPage(
        code=shown_code(stored),
        state=h.state,
        product_name=product.name if product else "",
        ticket_name=h.ticket.name,
        seller_name=(display_name(seller_user) if seller_user else None) or username,
        payer_name=h.order.payer_name,
        starts_at=h.ticket.starts_at,
        ends_at=h.ticket.ends_at,
        time_zone=h.ticket.time_zone,
        location=h.ticket.location,
        online=h.ticket.online,
        without_dates=h.ticket.without_dates,
        qr_svg=segno.make(stored, error="m").svg_data_uri(scale=6, border=2),
    )
