"""`/v1/cabinet/products/{id}/pricing_plans`: a product's pricing plans (editor §3), their terms checked before
they are saved. Scoped to the caller's seller."""

from __future__ import annotations

from fastapi import APIRouter

from api.deps import DB, CurrentSeller
from api.schemas.catalog import (
    PlanIn,
    PlanList,
    PlanOut,
    checked_terms,
    plan_out,
)
from api.schemas.fields import Id
from domain.catalog.products import (
    ProductForm,
)
from domain.errors import invalid
from store.catalog.actions import (
    plan_added,
    plan_changed,
    plan_removed,
)
from store.catalog.queries import ProductView, product_of
from store.catalog.tickets import ticket_of

router = APIRouter()


@router.get("/products/{product_id}/pricing_plans", response_model=PlanList)
async def list_plans(product_id: Id, seller: CurrentSeller, s: DB) -> PlanList:
    v = await product_of(s, seller.id, product_id)
    items = [plan_out(x) for x in v.plans if x.active]
    return PlanList(list=items, total_count=len(items))


@router.post("/products/{product_id}/pricing_plans", response_model=PlanOut, status_code=201)
async def add_plan(product_id: Id, body: PlanIn, seller: CurrentSeller, s: DB) -> PlanOut:
    v = await product_of(s, seller.id, product_id)
    currency, terms = checked_terms(body)
    await _checked_ticket(s, v, body.ticket_id)
    plan = await plan_added(
        s,
        v,
        name=body.name.strip(),
        terms=terms,
        use_net_price=bool(body.use_net_price),
        ticket_id=body.ticket_id,
    )
    return plan_out(plan)


async def _checked_ticket(s: DB, v: ProductView, ticket_id: int | None) -> None:
    """An event's plan sells one of its tickets; no other product's plan names a ticket."""
    if v.product.form != ProductForm.event:
        if ticket_id is not None:
            raise invalid(ticket_id="only an event's plan sells a ticket")
        return
    if ticket_id is None:
        raise invalid(ticket_id="required")
    await ticket_of(s, v.product, ticket_id)


@router.put("/products/{product_id}/pricing_plans/{plan_id}", response_model=PlanOut)
async def change_plan(product_id: Id, plan_id: Id, body: PlanIn, seller: CurrentSeller, s: DB) -> PlanOut:
    """New terms for the orders to come; an order keeps the terms it was bought with."""
    v = await product_of(s, seller.id, product_id)
    _, terms = checked_terms(body)
    await _checked_ticket(s, v, body.ticket_id)
    plan = await plan_changed(
        s,
        v,
        plan_id,
        name=body.name.strip(),
        terms=terms,
        use_net_price=bool(body.use_net_price),
        ticket_id=body.ticket_id,
    )
    return plan_out(plan)


@router.delete("/products/{product_id}/pricing_plans/{plan_id}", status_code=204)
async def remove_plan(product_id: Id, plan_id: Id, seller: CurrentSeller, s: DB) -> None:
    v = await product_of(s, seller.id, product_id)
    plan_removed(v, plan_id)
