"""A coupon as the cabinet shows it."""

from __future__ import annotations

from api.schemas.coupons import CouponOut
from domain.coupons import CouponTerms, coupon_usable
from store.coupons.models import Coupon


def coupon_out(c: Coupon) -> CouponOut:
    terms = CouponTerms(c.value_form, c.value, c.currency, c.active, c.limit, c.orders_count)
    return CouponOut(
        id=c.id,
        code=c.code,
        mode=c.mode,
        batch=c.batch,
        value_form=c.value_form,
        value=c.value,
        currency=c.currency,
        basis=c.basis,
        scope=c.scope,
        product_ids=c.product_ids or [],
        recurring=c.recurring,
        active=c.active,
        limit=c.limit,
        orders_count=c.orders_count,
        usable=coupon_usable(terms),
        created_at=c.created_at,
    )
