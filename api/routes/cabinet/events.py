"""`/v1/cabinet/products/{id}/tickets`, `…/payment_tickets` and `/v1/cabinet/tickets/check_in`: an event's
tickets, the payment tickets its buyers hold (and their CSV), and letting a ticket in once at the door."""

from __future__ import annotations

import csv
import io
from typing import Annotated, Any

from fastapi import APIRouter, Query, Response

from api.deps import DB, CurrentSeller
from api.listing import dated_attachment
from api.presenters.events import payment_ticket_out, ticket_out, tickets_answer
from api.schemas.events import (
    CheckInIn,
    CheckInOut,
    PaymentTicketList,
    SellerPaymentTicketList,
    SellerPaymentTicketOut,
    TicketIn,
    TicketList,
    TicketOut,
    TicketOverview,
    TicketTallyOut,
)
from api.schemas.fields import Id
from core.settings import get_settings
from domain.catalog.events import PaymentTicketState, shown_code
from domain.csv_cells import text_cell
from domain.money import decimal_text
from services.events import event_product, let_in, ticket_changed, ticket_fields
from store.accounts.queries import seller_user_of
from store.catalog.queries import product_row
from store.catalog.tickets import (
    SellerTicket,
    held_counts,
    payment_tickets_listed,
    seller_payment_tickets,
    ticket_added,
    ticket_invalidated,
    ticket_of,
    ticket_removed,
    ticket_tallies,
)

router = APIRouter()
Page = Annotated[int, Query(ge=1, le=100_000)]
Per = Annotated[int, Query(ge=1, le=200)]


@router.get("/products/{product_id}/tickets", response_model=TicketList)
async def list_tickets(product_id: Id, seller: CurrentSeller, s: DB) -> TicketList:
    return await tickets_answer(s, await event_product(s, seller.id, product_id))


@router.post("/products/{product_id}/tickets", response_model=TicketOut, status_code=201)
async def add_ticket(product_id: Id, body: TicketIn, seller: CurrentSeller, s: DB) -> TicketOut:
    product = await event_product(s, seller.id, product_id)
    return ticket_out(await ticket_added(s, product, ticket_fields(body.model_dump())), 0)


@router.put("/products/{product_id}/tickets/{ticket_id}", response_model=TicketOut)
async def change_ticket(
    product_id: Id, ticket_id: Id, body: TicketIn, seller: CurrentSeller, s: DB
) -> TicketOut:
    """A ticket's dates, place and capacity; a capacity below what is sold already is refused."""
    product = await event_product(s, seller.id, product_id)
    t = await ticket_of(s, product, ticket_id)
    fields = ticket_fields(body.model_dump())
    held = (await held_counts(s, [t.id])).get(t.id, 0)
    await ticket_changed(s, t, fields, held)
    return ticket_out(t, held)


@router.delete("/products/{product_id}/tickets/{ticket_id}", status_code=204)
async def remove_ticket(product_id: Id, ticket_id: Id, seller: CurrentSeller, s: DB) -> Response:
    product = await event_product(s, seller.id, product_id)
    await ticket_removed(s, await ticket_of(s, product, ticket_id))
    return Response(status_code=204)


@router.get("/products/{product_id}/payment_tickets", response_model=PaymentTicketList)
async def list_payment_tickets(
    product_id: Id, seller: CurrentSeller, s: DB, page: Page = 1, per: Per = 50
) -> PaymentTicketList:
    product = await event_product(s, seller.id, product_id)
    rows, total = await payment_tickets_listed(s, product, page, per)
    return PaymentTicketList(list=[payment_ticket_out(h, product) for h in rows], total_count=total)


CSV_ANSWER: dict[int | str, dict[str, Any]] = {
    200: {"content": {"text/csv": {}}, "description": "The tickets as CSV"}
}


@router.get("/products/{product_id}/payment_tickets/csv", response_class=Response, responses=CSV_ANSWER)
async def payment_tickets_csv(product_id: Id, seller: CurrentSeller, s: DB) -> Response:
    """Every payment ticket of the event as CSV (the guest list), cells guarded against spreadsheet formulas."""
    product = await event_product(s, seller.id, product_id)
    rows, _ = await payment_tickets_listed(s, product, 1, 100_000)
    out = io.StringIO()
    w = csv.writer(out)
    labels = [q["label"] for q in product.opt_ins or []]
    w.writerow(
        [
            "code",
            "ticket",
            "state",
            "name",
            "email",
            "order",
            "checked_in_at",
            "attendee_name",
            "attendee_email",
            *map(text_cell, labels),
        ]
    )
    for h in rows:
        p = payment_ticket_out(h, product)
        w.writerow(
            [
                p.code,
                text_cell(p.ticket_name),
                p.state.value,
                text_cell(p.payer_name),
                text_cell(p.payer_email),
                p.order_token,
                p.used_at.isoformat() if p.used_at else "",
                text_cell(f"{p.attendee.first_name} {p.attendee.last_name}" if p.attendee else ""),
                text_cell(p.attendee.email if p.attendee else ""),
                *(_answer_cell(p.answers.get(label)) for label in labels),
            ]
        )
    return Response(
        out.getvalue(),
        media_type="text/csv; charset=utf-8",
        headers=dated_attachment(f"tickets-{product.id}.csv"),
    )


def _answer_cell(answer: str | bool | None) -> str:
    if answer is True:
        return "yes"
    return text_cell(answer) if isinstance(answer, str) else ""


@router.post("/tickets/check_in", response_model=CheckInOut)
async def check_in(body: CheckInIn, seller: CurrentSeller, s: DB) -> CheckInOut:
    """Lets a ticket in by its code, once: a second time answers 409 `ticket_used` (with when), a refunded,
    invalidated or expired ticket 409 with its reason, an unknown code 404. Only the seller's own tickets."""
    code, h = await let_in(s, seller.id, body.code)
    product = await product_row(s, h.payment.product_id)
    assert h.payment.used_at is not None
    return CheckInOut(
        code=shown_code(code),
        product_name=product.name if product else "",
        ticket_name=h.ticket.name,
        payer_name=h.holder_name,  # the attendee when the buyer named one: the person at the door
        payer_email=h.holder_email,
        starts_at=h.ticket.starts_at,
        used_at=h.payment.used_at,
    )


# ----- every event's payment tickets: the overview, the details list, its CSV, invalidating one --------------------
SearchText = Annotated[str, Query(max_length=200)]


@router.get("/payment_tickets/overview", response_model=TicketOverview)
async def payment_tickets_overview(seller: CurrentSeller, s: DB) -> TicketOverview:
    """Per event and ticket (the next events first): how many were sold, let in, still to come, refunded,
    expired unused and invalidated."""
    out = []
    for t in await ticket_tallies(s, seller.id):
        c = {state: t.counts.get(state, 0) for state in PaymentTicketState}
        out.append(
            TicketTallyOut(
                product_id=t.product_id,
                product_name=t.product_name,
                ticket_id=t.ticket_id,
                ticket_name=t.ticket_name,
                starts_at=t.starts_at,
                time_zone=t.time_zone,
                limit=t.limit,
                sold=sum(c.values()),
                **{state.value: n for state, n in c.items()},
            )
        )
    return TicketOverview(tickets=out)


def _seller_ticket_out(x: SellerTicket) -> SellerPaymentTicketOut:
    h = x.held
    return SellerPaymentTicketOut(
        **payment_ticket_out(h, x.product).model_dump(),
        product_id=x.product.id,
        product_name=x.product.name,
        starts_at=h.ticket.starts_at,
        time_zone=h.ticket.time_zone,
        location=h.ticket.location,
        online=h.ticket.online,
        price=h.order.total,
        currency=h.order.currency_key,
        reserved_at=h.payment.reserved_at,
        invalidated_at=h.payment.invalidated_at,
    )


@router.get("/payment_tickets", response_model=SellerPaymentTicketList)
async def all_payment_tickets(
    seller: CurrentSeller,
    s: DB,
    page: Page = 1,
    per: Per = 50,
    product_id: Annotated[int | None, Query(ge=1, le=2**53)] = None,
    state: PaymentTicketState | None = None,
    query: SearchText | None = None,
) -> SellerPaymentTicketList:
    """Every payment ticket of the seller's events, newest first: by event, by state, by code or buyer address."""
    rows, total = await seller_payment_tickets(
        s, seller.id, page, per, product_id=product_id, state=state, query=(query or "").strip() or None
    )
    return SellerPaymentTicketList(list=[_seller_ticket_out(x) for x in rows], total_count=total)


# core §3 payment ticket CSV: exactly these columns, in this order
PAYMENT_TICKET_CSV_COLUMNS = [
    "id",
    "event_date",
    "qr_code_url",
    "code",
    "state",
    "date",
    "product_name",
    "ticket_name",
    "location",
    "transfer_id",
    "price",
    "phone_number",
    "order_id",
]


@router.get("/payment_tickets/csv", response_class=Response, responses=CSV_ANSWER)
async def all_payment_tickets_csv(
    seller: CurrentSeller,
    s: DB,
    product_id: Annotated[int | None, Query(ge=1, le=2**53)] = None,
    state: PaymentTicketState | None = None,
    query: SearchText | None = None,
) -> Response:
    """The list's tickets (its filters) as CSV with core §3's columns; the QR code's link is the ticket's page."""
    user = await seller_user_of(s, seller.id)
    base = f"{get_settings().public_url}/s/{user.username if user else ''}/tickets/"
    out = io.StringIO()
    w = csv.writer(out, delimiter=";", lineterminator="\r\n")
    w.writerow(PAYMENT_TICKET_CSV_COLUMNS)
    page = 1
    while True:
        rows, total = await seller_payment_tickets(
            s, seller.id, page, 500, product_id=product_id, state=state, query=(query or "").strip() or None
        )
        for x in rows:
            h = x.held
            w.writerow(
                [
                    h.payment.id,
                    h.ticket.starts_at.isoformat() if h.ticket.starts_at else "",
                    base + shown_code(h.payment.code),
                    shown_code(h.payment.code),
                    h.state.value,
                    h.payment.reserved_at.isoformat(),
                    text_cell(x.product.name),
                    text_cell(h.ticket.name),
                    text_cell(h.ticket.location or ("online" if h.ticket.online else "")),
                    x.transfer_id or "",
                    decimal_text(h.order.total, h.order.currency_key),
                    "",  # the checkout asks no phone number (docs/DECISIONS.md 'Payment tickets')
                    h.order.token,
                ]
            )
        if not rows or page * 500 >= total:
            break
        page += 1
    return Response(
        out.getvalue(),
        media_type="text/csv; charset=utf-8",
        headers=dated_attachment("payment_tickets.csv"),
    )


@router.post("/payment_tickets/{payment_ticket_id}/invalidate", response_model=SellerPaymentTicketOut)
async def invalidate_payment_ticket(
    payment_ticket_id: Id, seller: CurrentSeller, s: DB
) -> SellerPaymentTicketOut:
    """Voids a ticket so it lets no one in (409 when it was used, refunded or invalidated already). The money
    stays: refunding is the order's own action."""
    h = await ticket_invalidated(s, seller.id, payment_ticket_id)
    product = await product_row(s, h.payment.product_id)
    assert product is not None
    return _seller_ticket_out(SellerTicket(h, product, None))
