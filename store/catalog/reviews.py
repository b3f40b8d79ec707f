"""The platform's product review queue (managers): products by review state, with their seller beside them."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.catalog.products import ReviewState
from domain.listing import ListParams
from store.accounts.models import Seller, User
from store.catalog.models import PricingPlan, Product
from store.listing import ListSpec, Query, enum_filter, run_list

REVIEW_FILTERS: dict[str, dict[str, Any]] = {
    "review_state": {"type": "array", "items": {"type": "string", "enum": list(ReviewState)}},
}


def _search(q: Query, text: str) -> Query:
    t = text.lower()
    return q.where(
        or_(
            func.lower(Product.name).contains(t, autoescape=True),
            func.lower(User.username).startswith(t, autoescape=True),
            func.lower(User.email).startswith(t, autoescape=True),
        )
    )


REVIEW_LIST = ListSpec(
    sort_columns={"updated_at": Product.updated_at, "created_at": Product.created_at, "id": Product.id},
    default_sort="updated_at",
    tiebreak=Product.id,
    filters={"review_state": enum_filter(Product.review_state, ReviewState, "review_state")},
    search=_search,
)


def _select() -> Query:
    lowest = (
        select(func.min(PricingPlan.price))
        .where(PricingPlan.product_id == Product.id, PricingPlan.active.is_(True))
        .scalar_subquery()
    )
    currency = (
        select(PricingPlan.currency)
        .where(PricingPlan.product_id == Product.id, PricingPlan.active.is_(True))
        .order_by(PricingPlan.price, PricingPlan.id)
        .limit(1)
        .scalar_subquery()
    )
    return (
        select(
            Product.id,
            Product.name,
            Product.form,
            Product.slug,
            Product.publication,
            Product.review_state,
            Product.review_note,
            Product.is_free,
            Product.updated_at,
            Product.seller_id,
            User.username,
            User.email,
            Seller.power_seller,
            lowest.label("price"),
            currency.label("currency"),
        )
        .join(Seller, Seller.id == Product.seller_id)
        .join(User, User.id == Seller.user_id)
    )


async def reviews_listed(s: AsyncSession, params: ListParams) -> tuple[list[dict[str, Any]], int]:
    """Products by review state (the queue is `review_state=in_review`), the longest-waiting last by default."""
    rows, total = await run_list(s, _select(), params, REVIEW_LIST)
    return rows, total


async def product_with_seller(s: AsyncSession, product_id: int) -> tuple[Product, User] | None:
    row = (
        await s.execute(
            select(Product, User)
            .join(Seller, Seller.id == Product.seller_id)
            .join(User, User.id == Seller.user_id)
            .where(Product.id == product_id)
        )
    ).first()
    return (row[0], row[1]) if row else None
