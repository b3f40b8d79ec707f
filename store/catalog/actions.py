"""Product and pricing-plan actions (past tense), always scoped to one seller."""

from __future__ import annotations

import re
import secrets
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.billing.billing_calendar import PlanTerms
from domain.catalog.products import (
    Publication,
    PublishOutcome,
    ReviewDecision,
    ReviewState,
    publish_outcome,
    review_outcome,
    unpublish_outcome,
)
from domain.errors import DomainError, ErrorCode
from domain.limits import PRODUCT_NAME_MAX
from store.catalog.bundles import items_copied
from store.catalog.models import File, PricingPlan, Product
from store.catalog.plans import plan_terms
from store.catalog.queries import ProductView, product_of, view_of
from store.catalog.tickets import tickets_copied
from store.courses.actions import course_copied


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


COPY_SUFFIX = " (copy)"


def copy_name(name: str) -> str:
    """The duplicate's name: the original's, shortened if need be so that the suffix still fits."""
    return name[: PRODUCT_NAME_MAX - len(COPY_SUFFIX)] + COPY_SUFFIX


async def product_duplicated(s: AsyncSession, seller_id: int, product_id: int) -> ProductView:
    src = await product_of(s, seller_id, product_id)
    p = src.product
    copy = Product(
        seller_id=seller_id,
        name=copy_name(p.name),
        internal_name=p.internal_name,
        description=p.description,
        form=p.form,
        slug=await _free_slug(s, seller_id, p.name),
        publication=Publication.unpublished,
        is_free=p.is_free,
        limit=p.limit,
        file_id=p.file_id,
        delivery_link=p.delivery_link,
        delivery_text=p.delivery_text,
        key_format=p.key_format,  # the format, not the keys: a key is sold once, by one product
        email_for_each_item=p.email_for_each_item,
        certificate=p.certificate,
        ticket_design=p.ticket_design,
        category=p.category,
        cost_center=p.cost_center,
        access_password=p.access_password,
        opt_ins=p.opt_ins,
        product_groups=p.product_groups,
    )
    s.add(copy)
    await s.flush()
    tickets = await tickets_copied(s, p.id, copy)
    for plan in src.plans:
        s.add(
            PricingPlan(
                product_id=copy.id,
                seller_id=seller_id,
                name=plan.name,
                active=plan.active,
                use_net_price=plan.use_net_price,
                ticket_id=tickets.get(plan.ticket_id) if plan.ticket_id else None,
                **_terms_columns(plan_terms(plan)),
            )
        )
    await s.flush()
    await course_copied(s, p.id, copy)
    await items_copied(s, p.id, copy)
    return await view_of(s, copy)


def _terms_columns(terms: PlanTerms) -> dict[str, Any]:
    return {
        "payment_type": terms.payment_type,
        "price": terms.first_amount,
        "currency": terms.currency,
        "next_amount": terms.next_amount if terms.recurring else None,
        "payments_count": terms.payments_count,
        "period": terms.period.code if terms.period else None,
        "custom_intervals": [p.code for p in terms.custom_intervals] if terms.custom_intervals else None,
        "rate_amounts": list(terms.rate_amounts) if terms.rate_amounts else None,
        "test_days": terms.test_days,
        "start_day": terms.start_day,
    }


async def plan_added(
    s: AsyncSession,
    view: ProductView,
    *,
    name: str,
    terms: PlanTerms,
    use_net_price: bool = False,
    ticket_id: int | None = None,
) -> PricingPlan:
    plan = PricingPlan(
        product_id=view.product.id,
        seller_id=view.product.seller_id,
        name=name,
        active=True,
        use_net_price=use_net_price,
        ticket_id=ticket_id,
        **_terms_columns(terms),
    )
    s.add(plan)
    await s.flush()
    return plan


async def plan_changed(
    s: AsyncSession,
    view: ProductView,
    plan_id: int,
    *,
    name: str,
    terms: PlanTerms,
    use_net_price: bool,
    ticket_id: int | None = None,
) -> PricingPlan:
    """New terms for orders to come: each order keeps a copy of the terms it was bought with."""
    plan = next((p for p in view.plans if p.id == plan_id and p.active), None)
    if plan is None:
        raise DomainError(ErrorCode.NOT_FOUND, "Pricing plan not found.")
    plan.name = name
    plan.use_net_price = use_net_price
    plan.ticket_id = ticket_id
    for k, v in _terms_columns(terms).items():
        setattr(plan, k, v)
    await s.flush()
    return plan


async def product_updated(s: AsyncSession, view: ProductView, changes: dict[str, Any]) -> None:
    for field, value in changes.items():
        setattr(view.product, field, value)
    await s.flush()


async def file_attached(
    s: AsyncSession,
    view: ProductView,
    *,
    storage_key: str,
    file_name: str,
    content_type: str,
    size: int,
    sha256: str,
) -> File:
    """A stored upload recorded as the product's file (the previous file row stays for past orders)."""
    row = File(
        seller_id=view.product.seller_id,
        storage_key=storage_key,
        file_name=file_name,
        content_type=content_type,
        size=size,
        sha256=sha256,
    )
    s.add(row)
    await s.flush()
    view.product.file_id = row.id
    await s.flush()
    return row


def plan_removed(view: ProductView, plan_id: int) -> None:
    """Plans are deactivated, never deleted: orders keep pointing at the plan they were bought with."""
    plan = next((x for x in view.plans if x.id == plan_id and x.active), None)
    if plan is None:
        raise DomainError(ErrorCode.NOT_FOUND, "Pricing plan not found.")
    plan.active = False


async def product_published(s: AsyncSession, view: ProductView) -> None:
    """Publishing is refused while anything but publication itself stops a sale (core §8 warnings). A paid product
    goes into the platform's review; a rejected one waits for a new review before it sells (publish_outcome)."""
    if blocking := view.blocking_warnings:
        raise DomainError(
            ErrorCode.NOT_SELLABLE, "This product cannot be published yet.", {"reasons": blocking}
        )
    p = view.product
    _apply(p, publish_outcome(is_free=p.is_free, publication=p.publication, review_state=p.review_state))
    await s.flush()


def _apply(p: Product, outcome: PublishOutcome) -> None:
    p.publication, p.review_state = outcome.publication, outcome.review_state


async def product_reviewed(
    s: AsyncSession, product_id: int, decision: ReviewDecision, note: str | None
) -> Product:
    """A manager's decision on a product in review (409 when it is not in review: decided already, or never
    published). The row is locked so two managers deciding at once cannot both apply."""
    p = (
        await s.execute(select(Product).where(Product.id == product_id).with_for_update())
    ).scalar_one_or_none()
    if p is None:
        raise DomainError(ErrorCode.NOT_FOUND, "Product not found.")
    if p.review_state != ReviewState.in_review:
        raise DomainError(
            ErrorCode.CONFLICT,
            "This product is not waiting for a review.",
            {"review_state": p.review_state.value},
        )
    _apply(p, review_outcome(decision, p.publication))
    p.review_note = note if decision == ReviewDecision.rejected else None
    p.reviewed_at = datetime.now(UTC)
    await s.flush()
    return p


async def product_unpublished(s: AsyncSession, view: ProductView) -> None:
    p = view.product
    _apply(p, unpublish_outcome(p.publication, p.review_state))
    await s.flush()


async def product_archived(s: AsyncSession, view: ProductView) -> None:
    p = view.product
    _apply(p, unpublish_outcome(p.publication, p.review_state))
    p.is_archived = True
    await s.flush()


async def product_unarchived(s: AsyncSession, view: ProductView) -> None:
    view.product.is_archived = False
    await s.flush()


async def file_stored(
    s: AsyncSession,
    seller_id: int,
    *,
    storage_key: str,
    file_name: str,
    content_type: str,
    size: int,
    sha256: str,
) -> File:
    """A file of the seller's whose bytes are in storage (a picture, a font, a download): its row, with its id."""
    row = File(
        seller_id=seller_id,
        storage_key=storage_key,
        file_name=file_name[:200],
        content_type=content_type,
        size=size,
        sha256=sha256,
    )
    s.add(row)
    await s.flush()
    return row
