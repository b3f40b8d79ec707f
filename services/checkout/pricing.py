"""What a buyer pays for a plan: the coupon that applies, the bumps ticked, the VAT their country and VAT id make."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.ext.asyncio import AsyncSession

from domain.catalog.addons import AddonKind
from domain.coupons import CouponRefusal, coupon_refusal, normal_code
from domain.errors import DomainError, ErrorCode, invalid
from domain.limits import ID_MAX
from domain.orders.invoices import VatKind, buyer_vat_id, vat_of_gross
from store.catalog.addons import Offer, offers_of
from store.catalog.queries import shop_product
from store.coupons.models import Coupon
from store.coupons.queries import coupon_by_code
from store.orders.actions import buyer_terms, buyer_vat, with_coupon

COUPON_WORDS = {
    CouponRefusal.unknown: "no such coupon",
    CouponRefusal.inactive: "this coupon is not active",
    CouponRefusal.used_up: "this coupon has been used up",
    CouponRefusal.other_product: "this coupon is not for this product",
    CouponRefusal.other_currency: "this coupon is for another currency",
}


@dataclass
class Price:
    amount: int  # the price, or the first rate of a recurring plan, with the bumps
    currency: str
    net: int
    vat: int
    vat_kind: VatKind
    vat_rate_bp: int | None
    net_price: bool
    discount: int
    bumps: int


async def coupon_for(
    s: AsyncSession, seller_id: int, product_id: int, currency: str, code: str | None
) -> Coupon | None:
    """The seller's coupon of this code if it applies to this purchase now; a 400 on `coupon_code` with the
    reason (unknown, inactive, used up, another product, another currency) if not; None without a code."""
    if code is None or not code.strip():
        return None
    c = await coupon_by_code(s, seller_id, normal_code(code))
    refusal = (
        CouponRefusal.unknown
        if c is None
        else coupon_refusal(
            active=c.active,
            limit=c.limit,
            orders_count=c.orders_count,
            scope=c.scope,
            product_ids=c.product_ids,
            product_id=product_id,
            value_form=c.value_form,
            currency=c.currency,
            plan_currency=currency,
        )
    )
    if refusal is not None:
        raise DomainError(
            ErrorCode.INVALID_INPUT, fields={"coupon_code": COUPON_WORDS[refusal]}, reason=refusal.value
        )
    return c


async def bumps_chosen(s: AsyncSession, product_id: int, ids: list[int]) -> list[Offer]:
    """The product's bumps the buyer ticked, each once; 400 on `bump_ids` for one that is not offered now."""
    if not ids:
        return []
    offered = {o.addon.id: o for o in await offers_of(s, product_id, {AddonKind.bump})}
    if len(set(ids)) != len(ids) or any(i not in offered for i in ids):
        raise DomainError(
            ErrorCode.INVALID_INPUT, fields={"bump_ids": "not a bump offered with this product now"}
        )
    return [offered[i] for i in ids]


async def plan_price(
    s: AsyncSession,
    username: str,
    slug: str,
    plan_id: int,
    *,
    country: str | None,
    company: str | None,
    vat_id: str | None,
    coupon_code: str | None,
    bump_ids: list[int],
    main_product: bool,
) -> Price:
    """What the buyer will pay for the plan given their country (and, as a business, VAT id). 400 for a plan not
    on sale, a VAT id the checkout would refuse, a coupon that does not apply or a bump not offered."""
    v = await shop_product(s, username, slug)
    plan = next((x for x in v.plans if x.id == plan_id and x.active), None)
    if plan is None:
        raise DomainError(ErrorCode.INVALID_INPUT, fields={"pricing_plan_id": "invalid"})
    if vat_id and vat_id.strip():
        try:
            vat_id = buyer_vat_id(vat_id, country, company)
        except ValueError as e:
            raise invalid(vat_id=str(e)) from e
    else:
        vat_id = None
    payer: dict[str, str | None] = {"country": country, "vat_id": vat_id}
    seller_id = v.product.seller_id
    terms, looked_up = await buyer_terms(s, seller_id, plan, payer)
    coupon = await coupon_for(s, seller_id, v.product.id, plan.currency, coupon_code)
    terms, off = with_coupon(terms, coupon)
    vat = looked_up or await buyer_vat(s, seller_id, payer)
    if any(x > ID_MAX for x in bump_ids):
        raise invalid(bump_ids="not a bump offered with this product now")
    bumps = 0
    for o in await bumps_chosen(s, v.product.id, bump_ids):
        bumps += (await buyer_terms(s, seller_id, o.plan, payer))[0].first_amount
    if not main_product and not v.product.main_product_required:
        amount, off = bumps, 0  # only the bumps (a coupon applies at the checkout, to the first of them)
    else:
        amount = terms.first_amount + bumps
    tax = vat_of_gross(amount, vat.rate_bp) if vat.rate_bp else 0
    return Price(
        amount=amount,
        currency=plan.currency,
        net=amount - tax,
        vat=tax,
        vat_kind=vat.kind,
        vat_rate_bp=vat.rate_bp,
        net_price=plan.use_net_price,
        discount=off,
        bumps=bumps,
    )
