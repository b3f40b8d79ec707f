"""A product's pricing plans (editor §3): terms checked by the API's contract before they get here; an event's plan
sells one of its tickets, no other product's plan names a ticket."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.ext.asyncio import AsyncSession

from domain.billing.billing_calendar import PlanTerms
from domain.catalog.products import ProductForm
from domain.errors import invalid
from store.catalog.actions import plan_added, plan_changed
from store.catalog.models import PricingPlan
from store.catalog.queries import ProductView, product_of
from store.catalog.tickets import ticket_of


@dataclass(frozen=True)
class PlanWanted:
    name: str
    terms: PlanTerms
    use_net_price: bool
    ticket_id: int | None


async def _checked_ticket(s: AsyncSession, v: ProductView, ticket_id: int | None) -> None:
    if v.product.form != ProductForm.event:
        if ticket_id is not None:
            raise invalid(ticket_id="only an event's plan sells a ticket")
        return
    if ticket_id is None:
        raise invalid(ticket_id="required")
    await ticket_of(s, v.product, ticket_id)


async def plan_kept(
    s: AsyncSession, seller_id: int, product_id: int, wanted: PlanWanted, plan_id: int | None = None
) -> PricingPlan:
    """A new plan, or new terms of `plan_id` for the orders to come (an order keeps the terms it was bought with)."""
    v = await product_of(s, seller_id, product_id)
    await _checked_ticket(s, v, wanted.ticket_id)
    name, terms, net, ticket = wanted.name.strip(), wanted.terms, wanted.use_net_price, wanted.ticket_id
    if plan_id is None:
        return await plan_added(s, v, name=name, terms=terms, use_net_price=net, ticket_id=ticket)
    return await plan_changed(s, v, plan_id, name=name, terms=terms, use_net_price=net, ticket_id=ticket)
