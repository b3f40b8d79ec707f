"""A seller's builder pages: created, their draft saved against its version, published (the draft copied for
buyers in one statement), unpublished, deleted; and the published page a storefront address serves. Every query
is scoped by seller."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from domain.builder.pages import PAGES_MAX, PageType
from domain.catalog.products import ProductForm
from domain.errors import DomainError, ErrorCode, invalid
from store.builder.models import BuilderPage
from store.catalog.models import Product

# a page type bound to one product takes a product of these forms (none: any)
PRODUCT_FORMS: dict[PageType, frozenset[ProductForm] | None] = {
    PageType.shop_product: None,
    PageType.thank_you: None,
    PageType.funnel: None,
    PageType.membership: frozenset({ProductForm.membership}),
    PageType.course: frozenset({ProductForm.course}),
}


def _not_found() -> DomainError:
    return DomainError(ErrorCode.NOT_FOUND, "Page not found.")


async def pages_of(s: AsyncSession, seller_id: int) -> list[BuilderPage]:
    q = select(BuilderPage).where(BuilderPage.seller_id == seller_id).order_by(BuilderPage.id.desc())
    return list((await s.execute(q)).scalars())


async def page_of(s: AsyncSession, seller_id: int, page_id: int) -> BuilderPage:
    page = (
        await s.execute(
            select(BuilderPage).where(BuilderPage.id == page_id, BuilderPage.seller_id == seller_id)
        )
    ).scalar_one_or_none()
    if page is None:
        raise _not_found()
    return page


async def _check_place(
    s: AsyncSession, seller_id: int, page_type: PageType, path: str | None, product_id: int | None
) -> None:
    """The page's address is free of the seller's products, and its product is the seller's, of a form it takes."""
    if path is not None:
        taken = (
            await s.execute(
                select(Product.id).where(Product.seller_id == seller_id, func.lower(Product.slug) == path)
            )
        ).first()
        if taken:
            raise DomainError(
                ErrorCode.CONFLICT, "A product of the shop has this address.", reason="path_taken"
            )
    if product_id is not None:
        if page_type not in PRODUCT_FORMS:
            raise invalid(product_id="this page type is not a product's")
        form = (
            await s.execute(
                select(Product.form).where(Product.id == product_id, Product.seller_id == seller_id)
            )
        ).scalar_one_or_none()
        forms = PRODUCT_FORMS[page_type]
        if form is None:
            raise invalid(product_id="not a product of this shop")
        if forms is not None and form not in forms:
            raise invalid(product_id=f"a {', '.join(sorted(f.value for f in forms))} product")


async def _conflict(s: AsyncSession, seller_id: int, path: str | None) -> DomainError:
    if (
        path is not None
        and (
            await s.execute(
                select(BuilderPage.id).where(BuilderPage.seller_id == seller_id, BuilderPage.path == path)
            )
        ).first()
    ):
        return DomainError(ErrorCode.CONFLICT, "Another page has this address.", reason="path_taken")
    return DomainError(ErrorCode.CONFLICT, "The shop has this page already.", reason="page_exists")


async def page_created(
    s: AsyncSession,
    seller_id: int,
    *,
    page_type: PageType,
    name: str,
    path: str | None,
    product_id: int | None,
    content: dict[str, Any],
) -> BuilderPage:
    count = (await s.execute(select(func.count()).where(BuilderPage.seller_id == seller_id))).scalar_one()
    if count >= PAGES_MAX:
        raise DomainError(
            ErrorCode.CONFLICT,
            f"A shop keeps at most {PAGES_MAX} pages; delete one first.",
            reason="too_many",
        )
    await _check_place(s, seller_id, page_type, path, product_id)
    page = BuilderPage(
        seller_id=seller_id,
        page_type=page_type,
        name=name,
        path=path,
        product_id=product_id,
        draft=content,
        draft_version=1,
    )
    try:
        async with s.begin_nested():
            s.add(page)
    except IntegrityError:
        raise await _conflict(s, seller_id, path) from None
    return page


async def _stale_or_gone(s: AsyncSession, seller_id: int, page_id: int) -> DomainError:
    await page_of(s, seller_id, page_id)  # 404 when it is not the seller's
    return DomainError(
        ErrorCode.CONFLICT,
        "The page was saved elsewhere since you opened it; reload it to see those changes.",
        reason="stale_draft",
    )


async def draft_saved(
    s: AsyncSession,
    seller_id: int,
    page_id: int,
    *,
    version: int,
    name: str,
    path: str | None,
    content: dict[str, Any],
) -> BuilderPage:
    """The draft replaced, if it is still at `version` (409 `stale_draft` otherwise); its version then rises. The
    path and name take effect at once; the content only when published."""
    page = await page_of(s, seller_id, page_id)
    if path is not None and path != page.path:
        await _check_place(s, seller_id, page.page_type, path, None)
    if page.page_type == PageType.shop and (path is None) != (page.path is None):
        raise invalid(path="the shop's home page has no path, and another shop page needs one")
    try:
        async with s.begin_nested():
            row = (
                await s.execute(
                    update(BuilderPage)
                    .where(
                        BuilderPage.id == page_id,
                        BuilderPage.seller_id == seller_id,
                        BuilderPage.draft_version == version,
                    )
                    .values(
                        name=name,
                        path=path,
                        draft=content,
                        draft_version=BuilderPage.draft_version + 1,
                        updated_at=func.now(),
                    )
                    .returning(BuilderPage)
                    .execution_options(populate_existing=True)
                )
            ).scalar_one_or_none()
    except IntegrityError:
        raise await _conflict(s, seller_id, path) from None
    if row is None:
        raise await _stale_or_gone(s, seller_id, page_id)
    return row


async def page_published(s: AsyncSession, seller_id: int, page_id: int, *, version: int) -> BuilderPage:
    """The draft at `version` becomes what buyers see, in one statement (409 `stale_draft` if it moved on)."""
    row = (
        await s.execute(
            update(BuilderPage)
            .where(
                BuilderPage.id == page_id,
                BuilderPage.seller_id == seller_id,
                BuilderPage.draft_version == version,
            )
            .values(
                published=BuilderPage.draft,
                published_version=BuilderPage.draft_version,
                published_at=func.now(),
            )
            .returning(BuilderPage)
            .execution_options(populate_existing=True)
        )
    ).scalar_one_or_none()
    if row is None:
        raise await _stale_or_gone(s, seller_id, page_id)
    return row


async def page_unpublished(s: AsyncSession, seller_id: int, page_id: int) -> BuilderPage:
    page = await page_of(s, seller_id, page_id)
    page.published = None
    page.published_version = None
    page.published_at = None
    await s.flush()
    return page


async def page_deleted(s: AsyncSession, seller_id: int, page_id: int) -> None:
    done = await s.execute(
        delete(BuilderPage).where(BuilderPage.id == page_id, BuilderPage.seller_id == seller_id)
    )
    if not done.rowcount:  # type: ignore[attr-defined]
        raise _not_found()


@dataclass(frozen=True)
class Served:
    """A published page as the storefront serves it."""

    id: int
    page_type: PageType
    name: str
    path: str | None
    product_id: int | None
    content: dict[str, Any]


def _served(p: BuilderPage) -> Served:
    assert p.published is not None
    return Served(p.id, p.page_type, p.name, p.path, p.product_id, p.published)


# the page types served at a path of the shop (`/s/{username}/{path}`) and of the buyers' area (`/v/…`)
IN_SHOP = frozenset({PageType.shop, PageType.affiliate})
IN_AREA = frozenset({PageType.membership, PageType.course})


async def published_at_path(
    s: AsyncSession, seller_id: int, path: str | None, page_types: frozenset[PageType] = IN_SHOP
) -> Served | None:
    """The published page of these types at this path (a seller's paths are unique across their pages); none:
    the shop's home page."""
    q = select(BuilderPage).where(
        BuilderPage.seller_id == seller_id,
        BuilderPage.published.is_not(None),
        BuilderPage.page_type.in_(page_types),
    )
    if path is None:
        q = q.where(BuilderPage.path.is_(None))
    else:
        q = q.where(BuilderPage.path == path)
    page = (await s.execute(q)).scalar_one_or_none()
    return _served(page) if page else None


async def published_for_product(
    s: AsyncSession, seller_id: int, page_type: PageType, product_id: int
) -> Served | None:
    """A product's own published page of this type, else the seller's published template for every product."""
    rows = (
        await s.execute(
            select(BuilderPage)
            .where(
                BuilderPage.seller_id == seller_id,
                BuilderPage.page_type == page_type,
                BuilderPage.published.is_not(None),
                (BuilderPage.product_id == product_id) | BuilderPage.product_id.is_(None),
            )
            .order_by(BuilderPage.product_id.is_(None))
            .limit(1)
        )
    ).scalar_one_or_none()
    return _served(rows) if rows else None


async def published_for_slug(s: AsyncSession, seller_id: int, slug: str) -> tuple[int, Served] | None:
    """The seller's product of this slug and its published product page (its own, else the template), if it has
    one: two small reads, so a product without a built page costs its web app page little."""
    product_id = (
        await s.execute(select(Product.id).where(Product.seller_id == seller_id, Product.slug == slug))
    ).scalar_one_or_none()
    if product_id is None:
        return None
    served = await published_for_product(s, seller_id, PageType.shop_product, product_id)
    return (product_id, served) if served else None


async def published_paths(s: AsyncSession, seller_id: int) -> list[tuple[str, datetime | None]]:
    """The paths of the seller's published shop and affiliate pages and when each was published (the
    sitemap's)."""
    q = select(BuilderPage.path, BuilderPage.published_at).where(
        BuilderPage.seller_id == seller_id,
        BuilderPage.page_type.in_(IN_SHOP),
        BuilderPage.published.is_not(None),
        BuilderPage.path.is_not(None),
    )
    return [(p, at) for p, at in (await s.execute(q)).all() if p]
