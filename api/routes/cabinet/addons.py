"""`/v1/cabinet/products/{id}/addons`: a product's extra options and its bumps, upsells and downsells (editor §2
upsell step, §3 extra options). Scoped to the caller's seller."""

from __future__ import annotations

from fastapi import APIRouter

from api.deps import DB, CurrentSeller
from api.presenters.addons import addons_out
from api.schemas.addons import AddonsIn, AddonsOut
from api.schemas.fields import Id
from store.catalog.addons import AddonWanted, addons_of, addons_set
from store.catalog.queries import product_of

router = APIRouter()


@router.get("/products/{product_id}/addons", response_model=AddonsOut)
async def get_addons(product_id: Id, seller: CurrentSeller, s: DB) -> AddonsOut:
    v = await product_of(s, seller.id, product_id)
    return addons_out(v.product, await addons_of(s, v.product.id))


@router.put("/products/{product_id}/addons", response_model=AddonsOut)
async def set_addons(product_id: Id, body: AddonsIn, seller: CurrentSeller, s: DB) -> AddonsOut:
    """The extra options and the offers, in order (replaces them). Refused whole (400 on `addons.{i}.…` with a
    `reason`) when an offer is not the seller's published product, of a form that cannot be offered, itself,
    twice, at a plan that is not that product's, a bump not paid once or in another currency, or a downsell
    without an upsell."""
    v = await product_of(s, seller.id, product_id)
    offers = await addons_set(
        s,
        v.product,
        upsell=body.upsell,
        upsell_title=body.upsell_title,
        main_product_required=body.main_product_required,
        bumps_grouping=body.bumps_grouping,
        wanted=[
            AddonWanted(a.product_id, a.pricing_plan_id, a.kind, a.position, a.title, a.description)
            for a in body.addons
        ],
    )
    return addons_out(v.product, offers)
