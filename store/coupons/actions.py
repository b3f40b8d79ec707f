"""Coupon actions (past tense), always scoped to one seller."""

from __future__ import annotations

from typing import Any

from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from store.coupons.models import Coupon


async def coupons_created(
    s: AsyncSession, seller_id: int, codes: list[str], fields: dict[str, Any]
) -> list[Coupon]:
    """One coupon per code, all with the same terms; a code the seller already has is skipped (the caller said
    which were taken before, so this only covers a race). Returns the coupons made, in code order."""
    rows = [{"seller_id": seller_id, "code": code, **fields} for code in codes]
    made = await s.execute(
        insert(Coupon)
        .values(rows)
        .on_conflict_do_nothing(constraint="uq_coupons_seller_code")
        .returning(Coupon)
    )
    return sorted(made.scalars().all(), key=lambda c: c.code)


async def coupon_changed(s: AsyncSession, coupon: Coupon, changes: dict[str, Any]) -> Coupon:
    for field, value in changes.items():
        setattr(coupon, field, value)
    await s.flush()
    return coupon
