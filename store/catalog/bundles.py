"""A membership's or bundle's included products: set by the seller, read for delivery and for access."""

from __future__ import annotations

from sqlalchemy import delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.catalog.bundles import ITEMS_MAX, items_problem
from domain.errors import DomainError, ErrorCode
from store.catalog.models import Product, ProductItem


async def included_products(s: AsyncSession, parent_id: int) -> list[Product]:
    """The products a membership or bundle includes, in the seller's order."""
    rows = await s.execute(
        select(Product)
        .join(ProductItem, ProductItem.product_id == Product.id)
        .where(ProductItem.parent_id == parent_id)
        .order_by(ProductItem.position)
    )
    return list(rows.scalars())


async def included_counts(s: AsyncSession, parent_ids: list[int]) -> dict[int, int]:
    if not parent_ids:
        return {}
    rows = await s.execute(
        select(ProductItem.parent_id, func.count())
        .where(ProductItem.parent_id.in_(parent_ids))
        .group_by(ProductItem.parent_id)
    )
    return {pid: n for pid, n in rows.all()}


async def items_set(s: AsyncSession, parent: Product, wanted: list[int]) -> list[Product]:
    """Replaces what the membership or bundle includes, in the given order; refused whole when one does not fit."""
    if len(wanted) > ITEMS_MAX:
        raise DomainError(
            ErrorCode.INVALID_INPUT,
            f"A bundle includes at most {ITEMS_MAX} products.",
            {"product_ids": "too_many"},
        )
    forms = {
        pid: form
        for pid, form in (
            await s.execute(
                select(Product.id, Product.form).where(
                    Product.id.in_(wanted),
                    Product.seller_id == parent.seller_id,
                    Product.is_archived.is_(False),
                )
            )
        ).all()
    }
    problem = items_problem(parent.id, wanted, forms)
    if problem is not None:
        raise DomainError(
            ErrorCode.INVALID_INPUT,
            "This product cannot be included.",
            {"product_ids": problem},
            reason=problem,
        )
    await s.execute(delete(ProductItem).where(ProductItem.parent_id == parent.id))
    for position, pid in enumerate(wanted, start=1):
        s.add(ProductItem(seller_id=parent.seller_id, parent_id=parent.id, product_id=pid, position=position))
    await s.flush()
    return await included_products(s, parent.id)


async def items_copied(s: AsyncSession, source_id: int, copy: Product) -> None:
    for position, p in enumerate(await included_products(s, source_id), start=1):
        s.add(ProductItem(seller_id=copy.seller_id, parent_id=copy.id, product_id=p.id, position=position))
    await s.flush()


def parents_including(product_id: int):  # type: ignore[no-untyped-def]
    """The memberships and bundles that include a product (a subquery of their ids)."""
    return select(ProductItem.parent_id).where(ProductItem.product_id == product_id).scalar_subquery()
