"""`/v1/cabinet/pages`: the page builder's pages (editor §2 Page builder): created with their type's starting
blocks, the draft saved against its version, previewed as buyers will see it, published (what buyers see changes
only then), unpublished and deleted. Scoped to the caller's seller."""

from __future__ import annotations

from fastapi import APIRouter, Response
from fastapi.responses import HTMLResponse

from api.deps import DB, CurrentSeller
from api.presenters.builder import page_out, page_summary
from api.schemas.builder import (
    BuilderCatalogue,
    PageCreate,
    PageList,
    PageOut,
    PagePreview,
    PagePublish,
    PageSave,
)
from api.schemas.fields import Id
from api.storefront.render import page_response
from api.storefront.shop_pages import shop_view
from core.settings import get_settings
from domain.builder.catalogue import catalogue
from domain.builder.pages import PageType
from services import builder
from store.builder.pages import page_deleted, page_of, page_published, page_unpublished, pages_of

router = APIRouter()
CATALOGUE = BuilderCatalogue.model_validate(catalogue())


@router.get("/page_blocks", response_model=BuilderCatalogue)
async def page_blocks(seller: CurrentSeller) -> BuilderCatalogue:
    """Every block type with its starting settings and the description of each setting, the style and theme
    fields, and the blocks each page type takes: what the editor's forms are drawn from."""
    return CATALOGUE


@router.get("/pages", response_model=PageList)
async def list_pages(seller: CurrentSeller, s: DB) -> PageList:
    """The seller's pages, newest first."""
    pages = await pages_of(s, seller.id)
    shop = await builder.shop_context(s, seller)
    return PageList(list=[page_summary(p, shop) for p in pages], total_count=len(pages))


@router.post("/pages", response_model=PageOut, status_code=201)
async def create_page(body: PageCreate, seller: CurrentSeller, s: DB) -> PageOut:
    """A new page of its type with its starting blocks (or the blocks sent). A shop page without a path is the
    home page; a product page without a product is the template of every product (409 when the shop has it)."""
    page, shop = await builder.page_made(
        s, seller, body.page_type, body.name, body.path, body.product_id, body.content
    )
    return page_out(page, shop)


@router.get("/pages/{page_id}", response_model=PageOut)
async def get_page(page_id: Id, seller: CurrentSeller, s: DB) -> PageOut:
    return page_out(await page_of(s, seller.id, page_id), await builder.shop_context(s, seller))


@router.put("/pages/{page_id}", response_model=PageOut)
async def save_page(page_id: Id, body: PageSave, seller: CurrentSeller, s: DB) -> PageOut:
    """The draft saved. Buyers still see the published copy until the page is published again."""
    saved, shop = await builder.page_kept(
        s, seller, page_id, body.version, body.name, body.path, body.content
    )
    return page_out(saved, shop)


@router.post("/pages/{page_id}/publish", response_model=PageOut)
async def publish_page(page_id: Id, body: PagePublish, seller: CurrentSeller, s: DB) -> PageOut:
    """The draft at `version` becomes what buyers see (409 `stale_draft` when it was saved again since)."""
    page = await page_published(s, seller.id, page_id, version=body.version)
    return page_out(page, await builder.shop_context(s, seller))


@router.post("/pages/{page_id}/unpublish", response_model=PageOut)
async def unpublish_page(page_id: Id, seller: CurrentSeller, s: DB) -> PageOut:
    page = await page_unpublished(s, seller.id, page_id)
    return page_out(page, await builder.shop_context(s, seller))


@router.delete("/pages/{page_id}", status_code=204, response_class=Response)
async def delete_page(page_id: Id, seller: CurrentSeller, s: DB) -> Response:
    await page_deleted(s, seller.id, page_id)
    return Response(status_code=204)


@router.post("/pages/{page_id}/preview", response_class=HTMLResponse)
async def preview_page(page_id: Id, body: PagePreview, seller: CurrentSeller, s: DB) -> HTMLResponse:
    """The page as buyers would see it with these blocks (the builder's unsaved state), rendered by the same
    code as the storefront; nothing is stored."""
    page = await page_of(s, seller.id, page_id)
    shop = await builder.shop_context(s, seller)
    builder.content_checked(page.page_type, body.content, shop)
    username, shop_name, views = shop.username, shop.shop_name, shop.views
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
