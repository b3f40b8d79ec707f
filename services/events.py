"""An event (a product of form event) of the seller's, for its tickets and their design."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from domain.catalog.products import ProductForm
from domain.errors import DomainError, ErrorCode
from store.catalog.models import Product, Ticket
from store.catalog.queries import product_of
from store.catalog.tickets import tickets_of


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
