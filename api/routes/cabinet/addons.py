"""`/v1/cabinet/products/{id}/addons`: a product's extra options and its bumps, upsells and downsells (editor §2
upsell step, §3 extra options). Scoped to the caller's seller."""

from __future__ import annotations

from fastapi import APIRouter

from api.deps import DB, CurrentSeller
from api.schemas.addons import AddonOut, AddonsIn, AddonsOut
from api.schemas.fields import Id
from domain.catalog.products import Publication
from store.catalog.addons import AddonWanted, Offer, addons_of, addons_set
from store.catalog.models import Product
from store.catalog.queries import product_of

router = APIRouter()


def _out(product: Product, offers: list[Offer]) -> AddonsOut:
    return AddonsOut(
        upsell=product.upsell,
        upsell_title=product.upsell_title,
        main_product_required=product.main_product_required,
        bumps_grouping=product.bumps_grouping,
        addons=[
            AddonOut(
                id=o.addon.id,
                product_id=o.view.product.id,
                product_name=o.view.product.name,
                form=o.view.product.form,
                pricing_plan_id=o.plan.id,
                plan_name=o.plan.name,
                payment_type=o.plan.payment_type,
                price=o.plan.price,
                currency=o.plan.currency,
                kind=o.addon.kind,
                position=o.addon.position,
                title=o.addon.title,
                description=o.addon.description,
                sellable=o.view.product.publication == Publication.published
                and not o.view.product.is_archived
                and not o.view.reasons
                and o.plan.active,
            )
            for o in offers
        ],
    )


@router.get("/products/{product_id}/addons", response_model=AddonsOut)
async def get_addons(product_id: Id, seller: CurrentSeller, s: DB) -> AddonsOut:
    v = await product_of(s, seller.id, product_id)
    return _out(v.product, await addons_of(s, v.product.id))


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
    return _out(v.product, offers)
