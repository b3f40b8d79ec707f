"""Product reads, always scoped to one seller (or to one public shop): views, the products list."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.accounts.account_deletion import AccountType
from domain.catalog.bundles import PARENT_FORMS
from domain.catalog.products import (
    PRODUCT_GROUP_MAX,
    NotSellableReason,
    ProductForm,
    Publication,
    SellableFacts,
    not_sellable_reasons,
    review_notes,
)
from domain.courses import ItemKind
from domain.errors import DomainError, ErrorCode
from domain.listing import ListParams
from domain.orders.orders import PAID_STATES
from store.accounts.models import Seller, User
from store.catalog.bundles import included_counts
from store.catalog.license_keys import PoolCounts, pool_counts
from store.catalog.models import File, PricingPlan, Product
from store.catalog.tickets import active_ticket_counts
from store.courses.models import CourseItem
from store.listing import ListSpec, Query, run_list, values_of, window_filters
from store.orders.models import Order


async def lesson_counts(s: AsyncSession, product_ids: list[int]) -> dict[int, int]:
    if not product_ids:
        return {}
    rows = await s.execute(
        select(CourseItem.product_id, func.count())
        .where(
            CourseItem.product_id.in_(product_ids),
            CourseItem.kind == ItemKind.lesson,
            CourseItem.hidden.is_(False),
        )
        .group_by(CourseItem.product_id)
    )
    return {pid: n for pid, n in rows.all()}


async def access_counts(s: AsyncSession, product_ids: list[int]) -> dict[int, int]:
    """Per product, the orders whose buyer has access now (paid, or a subscription or installments paying)."""
    if not product_ids:
        return {}
    rows = await s.execute(
        select(Order.product_id, func.count())
        .where(Order.product_id.in_(product_ids), Order.payment_state.in_(PAID_STATES))
        .group_by(Order.product_id)
    )
    return {pid: n for pid, n in rows.all()}


@dataclass
class ProductView:
    product: Product
    file: File | None
    plans: list[PricingPlan]
    seller: Seller
    seller_username: str | None
    keys: PoolCounts | None = None  # a license-key product's pool
    lessons: int = 0  # a course's lessons payers can see
    included: int = 0  # a membership's or bundle's included products
    active_tickets: int = 0  # an event's tickets on sale
    access_count: int = 0  # the buyers who have access now: orders paid or paying

    @property
    def has_digitals(self) -> bool:
        """A download has its file; a digital product a link or a text to deliver; a course a lesson."""
        p = self.product
        if p.form == ProductForm.course:
            return self.lessons > 0
        if p.form in PARENT_FORMS:
            return self.included > 0
        if p.form == ProductForm.certificate:  # a title, and the course of a course rule
            c = p.certificate or {}
            return bool(c.get("title")) and (c.get("rule") != "course_finished" or bool(c.get("course_id")))
        if p.form == ProductForm.digital:
            return bool(p.delivery_link or (p.delivery_text or "").strip())
        return self.file is not None

    @property
    def reasons(self) -> list[NotSellableReason]:
        p = self.product
        return not_sellable_reasons(
            SellableFacts(
                form=p.form,
                is_free=p.is_free,
                is_archived=p.is_archived,
                is_published=p.publication == Publication.published,
                has_access_password=bool(p.access_password),
                publication=p.publication,
                active_pricing_plans=sum(1 for x in self.plans if x.active),
                has_digitals=self.has_digitals,
                sold_count=p.sold_count,
                reserved_count=p.reserved_count,
                limit=p.limit,
                seller_can_sell=self.seller.can_sell,
                any_payment_method_active=self.seller.payment_account_done,
                free_keys=self.keys.free if self.keys else 0,
                included=self.included,
                active_tickets=self.active_tickets,
            )
        )

    @property
    def warnings(self) -> list[NotSellableReason]:
        """List warnings: everything that stops a sale except not being published yet, and for a power seller the
        review state of a product that sells (editor §4 'review state (power sellers)')."""
        blocking: list[NotSellableReason] = [r for r in self.reasons if r != NotSellableReason.not_active]
        if not self.seller.power_seller:
            return blocking
        p = self.product
        return blocking + [
            r for r in review_notes(p.review_state, p.publication, p.is_free) if r not in blocking
        ]

    @property
    def blocking_warnings(self) -> list[NotSellableReason]:
        """What stops publishing: every reason but publication itself and the review of a rejected product
        (publishing it again is how the seller asks for a new review)."""
        skip = {NotSellableReason.not_active, NotSellableReason.rejected, NotSellableReason.on_review}
        return [r for r in self.reasons if r not in skip]

    @property
    def price_plan(self) -> PricingPlan | None:
        active = [x for x in self.plans if x.active]
        return min(active, key=lambda x: x.price) if active else None


async def views_of(s: AsyncSession, products: list[Product]) -> list[ProductView]:
    """Views for many products in four queries, whatever their number (no query per row)."""
    if not products:
        return []
    seller_ids = {p.seller_id for p in products}
    sellers = {
        sel.id: (sel, username)
        for sel, username in (
            await s.execute(
                select(Seller, User.username)
                .join(User, User.id == Seller.user_id)
                .where(Seller.id.in_(seller_ids))
            )
        ).all()
    }
    file_ids = {p.file_id for p in products if p.file_id}
    files = (
        {f.id: f for f in (await s.execute(select(File).where(File.id.in_(file_ids)))).scalars()}
        if file_ids
        else {}
    )
    plans: dict[int, list[PricingPlan]] = {p.id: [] for p in products}
    for plan in (
        await s.execute(select(PricingPlan).where(PricingPlan.product_id.in_(plans)).order_by(PricingPlan.id))
    ).scalars():
        plans[plan.product_id].append(plan)
    pools = await pool_counts(s, [p.id for p in products if p.form == ProductForm.license_key])
    lessons = await lesson_counts(s, [p.id for p in products if p.form == ProductForm.course])
    included = await included_counts(s, [p.id for p in products if p.form in PARENT_FORMS])
    active = await active_ticket_counts(s, [p.id for p in products if p.form == ProductForm.event])
    access = await access_counts(s, [p.id for p in products])
    return [
        ProductView(
            p,
            files.get(p.file_id) if p.file_id else None,
            plans[p.id],
            *sellers[p.seller_id],
            keys=pools.get(p.id),
            lessons=lessons.get(p.id, 0),
            included=included.get(p.id, 0),
            active_tickets=active.get(p.id, 0),
            access_count=access.get(p.id, 0),
        )
        for p in products
    ]


async def view_of(s: AsyncSession, product: Product) -> ProductView:
    return (await views_of(s, [product]))[0]


async def product_row(s: AsyncSession, product_id: int) -> Product | None:
    """A product by its id, whoever's it is (the caller knows it is theirs to read: an order's product)."""
    return await s.get(Product, product_id)


async def product_of(s: AsyncSession, seller_id: int, product_id: int) -> ProductView:
    """The seller's own product; another seller's product is simply not found."""
    p = (
        await s.execute(select(Product).where(Product.id == product_id, Product.seller_id == seller_id))
    ).scalar_one_or_none()
    if p is None:
        raise DomainError(ErrorCode.NOT_FOUND, "Product not found.")
    return await view_of(s, p)


async def shop_product(s: AsyncSession, username: str, slug: str) -> ProductView:
    row = (
        await s.execute(
            select(Product)
            .join(Seller, Seller.id == Product.seller_id)
            .join(User, User.id == Seller.user_id)
            .where(
                func.lower(User.username) == username.lower(),
                Product.slug == slug,
                Product.is_private.is_(False),
                Seller.account_type == AccountType.active,  # a deactivated or deleted seller's shop is gone
            )
        )
    ).scalar_one_or_none()
    if row is None or row.publication != Publication.published:
        raise DomainError(ErrorCode.NOT_FOUND, "Product not found.")
    return await view_of(s, row)


def _state_filter(q: Query, value: str) -> Query:
    if value == "archived":
        return q.where(Product.is_archived.is_(True))
    if value == "published":
        return q.where(Product.publication == Publication.published, Product.is_archived.is_(False))
    if value == "unpublished":
        return q.where(Product.publication != Publication.published, Product.is_archived.is_(False))
    raise DomainError(
        ErrorCode.INVALID_INPUT, fields={"filters": "state must be published, unpublished or archived"}
    )


def _group_filter(q: Query, value: Any) -> Query:
    """Products in any of the given groups (exact names; `filters[product_group]=a` or `…[]=a&…[]=b`)."""
    groups = values_of(value)
    if not groups or any(not g.strip() or len(g) > PRODUCT_GROUP_MAX for g in groups):
        raise DomainError(
            ErrorCode.INVALID_INPUT, fields={"filters": f"a group is 1 to {PRODUCT_GROUP_MAX} characters"}
        )
    return q.where(or_(*(Product.product_groups.contains([g]) for g in groups)))


PRODUCT_LIST = ListSpec(
    sort_columns={
        "created_at": Product.created_at,
        "name": Product.name,
        "updated_at": Product.updated_at,
        "sold_count": Product.sold_count,
        "id": Product.id,
    },
    default_sort="created_at",
    tiebreak=Product.id,
    filters={
        "state": _state_filter,
        "product_group": _group_filter,
        **window_filters(Product.created_at, "created"),
    },
    search=lambda q, text: q.where(
        or_(Product.name.ilike(f"%{text}%"), Product.internal_name.ilike(f"%{text}%"))
    ),
    page_sizes=(10, 20, 30, 50, 100, 200, 500),
    entities=True,
)


async def products_listed(
    s: AsyncSession, seller_id: int, params: ListParams
) -> tuple[list[ProductView], int]:
    rows, total = await run_list(
        s, select(Product).where(Product.seller_id == seller_id), params, PRODUCT_LIST
    )
    return await views_of(s, [r[0] for r in rows]), total


async def groups_of(s: AsyncSession, seller_id: int) -> list[str]:
    """The distinct groups on the seller's products, by name."""
    rows = await s.execute(
        select(func.jsonb_array_elements_text(Product.product_groups).label("g"))
        # a product saved without groups may hold JSON's null rather than none (read as no groups)
        .where(Product.seller_id == seller_id, func.jsonb_typeof(Product.product_groups) == "array")
        .distinct()
        .order_by("g")
        .limit(500)
    )
    return [r[0] for r in rows.all()]


async def product_cover(s: AsyncSession, product_id: int) -> dict | None:
    return (await s.execute(select(Product.cover).where(Product.id == product_id))).scalar_one_or_none()


async def products_of_seller(s: AsyncSession, seller_id: int, product_ids: list[int]) -> list[int]:
    """Which of these ids are the seller's own products."""
    if not product_ids:
        return []
    rows = await s.execute(
        select(Product.id).where(Product.seller_id == seller_id, Product.id.in_(product_ids))
    )
    return list(rows.scalars())
