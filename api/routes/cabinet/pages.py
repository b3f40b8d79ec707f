"""`/v1/cabinet/pages`: the page builder's pages (editor §2 Page builder): created with their type's starting
blocks, the draft saved against its version, previewed as buyers will see it, published (what buyers see changes
only then), unpublished and deleted. Scoped to the caller's seller."""

from __future__ import annotations

from fastapi import APIRouter, Response
from fastapi.responses import HTMLResponse

from api.deps import DB, CurrentSeller
from api.schemas.builder import (
    BuilderCatalogue,
    PageCreate,
    PageList,
    PageOut,
    PagePreview,
    PagePublish,
    PageSave,
    PageSummary,
)
from api.schemas.fields import Id
from api.storefront.render import page_response
from api.storefront.shop_pages import shop_view
from core.settings import get_settings
from domain.builder.catalogue import catalogue
from domain.builder.pages import PageContent, PageType, content_errors, default_content
from domain.errors import invalid
from store.accounts.models import Seller
from store.accounts.queries import display_name, seller_user_of
from store.builder.models import BuilderPage
from store.builder.pages import (
    draft_saved,
    page_created,
    page_deleted,
    page_of,
    page_published,
    page_unpublished,
    pages_of,
)
from store.catalog.storefront import public_products

router = APIRouter()
CATALOGUE = BuilderCatalogue.model_validate(catalogue())
# the page types with an address of their own: shop and affiliate pages in the shop, membership and course pages
# in the buyers' area (`/v/{username}/{path}`, each for the buyers of its product)
ADDRESSED = frozenset({PageType.shop, PageType.affiliate, PageType.membership, PageType.course})
AREA = frozenset({PageType.membership, PageType.course})


def _url(p: BuilderPage, username: str | None, slug: str | None) -> str | None:
    if not username:
        return None
    if p.page_type == PageType.shop:
        return f"/s/{username}/{p.path}" if p.path else f"/s/{username}"
    if p.page_type == PageType.affiliate and p.path:
        return f"/s/{username}/{p.path}"
    if p.page_type == PageType.shop_product and slug:
        return f"/s/{username}/{slug}"
    if p.page_type in AREA and p.path:
        return f"/v/{username}/{p.path}"
    return None


def _summary(p: BuilderPage, username: str | None, slugs: dict[int, str]) -> dict:
    return {
        "id": p.id,
        "page_type": p.page_type,
        "name": p.name,
        "path": p.path,
        "product_id": p.product_id,
        "draft_version": p.draft_version,
        "published_version": p.published_version,
        "published_at": p.published_at,
        "updated_at": p.updated_at,
        "url": _url(p, username, slugs.get(p.product_id) if p.product_id else None),
    }


async def _checked(s: DB, seller: Seller, page_type: PageType, content: PageContent) -> dict:
    """The content as stored, once it fits its page type and names only the seller's own products (400)."""
    if errors := content_errors(page_type, content):
        raise invalid(content="; ".join(errors))
    refs = {
        pid
        for b in content.blocks
        for pid in ([getattr(b, "product_id", None)] + list(getattr(b, "product_ids", [])))
        if pid is not None
    }
    if refs:
        own = {v.product.id for v in await public_products(s, seller)}
        if not refs <= own:
            raise invalid(content="a block names a product that is not one of this shop's public products")
    return content.model_dump(mode="json")


async def _context(s: DB, seller: Seller) -> tuple[str | None, str, dict[int, str]]:
    user = await seller_user_of(s, seller.id)
    username = user.username if user else None
    views = await public_products(s, seller)
    return username, display_name(user) or (username or ""), {v.product.id: v.product.slug for v in views}


@router.get("/page_blocks", response_model=BuilderCatalogue)
async def page_blocks(seller: CurrentSeller) -> BuilderCatalogue:
    """Every block type with its starting settings and the description of each setting, the style and theme
    fields, and the blocks each page type takes: what the editor's forms are drawn from."""
    return CATALOGUE


@router.get("/pages", response_model=PageList)
async def list_pages(seller: CurrentSeller, s: DB) -> PageList:
    """The seller's pages, newest first."""
    pages = await pages_of(s, seller.id)
    username, _, slugs = await _context(s, seller)
    return PageList(list=[PageSummary(**_summary(p, username, slugs)) for p in pages], total_count=len(pages))


def _out(p: BuilderPage, username: str | None, slugs: dict[int, str]) -> PageOut:
    return PageOut(**_summary(p, username, slugs), content=PageContent.model_validate(p.draft))


@router.post("/pages", response_model=PageOut, status_code=201)
async def create_page(body: PageCreate, seller: CurrentSeller, s: DB) -> PageOut:
    """A new page of its type with its starting blocks (or the blocks sent). A shop page without a path is the
    home page; a product page without a product is the template of every product (409 when the shop has it)."""
    username, shop_name, slugs = await _context(s, seller)
    if body.path is not None and body.page_type not in ADDRESSED:
        raise invalid(path="only shop, affiliate, membership and course pages have their own address")
    if body.page_type in AREA and (body.path is None or body.product_id is None):
        raise invalid(path=f"a {body.page_type.value} page needs its address and its {body.page_type.value}")
    if body.page_type == PageType.affiliate and body.path is None:
        raise invalid(path="an affiliate page needs its address")
    content = body.content or default_content(body.page_type, shop_name)
    page = await page_created(
        s,
        seller.id,
        page_type=body.page_type,
        name=body.name,
        path=body.path,
        product_id=body.product_id,
        content=await _checked(s, seller, body.page_type, content),
    )
    return _out(page, username, slugs)


@router.get("/pages/{page_id}", response_model=PageOut)
async def get_page(page_id: Id, seller: CurrentSeller, s: DB) -> PageOut:
    username, _, slugs = await _context(s, seller)
    return _out(await page_of(s, seller.id, page_id), username, slugs)


@router.put("/pages/{page_id}", response_model=PageOut)
async def save_page(page_id: Id, body: PageSave, seller: CurrentSeller, s: DB) -> PageOut:
    """The draft saved. Buyers still see the published copy until the page is published again."""
    page = await page_of(s, seller.id, page_id)
    if body.path is not None and page.page_type not in ADDRESSED:
        raise invalid(path="only shop, affiliate, membership and course pages have their own address")
    if page.page_type in AREA | {PageType.affiliate} and body.path is None:
        raise invalid(path=f"a {page.page_type.value} page needs its address")
    stored = await _checked(s, seller, page.page_type, body.content)
    saved = await draft_saved(
        s, seller.id, page_id, version=body.version, name=body.name, path=body.path, content=stored
    )
    username, _, slugs = await _context(s, seller)
    return _out(saved, username, slugs)


@router.post("/pages/{page_id}/publish", response_model=PageOut)
async def publish_page(page_id: Id, body: PagePublish, seller: CurrentSeller, s: DB) -> PageOut:
    """The draft at `version` becomes what buyers see (409 `stale_draft` when it was saved again since)."""
    page = await page_published(s, seller.id, page_id, version=body.version)
    username, _, slugs = await _context(s, seller)
    return _out(page, username, slugs)


@router.post("/pages/{page_id}/unpublish", response_model=PageOut)
async def unpublish_page(page_id: Id, seller: CurrentSeller, s: DB) -> PageOut:
    page = await page_unpublished(s, seller.id, page_id)
    username, _, slugs = await _context(s, seller)
    return _out(page, username, slugs)


@router.delete("/pages/{page_id}", status_code=204, response_class=Response)
async def delete_page(page_id: Id, seller: CurrentSeller, s: DB) -> Response:
    await page_deleted(s, seller.id, page_id)
    return Response(status_code=204)


@router.post("/pages/{page_id}/preview", response_class=HTMLResponse)
async def preview_page(page_id: Id, body: PagePreview, seller: CurrentSeller, s: DB) -> HTMLResponse:
    """The page as buyers would see it with these blocks (the builder's unsaved state), rendered by the same
    code as the storefront; nothing is stored."""
    page = await page_of(s, seller.id, page_id)
    await _checked(s, seller, page.page_type, body.content)
    # the editor asks on every pause in typing: the shop's products are read once here (not again for slugs)
    user = await seller_user_of(s, seller.id)
    username = user.username if user else None
    shop_name = display_name(user) or (username or "")
    views = await public_products(s, seller)
    shown = page.product_id or (views[0].product.id if views else None)  # a template shows the first product
    view = await shop_view(
        s,
        seller,
        username or "-",
        shop_name=shop_name,
        content=body.content,
        name=page.name,
        path=page.path or "",
        base=f"/s/{username}",
        origin=get_settings().public_url.rstrip("/"),
        lang=body.lang,
        views=views,
        product_id=shown if page.page_type == PageType.shop_product else None,
        preview=True,
    )
    return page_response(view)
