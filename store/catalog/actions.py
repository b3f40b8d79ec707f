"""Product and pricing-plan actions (past tense), always scoped to one seller."""

from __future__ import annotations

import re
import secrets

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.products import Publication
from store.catalog.models import PricingPlan, Product
from store.catalog.queries import ProductView, product_of, view_of


def slugify(name: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:80]
    return slug or "product"


async def _free_slug(s: AsyncSession, seller_id: int, name: str) -> str:
    base = slugify(name)
    slug = base
    while (
        await s.execute(select(Product.id).where(Product.seller_id == seller_id, Product.slug == slug))
    ).first():
        slug = f"{base}-{secrets.token_hex(2)}"
    return slug


async def product_created(
    s: AsyncSession, seller_id: int, *, name: str, description: str, form: str
) -> ProductView:
    p = Product(
        seller_id=seller_id,
        name=name.strip(),
        description=description,
        form=form,
        slug=await _free_slug(s, seller_id, name),
        publication=Publication.unpublished,
    )
    s.add(p)
    await s.flush()
    return await view_of(s, p)


async def product_duplicated(s: AsyncSession, seller_id: int, product_id: int) -> ProductView:
    src = await product_of(s, seller_id, product_id)
    p = src.product
    copy = Product(
        seller_id=seller_id,
        name=f"{p.name} (copy)",
        internal_name=p.internal_name,
        description=p.description,
        form=p.form,
        slug=await _free_slug(s, seller_id, p.name),
        publication=Publication.unpublished,
        is_free=p.is_free,
        limit=p.limit,
        file_id=p.file_id,
    )
    s.add(copy)
    await s.flush()
    for plan in src.plans:
        s.add(
            PricingPlan(
                product_id=copy.id,
                seller_id=seller_id,
                name=plan.name,
                payment_type=plan.payment_type,
                price=plan.price,
                currency=plan.currency,
                active=plan.active,
            )
        )
    await s.flush()
    return await view_of(s, copy)


async def plan_added(
    s: AsyncSession, view: ProductView, *, name: str, payment_type: str, price: int, currency: str
) -> PricingPlan:
    plan = PricingPlan(
        product_id=view.product.id,
        seller_id=view.product.seller_id,
        name=name,
        payment_type=payment_type,
        price=price,
        currency=currency,
        active=True,
    )
    s.add(plan)
    await s.flush()
    return plan
