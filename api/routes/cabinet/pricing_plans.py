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
from services import pricing_plans
from store.catalog.actions import (
    plan_removed,
)
from store.catalog.queries import product_of

router = APIRouter()


@router.get("/products/{product_id}/pricing_plans", response_model=PlanList)
async def list_plans(product_id: Id, seller: CurrentSeller, s: DB) -> PlanList:
    v = await product_of(s, seller.id, product_id)
    items = [plan_out(x) for x in v.plans if x.active]
    return PlanList(list=items, total_count=len(items))


def _wanted(body: PlanIn) -> pricing_plans.PlanWanted:
    _, terms = checked_terms(body)
    return pricing_plans.PlanWanted(body.name, terms, bool(body.use_net_price), body.ticket_id)


@router.post("/products/{product_id}/pricing_plans", response_model=PlanOut, status_code=201)
async def add_plan(product_id: Id, body: PlanIn, seller: CurrentSeller, s: DB) -> PlanOut:
    return plan_out(await pricing_plans.plan_kept(s, seller.id, product_id, _wanted(body)))


@router.put("/products/{product_id}/pricing_plans/{plan_id}", response_model=PlanOut)
async def change_plan(product_id: Id, plan_id: Id, body: PlanIn, seller: CurrentSeller, s: DB) -> PlanOut:
    """New terms for the orders to come; an order keeps the terms it was bought with."""
    return plan_out(await pricing_plans.plan_kept(s, seller.id, product_id, _wanted(body), plan_id))


@router.delete("/products/{product_id}/pricing_plans/{plan_id}", status_code=204)
async def remove_plan(product_id: Id, plan_id: Id, seller: CurrentSeller, s: DB) -> None:
    v = await product_of(s, seller.id, product_id)
    plan_removed(v, plan_id)
