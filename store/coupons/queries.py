"""Coupon reads, always scoped to one seller: the list with its filters and search."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.coupons import CouponMode, ValueForm
from domain.errors import DomainError, ErrorCode, invalid
from domain.listing import ListParams
from store.coupons.models import Coupon
from store.listing import (
    ListSpec,
    Query,
    enum_filter,
    range_filters,
    range_schemas,
    run_list,
    values_of,
    window_filters,
    window_schemas,
)

ORDERS_COUNT_MAX = 1_000_000  # the orders-count range filter's top (core §5: count filters from 0)

COUPON_FILTERS: dict[str, dict[str, Any]] = {
    "active": {"type": "string", "enum": ["true", "false"]},
    "value_form": {"type": "array", "items": {"type": "string", "enum": list(ValueForm)}},
    "mode": {"type": "array", "items": {"type": "string", "enum": list(CouponMode)}},
    **window_schemas("created"),
    **range_schemas("orders", ORDERS_COUNT_MAX),
}


def _active(q: Query, value: Any) -> Query:
    given = set(values_of(value))
    if not given <= {"true", "false"}:
        raise invalid(filters="active is true or false")
    if given == {"true"}:
        return q.where(Coupon.active.is_(True))
    if given == {"false"}:
        return q.where(Coupon.active.is_(False))
    return q


def _search(q: Query, text: str) -> Query:
    t = text.strip().upper()
    return q.where(
        or_(Coupon.code.startswith(t, autoescape=True), func.upper(Coupon.batch).contains(t, autoescape=True))
    )


COUPON_LIST = ListSpec(
    sort_columns={
        "created_at": Coupon.created_at,
        "code": Coupon.code,
        "orders_count": Coupon.orders_count,
        "id": Coupon.id,
    },
    default_sort="created_at",
    tiebreak=Coupon.id,
    filters={
        "active": _active,
        "value_form": enum_filter(Coupon.value_form, ValueForm, "value_form"),
        "mode": enum_filter(Coupon.mode, CouponMode, "mode"),
        **window_filters(Coupon.created_at, "created"),
        **range_filters(Coupon.orders_count, "orders", ORDERS_COUNT_MAX),
    },
    search=_search,
    entities=True,
)


async def coupons_listed(s: AsyncSession, seller_id: int, params: ListParams) -> tuple[list[Coupon], int]:
    rows, total = await run_list(s, select(Coupon).where(Coupon.seller_id == seller_id), params, COUPON_LIST)
    return [r[0] for r in rows], total


async def coupon_of(s: AsyncSession, seller_id: int, coupon_id: int) -> Coupon:
    c = (
        await s.execute(select(Coupon).where(Coupon.id == coupon_id, Coupon.seller_id == seller_id))
    ).scalar_one_or_none()
    if c is None:
        raise DomainError(ErrorCode.NOT_FOUND, "Coupon not found.")
    return c


async def codes_taken(s: AsyncSession, seller_id: int, codes: list[str]) -> set[str]:
    if not codes:
        return set()
    rows = await s.execute(select(Coupon.code).where(Coupon.seller_id == seller_id, Coupon.code.in_(codes)))
    return set(rows.scalars())


async def coupon_by_code(s: AsyncSession, seller_id: int, code: str) -> Coupon | None:
    return (
        await s.execute(select(Coupon).where(Coupon.seller_id == seller_id, Coupon.code == code))
    ).scalar_one_or_none()
