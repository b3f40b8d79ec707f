"""An order's use of its coupon: held before its money moves (the last use goes to one buyer), given back when its
checkout ends unpaid."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import or_, update
from sqlalchemy.ext.asyncio import AsyncSession

from domain.orders.orders import PAID_STATES
from store.coupons.models import Coupon
from store.orders.models import Order


async def coupon_use_held(s: AsyncSession, order: Order) -> bool:
    """Before an order's money moves: it takes one use of its coupon, if the coupon is still active and under its
    limit. The conditional update runs under the coupon row's lock, so of buyers racing for the last use exactly
    one gets it; the others are declined uncharged. Once per order (a retried step finds its use held)."""
    if order.coupon_id is None or order.coupon_held_at is not None:
        return True
    took = await s.execute(
        update(Coupon)
        .where(
            Coupon.id == order.coupon_id,
            Coupon.active.is_(True),
            or_(Coupon.limit.is_(None), Coupon.orders_count < Coupon.limit),
        )
        .values(orders_count=Coupon.orders_count + 1)
        .returning(Coupon.id)
    )
    if took.first() is None:
        return False
    order.coupon_held_at = datetime.now(UTC)
    await s.flush()
    return True


async def coupon_use_released(s: AsyncSession, order: Order) -> None:
    """A checkout that ends unpaid gives its coupon use back."""
    if order.coupon_id is None or order.coupon_held_at is None:
        return
    if order.payment_state in PAID_STATES or order.paid_at is not None:
        return
    await s.execute(
        update(Coupon)
        .where(Coupon.id == order.coupon_id, Coupon.orders_count > 0)
        .values(orders_count=Coupon.orders_count - 1)
    )
    order.coupon_held_at = None
    await s.flush()
