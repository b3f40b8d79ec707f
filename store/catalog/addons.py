"""A product's bumps and upsells (domain/catalog/addons.py): the seller sets them with the product's extra options, the
checkout page offers the bumps, the thank-you page the upsells; each offer sells only while its product does."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.catalog.addons import (
    ADDONS_MAX,
    AddonKind,
    AddonProblem,
    BumpPosition,
    BumpsGrouping,
    addons_problem,
)
from domain.catalog.products import Publication
from domain.errors import DomainError, ErrorCode
from domain.orders.orders import PaymentType
from store.catalog.models import PricingPlan, Product, ProductAddon
from store.catalog.queries import ProductView, views_of

PROBLEM_WORDS = {
    AddonProblem.unknown_product: "not one of your published products",
    AddonProblem.not_offerable: "a membership, bundle or event cannot be offered beside another product",
    AddonProblem.itself: "a product cannot be offered beside itself",
    AddonProblem.duplicate: "this product is offered twice the same way",
    AddonProblem.unknown_plan: "not an active pricing plan of that product",
    AddonProblem.bump_not_one_time: "a bump is paid once with the main product: choose a one-time plan",
    AddonProblem.deferred_plan: "an upsell is charged at once: choose a plan without a test period or start day",
    AddonProblem.other_currency: "a bump is paid in the main product's currency",
    AddonProblem.downsell_without_upsell: "a downsell is offered when the upsell is declined: add an upsell",
}


@dataclass(frozen=True)
class AddonWanted:
    product_id: int
    pricing_plan_id: int
    kind: AddonKind
    position: BumpPosition
    title: str | None
    description: str | None


@dataclass(frozen=True)
class Offer:
    """An offer as the buyer meets it: the row, the offered product's view (sellable or not) and its plan."""

    addon: ProductAddon
    view: ProductView
    plan: PricingPlan


async def addons_of(s: AsyncSession, product_id: int) -> list[Offer]:
    """Every offer of the product in the seller's order, sellable now or not."""
    rows = (
        await s.execute(
            select(ProductAddon, Product, PricingPlan)
            .join(Product, Product.id == ProductAddon.addon_product_id)
            .join(PricingPlan, PricingPlan.id == ProductAddon.pricing_plan_id)
            .where(ProductAddon.product_id == product_id)
            .order_by(ProductAddon.sort)
        )
    ).all()
    views = await views_of(s, [p for _, p, _ in rows]) if rows else []
    return [Offer(a, v, plan) for (a, _, plan), v in zip(rows, views, strict=True)]


async def offers_of(s: AsyncSession, product_id: int, kinds: set[AddonKind]) -> list[Offer]:
    """The offers a buyer sees: of these kinds, their product published and sellable, their plan active."""
    return [
        o
        for o in await addons_of(s, product_id)
        if o.addon.kind in kinds
        and o.view.product.publication == Publication.published
        and not o.view.product.is_archived
        and not o.view.reasons
        and o.plan.active
    ]


def _plan_problem(
    kind: AddonKind, plan: PricingPlan | None, main_currency: str | None
) -> AddonProblem | None:
    if plan is None or not plan.active:
        return AddonProblem.unknown_plan
    if kind == AddonKind.bump:
        if plan.payment_type != PaymentType.one_time:
            return AddonProblem.bump_not_one_time
        if main_currency and plan.currency != main_currency:
            return AddonProblem.other_currency
    elif plan.test_days or plan.start_day:
        return AddonProblem.deferred_plan
    return None


async def addons_set(
    s: AsyncSession,
    product: Product,
    *,
    upsell: bool,
    upsell_title: str | None,
    bumps_grouping: BumpsGrouping,
    main_product_required: bool = True,
    wanted: list[AddonWanted],
) -> list[Offer]:
    """The product's extra options and its offers replaced by these, in this order; 400 naming the first offer
    that does not fit (and nothing changes)."""
    if len(wanted) > ADDONS_MAX:
        raise DomainError(ErrorCode.INVALID_INPUT, fields={"addons": f"at most {ADDONS_MAX} offers"})
    ids = {w.product_id for w in wanted}
    found = (
        (
            await s.execute(
                select(Product).where(
                    Product.id.in_(ids),
                    Product.seller_id == product.seller_id,
                    Product.publication == Publication.published,
                    Product.is_archived.is_(False),
                )
            )
        )
        .scalars()
        .all()
        if ids
        else []
    )
    forms = {p.id: p.form for p in found}
    if hit := addons_problem(product.id, [(w.product_id, w.kind) for w in wanted], forms):
        i, problem = hit
        raise DomainError(
            ErrorCode.INVALID_INPUT, fields={f"addons.{i}.product_id": PROBLEM_WORDS[problem]}, reason=problem
        )
    plans = {
        p.id: p
        for p in (
            await s.execute(select(PricingPlan).where(PricingPlan.id.in_({w.pricing_plan_id for w in wanted})))
        ).scalars()
    } if wanted else {}  # fmt: skip
    main_currency = (
        await s.execute(
            select(PricingPlan.currency).where(PricingPlan.product_id == product.id, PricingPlan.active)
        )
    ).scalar()
    for i, w in enumerate(wanted):
        plan = plans.get(w.pricing_plan_id)
        if plan is not None and plan.product_id != w.product_id:
            plan = None
        if wrong := _plan_problem(w.kind, plan, main_currency):
            raise DomainError(
                ErrorCode.INVALID_INPUT,
                fields={f"addons.{i}.pricing_plan_id": PROBLEM_WORDS[wrong]},
                reason=wrong,
            )
    product.upsell = upsell
    product.upsell_title = upsell_title
    product.main_product_required = main_product_required
    product.bumps_grouping = bumps_grouping
    # an offer kept keeps its id (a buyer's open checkout page still names it); the others go, new ones come
    kept = {
        (a.addon_product_id, a.kind): a
        for a in (
            await s.execute(select(ProductAddon).where(ProductAddon.product_id == product.id))
        ).scalars()
    }
    wanted_keys = {(w.product_id, w.kind) for w in wanted}
    gone = [a.id for k, a in kept.items() if k not in wanted_keys]
    if gone:
        await s.execute(delete(ProductAddon).where(ProductAddon.id.in_(gone)))
    for n, w in enumerate(wanted):
        row = kept.get((w.product_id, w.kind))
        if row is None:
            row = ProductAddon(
                seller_id=product.seller_id, product_id=product.id, addon_product_id=w.product_id, kind=w.kind
            )
            s.add(row)
        row.pricing_plan_id = w.pricing_plan_id
        row.position = w.position
        row.title = w.title
        row.description = w.description
        row.sort = n
    await s.flush()
    return await addons_of(s, product.id)
