"""An event (a product of form event) of the seller's, for its tickets and their design."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from domain.catalog.events import dates_problem, time_zone_ok, typed_code
from domain.catalog.products import ProductForm
from domain.errors import DomainError, ErrorCode, invalid
from store.catalog.models import Product, Ticket
from store.catalog.queries import product_of
from store.catalog.tickets import HeldTicket, checked_in, tickets_of


async def event_product(s: AsyncSession, seller_id: int, product_id: int) -> Product:
    product = (await product_of(s, seller_id, product_id)).product
    if product.form != ProductForm.event:
        raise DomainError(ErrorCode.NOT_FOUND, "This product is not an event.")
    return product


async def design_changed(s: AsyncSession, product: Product, changes: Mapping[str, object]) -> None:
    """The event's ticket design changed (every ticket's page and PDF follow it, those sold already too)."""
    product.ticket_design = {**(product.ticket_design or {}), **changes}
    await s.flush()


async def ticket_changed(s: AsyncSession, ticket: Ticket, fields: Mapping[str, object], held: int) -> None:
    """A ticket's dates, place and capacity; a capacity below the `held` tickets sold already is refused."""
    limit = fields.get("limit")
    if isinstance(limit, int) and limit < held:
        raise DomainError(
            ErrorCode.INVALID_INPUT,
            f"{held} tickets are sold already.",
            {"limit": "below_sold"},
            reason="below_sold",
        )
    for k, v in fields.items():
        setattr(ticket, k, v)
    ticket.updated_at = datetime.now(UTC)
    await s.flush()


async def sample_ticket(s: AsyncSession, product: Product) -> Ticket:
    """The ticket a design's sample shows: the event's first, or a made-up one a month from now (not stored)."""
    tickets = await tickets_of(s, product.id)
    if tickets:
        return tickets[0]
    start = datetime.now(UTC).replace(minute=0, second=0, microsecond=0) + timedelta(days=30)
    return Ticket(name=product.name, starts_at=start, time_zone="UTC", online=False, without_dates=False)


def ticket_fields(sent: dict[str, Any]) -> dict[str, Any]:
    """A ticket's fields once its time zone is one, its dates fit (an end after the start, both with their offset)
    and its texts are trimmed; a ticket without dates keeps none (400 naming the field)."""
    if not time_zone_ok(sent["time_zone"]):
        raise invalid(time_zone="unknown time zone")
    if problem := dates_problem(sent["starts_at"], sent["ends_at"], sent["without_dates"]):
        raise DomainError(ErrorCode.INVALID_INPUT, fields={"starts_at": problem}, reason=problem)
    for at in (sent["starts_at"], sent["ends_at"]):
        if at is not None and at.tzinfo is None:
            raise invalid(starts_at="a moment with its offset (e.g. 2027-05-01T18:00:00+02:00)")
    fields = dict(sent)
    fields["name"] = sent["name"].strip()
    fields["location"] = (sent["location"] or "").strip() or None
    if sent["without_dates"]:
        fields["starts_at"] = fields["ends_at"] = None
    return fields


async def let_in(s: AsyncSession, seller_id: int, typed: str) -> tuple[str, HeldTicket]:
    """A ticket of the seller's let in by its code as typed or printed, once (409 `ticket_used` the second time,
    or the reason a refunded, invalidated or expired ticket lets no one in; 404 for an unknown code)."""
    code = typed_code(typed)
    if code is None:
        raise invalid(code="not a ticket code")
    return code, await checked_in(s, seller_id, code)
