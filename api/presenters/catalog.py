"""A product as the shop shows it, for the shop's page and the seller's preview of it."""

from __future__ import annotations

from dataclasses import asdict

from api.deps import DB
from api.presenters.checkout import offer_out
from api.presenters.events import tickets_answer
from api.schemas.catalog import cover_out, plan_out
from api.schemas.checkout_pages import CheckoutPageIn, SocialProofOut
from api.schemas.shop import PlanMethods, ShopProduct, ShopTicket
from domain.addons import AddonKind
from domain.payments.gateways import methods_for
from domain.products import ProductForm
from store.accounts.queries import display_name, seller_user_of
from store.catalog.addons import offers_of
from store.catalog.checkout_pages import page_of, social_proof_of
from store.catalog.queries import ProductView
from store.orders.bank_wire import payment_matrix


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
