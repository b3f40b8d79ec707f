"""`/v1/cabinet/products/{id}/tickets`, `…/payment_tickets` and `/v1/cabinet/tickets/check_in`: an event's
tickets, the payment tickets its buyers hold (and their CSV), and letting a ticket in once at the door."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime
from typing import Annotated

from fastapi import APIRouter, Query, Response

from api.deps import DB, CurrentSeller
from api.schemas.events import (
    CheckInIn,
    CheckInOut,
    PaymentTicketList,
    PaymentTicketOut,
    TicketIn,
    TicketList,
    TicketOut,
)
from api.schemas.fields import Id
from domain.csv_cells import text_cell
from domain.errors import DomainError, ErrorCode, invalid
from domain.events import dates_problem, shown_code, ticket_over, time_zone_ok, typed_code
from domain.products import ProductForm
from store.catalog.models import Product, Ticket
from store.catalog.queries import product_of
from store.catalog.tickets import (
    HeldTicket,
    checked_in,
    held_counts,
    payment_tickets_listed,
    ticket_added,
    ticket_of,
    ticket_removed,
    tickets_of,
)

router = APIRouter()
Page = Annotated[int, Query(ge=1, le=100_000)]
Per = Annotated[int, Query(ge=1, le=200)]


async def _event(s: DB, seller_id: int, product_id: int) -> Product:
    product = (await product_of(s, seller_id, product_id)).product
    if product.form != ProductForm.event:
        raise DomainError(ErrorCode.NOT_FOUND, "This product is not an event.")
    return product


def _checked(body: TicketIn) -> dict:
    if not time_zone_ok(body.time_zone):
        raise invalid(time_zone="unknown time zone")
    if problem := dates_problem(body.starts_at, body.ends_at, body.without_dates):
        raise DomainError(ErrorCode.INVALID_INPUT, fields={"starts_at": problem}, reason=problem)
    for at in (body.starts_at, body.ends_at):
        if at is not None and at.tzinfo is None:
            raise invalid(starts_at="a moment with its offset (e.g. 2027-05-01T18:00:00+02:00)")
    fields = body.model_dump()
    fields["name"] = body.name.strip()
    fields["location"] = (body.location or "").strip() or None
    if body.without_dates:
        fields["starts_at"] = fields["ends_at"] = None
    return fields


def _ticket_out(t: Ticket, held: int) -> TicketOut:
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


async def tickets_answer(s: DB, product: Product) -> TicketList:
    tickets = await tickets_of(s, product.id)
    held = await held_counts(s, [t.id for t in tickets])
    return TicketList(list=[_ticket_out(t, held.get(t.id, 0)) for t in tickets])


@router.get("/products/{product_id}/tickets", response_model=TicketList)
async def list_tickets(product_id: Id, seller: CurrentSeller, s: DB) -> TicketList:
    return await tickets_answer(s, await _event(s, seller.id, product_id))


@router.post("/products/{product_id}/tickets", response_model=TicketOut, status_code=201)
async def add_ticket(product_id: Id, body: TicketIn, seller: CurrentSeller, s: DB) -> TicketOut:
    product = await _event(s, seller.id, product_id)
    return _ticket_out(await ticket_added(s, product, _checked(body)), 0)


@router.put("/products/{product_id}/tickets/{ticket_id}", response_model=TicketOut)
async def change_ticket(
    product_id: Id, ticket_id: Id, body: TicketIn, seller: CurrentSeller, s: DB
) -> TicketOut:
    """A ticket's dates, place and capacity; a capacity below what is sold already is refused."""
    product = await _event(s, seller.id, product_id)
    t = await ticket_of(s, product, ticket_id)
    fields = _checked(body)
    held = (await held_counts(s, [t.id])).get(t.id, 0)
    if fields["limit"] is not None and fields["limit"] < held:
        raise DomainError(
            ErrorCode.INVALID_INPUT,
            f"{held} tickets are sold already.",
            {"limit": "below_sold"},
            reason="below_sold",
        )
    for k, v in fields.items():
        setattr(t, k, v)
    t.updated_at = datetime.now(UTC)
    await s.flush()
    return _ticket_out(t, held)


@router.delete("/products/{product_id}/tickets/{ticket_id}", status_code=204)
async def remove_ticket(product_id: Id, ticket_id: Id, seller: CurrentSeller, s: DB) -> Response:
    product = await _event(s, seller.id, product_id)
    await ticket_removed(s, await ticket_of(s, product, ticket_id))
    return Response(status_code=204)


def _answers(product: Product, h: HeldTicket) -> dict[str, str | bool]:
    labels = {q["id"]: q["label"] for q in product.opt_ins or []}
    return {labels.get(k, k): v for k, v in (h.order.opt_in_answers or {}).items()}


def _payment_out(h: HeldTicket, product: Product) -> PaymentTicketOut:
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
    )


@router.get("/products/{product_id}/payment_tickets", response_model=PaymentTicketList)
async def list_payment_tickets(
    product_id: Id, seller: CurrentSeller, s: DB, page: Page = 1, per: Per = 50
) -> PaymentTicketList:
    product = await _event(s, seller.id, product_id)
    rows, total = await payment_tickets_listed(s, product, page, per)
    return PaymentTicketList(list=[_payment_out(h, product) for h in rows], total_count=total)


@router.get("/products/{product_id}/payment_tickets/csv")
async def payment_tickets_csv(product_id: Id, seller: CurrentSeller, s: DB) -> Response:
    """Every payment ticket of the event as CSV (the guest list), cells guarded against spreadsheet formulas."""
    product = await _event(s, seller.id, product_id)
    rows, _ = await payment_tickets_listed(s, product, 1, 100_000)
    out = io.StringIO()
    w = csv.writer(out)
    labels = [q["label"] for q in product.opt_ins or []]
    w.writerow(
        ["code", "ticket", "state", "name", "email", "order", "checked_in_at", *map(text_cell, labels)]
    )
    for h in rows:
        p = _payment_out(h, product)
        w.writerow(
            [
                p.code,
                text_cell(p.ticket_name),
                p.state.value,
                text_cell(p.payer_name),
                text_cell(p.payer_email),
                p.order_token,
                p.used_at.isoformat() if p.used_at else "",
                *(_answer_cell(p.answers.get(label)) for label in labels),
            ]
        )
    return Response(
        out.getvalue(),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="tickets-{product.id}.csv"'},
    )


def _answer_cell(answer: str | bool | None) -> str:
    if answer is True:
        return "yes"
    return text_cell(answer) if isinstance(answer, str) else ""


@router.post("/tickets/check_in", response_model=CheckInOut)
async def check_in(body: CheckInIn, seller: CurrentSeller, s: DB) -> CheckInOut:
    """Lets a ticket in by its code, once: a second time answers 409 `ticket_used` (with when), a refunded,
    invalidated or expired ticket 409 with its reason, an unknown code 404. Only the seller's own tickets."""
    code = typed_code(body.code)
    if code is None:
        raise invalid(code="not a ticket code")
    h = await checked_in(s, seller.id, code)
    product = await s.get(Product, h.payment.product_id)
    assert h.payment.used_at is not None
    return CheckInOut(
        code=shown_code(code),
        product_name=product.name if product else "",
        ticket_name=h.ticket.name,
        payer_name=h.order.payer_name,
        payer_email=h.order.payer_email,
        starts_at=h.ticket.starts_at,
        used_at=h.payment.used_at,
    )
