"""`/v1/shop/{username}/products/{slug}`: the public product page."""

from __future__ import annotations

from dataclasses import asdict
from typing import Annotated

from fastapi import APIRouter, Path
from fastapi.responses import FileResponse

from api.deps import DB
from api.routes.cabinet.events import tickets_answer
from api.schemas.addons import OfferOut
from api.schemas.catalog import cover_out, plan_out
from api.schemas.checkout_pages import CheckoutPageIn, SocialProofOut
from api.schemas.fields import Id
from api.schemas.shop import PlanMethods, ShopProduct, ShopTicket
from domain.addons import AddonKind
from domain.errors import DomainError, ErrorCode
from domain.payment_methods import methods_for
from domain.products import ProductForm
from providers.storage.local import storage
from store.accounts.queries import display_name, seller_user_of
from store.catalog.addons import Offer, offers_of
from store.catalog.checkout_pages import page_of, product_viewed, social_proof_of
from store.catalog.queries import ProductView, product_cover, shop_product
from store.orders.bank_wire import payment_matrix

router = APIRouter()


@router.get("/{username}/products/{slug}", response_model=ShopProduct)
async def get_shop_product(username: str, slug: str, s: DB) -> ShopProduct:
    v = await shop_product(s, username, slug)
    await product_viewed(s, v.product.id)  # the social proof's total views (the seller's preview is not one)
    return await shop_product_answer(s, v, username)


async def shop_product_answer(s: DB, v: ProductView, username: str) -> ShopProduct:
    """The product page's answer: what buyers see (also the seller's preview of a product not published yet)."""
    user = await seller_user_of(s, v.seller.id)
    plan = v.price_plan
    page = await page_of(s, v.product)
    matrix = await payment_matrix(s, v.product.seller_id)
    proof = await social_proof_of(s, v.product, page)
    return ShopProduct(
        id=v.product.id,
        name=v.product.name,
        description=v.product.description,
        slug=v.product.slug,
        seller_username=v.seller_username or username,
        seller_name=display_name(user) or username,
        form=v.product.form,
        display_price=plan.price if plan else None,
        currency=plan.currency if plan else None,
        pricing_plans=[plan_out(x) for x in v.plans if x.active],
        sellable=not v.reasons,
        not_sellable_reasons=v.reasons,
        opt_ins=v.product.opt_ins or [],
        cover=cover_out(v.product.id, v.product.cover),
        tickets=[
            ShopTicket(**t.model_dump(exclude={"held", "limit"}))
            for t in (await tickets_answer(s, v.product)).list
        ]
        if v.product.form == ProductForm.event
        else [],
        bumps=[offer_out(o) for o in await offers_of(s, v.product.id, {AddonKind.bump})],
        bumps_grouping=v.product.bumps_grouping,
        upsell_title=v.product.upsell_title,
        main_product_required=v.product.main_product_required,
        checkout=CheckoutPageIn.model_validate(page.to_json()),
        social_proof=SocialProofOut(**asdict(proof)),
        payment_methods=[
            PlanMethods(pricing_plan_id=x.id, methods=methods_for(matrix, x.payment_type, x.currency))
            for x in v.plans
            if x.active
        ],
    )


def offer_out(o: Offer) -> OfferOut:
    p = o.view.product
    cover = cover_out(p.id, p.cover)
    return OfferOut(
        id=o.addon.id,
        kind=o.addon.kind,
        product_name=p.name,
        form=p.form,
        title=o.addon.title,
        description=o.addon.description,
        position=o.addon.position,
        plan_name=o.plan.name,
        payment_type=o.plan.payment_type,
        price=o.plan.price,
        currency=o.plan.currency,
        cover_url=cover.variants[0].url if cover and cover.variants else None,
    )


@router.get(
    "/covers/{product_id}/{token}/{size}.webp",
    response_class=FileResponse,
    responses={200: {"content": {"image/webp": {}}, "description": "A product cover in one size"}},
)
async def cover_image(
    product_id: Id,
    token: Annotated[str, Path(pattern="^[0-9a-f]{16}$")],
    size: Annotated[str, Path(pattern="^s[0-9]{2,4}$")],
    s: DB,
) -> FileResponse:
    """A cover in one of its sizes. Its address changes with each new cover, so it is cached for a year."""
    cover = await product_cover(s, product_id)
    variant = (cover or {}).get("variants", {}).get(size) if cover and cover.get("token") == token else None
    if variant is None:
        raise DomainError(ErrorCode.NOT_FOUND, "No such cover.")
    return FileResponse(
        storage().path(variant["key"]),
        media_type="image/webp",
        headers={"Cache-Control": "public, max-age=31536000, immutable"},
    )
