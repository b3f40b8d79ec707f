"""A product's extra options and offers as the cabinet edits them."""

from __future__ import annotations

from api.schemas.addons import AddonOut, AddonsOut
from domain.catalog.products import Publication
from store.catalog.addons import Offer
from store.catalog.models import Product


def addons_out(product: Product, offers: list[Offer]) -> AddonsOut:
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
