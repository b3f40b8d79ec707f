"""An event's tickets with what is held of each, for the seller's editor and the shop's product page."""

from __future__ import annotations

from datetime import UTC, datetime

from api.deps import DB
from api.schemas.events import (
    PaymentTicketOut,
    TicketDesignOut,
    TicketList,
    TicketOut,
)
from domain.catalog.events import TicketDesign, shown_code, ticket_over
from store.catalog.models import Product, Ticket
from store.catalog.tickets import (
    HeldTicket,
    held_counts,
    tickets_of,
)


async def tickets_answer(s: DB, product: Product) -> TicketList:
    tickets = await tickets_of(s, product.id)
    held = await held_counts(s, [t.id for t in tickets])
    return TicketList(list=[ticket_out(t, held.get(t.id, 0)) for t in tickets])


def ticket_out(t: Ticket, held: int) -> TicketOut:
    return TicketOut(
        id=t.id,
        name=t.name,
        starts_at=t.starts_at,
        ends_at=t.ends_at,
        time_zone=t.time_zone,
        location=t.location,
        online=t.online,
        without_dates=t.without_dates,
        limit=t.limit,
        held=held,
        sold_out=t.limit is not None and held >= t.limit,
        over=ticket_over(t.starts_at, t.ends_at, t.without_dates, datetime.now(UTC)),
    )


def design_out(product: Product) -> TicketDesignOut:
    d = TicketDesign.of(product.ticket_design)
    return TicketDesignOut(
        accent_color=d.accent_color,
        note=d.note,
        show_seller=d.show_seller,
        has_logo=d.logo_file_id is not None,
    )


def _answers(product: Product, h: HeldTicket) -> dict[str, str | bool]:
    labels = {q["id"]: q["label"] for q in product.opt_ins or []}
    return {labels.get(k, k): v for k, v in (h.order.opt_in_answers or {}).items()}


def payment_ticket_out(h: HeldTicket, product: Product) -> PaymentTicketOut:
    return PaymentTicketOut(
        id=h.payment.id,
        code=shown_code(h.payment.code),
        ticket_name=h.ticket.name,
        state=h.state,
        payer_email=h.order.payer_email,
        payer_name=h.order.payer_name,
        order_token=h.order.token,
        used_at=h.payment.used_at,
        answers=_answers(product, h),
        attendee=h.payment.attendee,
    )
