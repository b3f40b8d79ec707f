"""A product as the shop shows it, for the shop's page and the seller's preview of it."""

from __future__ import annotations

from dataclasses import asdict

from api.deps import DB
from api.presenters.checkout import offer_out
from api.presenters.events import tickets_answer
from api.schemas.catalog import (
    ProductOut,
    cover_out,
    plan_out,
)
from api.schemas.checkout_pages import CheckoutPageIn, SocialProofOut
from api.schemas.shop import CheckoutLegal, PlanMethods, ShopProduct, ShopTicket
from core.settings import get_settings
from domain.catalog.addons import AddonKind
from domain.catalog.bundles import PARENT_FORMS
from domain.catalog.products import (
    ProductForm,
    Publication,
)
from domain.orders.consent import EU_COUNTRIES, consent_applies
from domain.payments.gateways import methods_for
from store.accounts.queries import display_name, seller_user_of
from store.builder.settings import legal_texts
from store.catalog.addons import offers_of
from store.catalog.checkout_pages import page_of
from store.catalog.queries import ProductView
from store.orders.bank_wire import payment_matrix
from store.orders.social_proof import social_proof_of


async def shop_product_answer(s: DB, v: ProductView, username: str) -> ShopProduct:
    """The product page's answer: what buyers see (also the seller's preview of a product not published yet)."""
    user = await seller_user_of(s, v.seller.id)
    plan = v.price_plan
    page = await page_of(s, v.product)
    matrix = await payment_matrix(s, v.product.seller_id)
    proof = await social_proof_of(s, v.product, page)
    legal = await legal_texts(s, v.product.seller_id)
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
        legal=CheckoutLegal(
            documents=legal.written(v.product.form),
            consent=legal.withdrawal_consent.value if consent_applies(v.product.form) else "none",
            consent_countries=sorted(EU_COUNTRIES),
        ),
    )


def product_out(v: ProductView) -> ProductOut:
    p, plan = v.product, v.price_plan
    return ProductOut(
        id=p.id,
        name=p.name,
        internal_name=p.internal_name,
        description=p.description,
        form=p.form,
        slug=p.slug,
        is_published=p.publication == Publication.published,
        is_archived=p.is_archived,
        is_free=p.is_free,
        published=p.publication,
        created_at=p.created_at,
        updated_at=p.updated_at,
        price=plan.price if plan else None,
        currency=plan.currency if plan else None,
        sold_count=p.sold_count,
        reserved_count=p.reserved_count,
        limit=p.limit,
        category=p.category,
        access_password=p.access_password,
        cost_center=p.cost_center,
        opt_ins=p.opt_ins or [],
        file_name=v.file.file_name if v.file else None,
        shop_url=f"{get_settings().public_url}/s/{v.seller_username}/{p.slug}" if v.seller_username else None,
        sellable=not v.reasons,
        warnings=v.warnings,
        pricing_plans=[plan_out(x) for x in v.plans if x.active],
        delivery_link=p.delivery_link,
        delivery_text=p.delivery_text,
        key_format=p.key_format,
        license_keys_free=v.keys.free if v.keys else None,
        license_keys_taken=v.keys.taken if v.keys else None,
        has_digitals=v.has_digitals,
        included_count=v.included if p.form in PARENT_FORMS else None,
        email_for_each_item=p.email_for_each_item,
        review_state=p.review_state,
        review_note=p.review_note,
        product_groups=p.product_groups or [],
        access_count=v.access_count,
        cover=cover_out(p.id, p.cover),
        checkout_settings_id=p.checkout_settings_id,
    )
