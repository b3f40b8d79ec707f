"""A shop's server-rendered page as a view: its blocks, theme, fonts, products and legal links, shared by the
storefront, the builder's preview, the funnel, membership and pricing pages."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any
from xml.sax.saxutils import escape as xml_escape

from fastapi import Request
from fastapi.responses import HTMLResponse, Response
from pydantic import ValidationError

from api.deps import DB
from api.schemas.catalog import cover_out
from api.storefront.render import Card, FontFace, PageView, fonts_named, page_response
from api.storefront.texts import LANGUAGES, Texts
from api.web import LANG_COOKIE, buyer_language, shop_response
from core.settings import get_settings
from domain.builder.blocks import FooterBlock, HeaderBlock, PageTextBlock
from domain.builder.legal import Document
from domain.builder.pages import PageContent, PageType, default_content
from domain.builder.style import Style
from domain.catalog.products import ProductForm
from domain.errors import DomainError
from domain.money import format_money
from store.accounts.models import Seller
from store.accounts.queries import display_name, seller_user_of
from store.builder.fonts import fonts_of
from store.builder.pages import Served, published_at_path, published_paths
from store.builder.settings import legal_texts
from store.catalog.queries import ProductView
from store.catalog.storefront import public_products, shop_seller, storefront
from store.orders.queries import last_purchases


def cards_of(views: list[ProductView], lang: str, bought: dict[int, datetime]) -> list[Card]:
    out = []
    for v in views:
        p, plan = v.product, v.price_plan
        cover = cover_out(p.id, p.cover)
        big = cover.variants[-1] if cover and cover.variants else None
        out.append(
            Card(
                id=p.id,
                name=p.name,
                slug=p.slug,
                description=p.description or "",
                category=p.category,
                price=format_money(plan.price, plan.currency, lang) if plan and not p.is_free else None,
                free=p.is_free,
                sellable=not v.reasons,
                cover_src=cover.variants[min(1, len(cover.variants) - 1)].url
                if cover and cover.variants
                else None,
                cover_srcset=", ".join(f"{x.url} {x.width}w" for x in cover.variants) if cover else None,
                cover_width=big.width if big else None,
                cover_height=big.height if big else None,
                created_at=p.created_at,
                views=p.views_count,
                purchases=p.sold_count,
                last_purchase=bought.get(p.id),
            )
        )
    return out


def html_page(request: Request, view: PageView, lang: str) -> HTMLResponse:
    r = page_response(view, {"Cache-Control": "no-cache", "Vary": "Accept-Language, Cookie"})
    if request.query_params.get("lang") in LANGUAGES:
        r.set_cookie(LANG_COOKIE, lang, max_age=365 * 86400, samesite="lax")
    return r


def stored_content(served: Served, shop_name: str) -> PageContent:
    """A published page's blocks; a page stored by an older version of the blocks gets its type's starting
    blocks rather than a 500."""
    try:
        return PageContent.model_validate(served.content)
    except ValidationError:
        return default_content(served.page_type, shop_name)


async def shop_name_of(s: DB, seller_id: int, stored: str) -> str:
    return display_name(await seller_user_of(s, seller_id)) or stored


async def shop_view(
    s: DB,
    seller: Seller,
    stored: str,
    *,
    shop_name: str,
    content: PageContent,
    name: str,
    path: str,
    base: str,
    origin: str,
    lang: str,
    views: list[ProductView] | None = None,
    product_id: int | None = None,
    **extra: Any,
) -> PageView:
    """What every page of the shop is rendered from: its blocks, the shop's public products as cards, the custom
    fonts it names and the legal documents its footer links; `extra` for a page kind's own parts."""
    if views is None:
        views = await public_products(s, seller)
    cards = cards_of(views, lang, await last_purchases(s, [v.product.id for v in views]))
    return PageView(
        shop_name=shop_name,
        username=stored,
        base=base,
        origin=origin,
        path=path,
        name=name,
        content=content,
        cards=cards,
        product=next((c for c in cards if c.id == product_id), None) if product_id else None,
        lang=lang,
        fonts=await faces(s, seller.id, stored, content),
        legal_links=await legal_links(s, seller.id, base),
        **extra,
    )


def platform_origin() -> str:
    return get_settings().public_url.rstrip("/")


async def legal_links(s: DB, seller_id: int, base: str) -> list[tuple[str, str]]:
    """The legal documents the seller wrote, each with its address (a footer's links)."""
    texts = await legal_texts(s, seller_id)
    return [(d.value, f"{base}/document/{d.value}") for d in texts.written()]


async def faces(s: DB, seller_id: int, username: str, content: PageContent) -> list[FontFace]:
    """The seller's custom fonts the page names, as `@font-face` rules."""
    named = fonts_named(content)
    if not named:
        return []
    return [
        FontFace(
            name=f.font_name,
            url=f"/v1/shop/{username}/fonts/{f.id}",
            weight=f.font_weight,
            style=f.font_style,
            display=f.font_display,
            format=f.font_format,
            fallback=f.fallback_font,
        )
        for f in await fonts_of(s, seller_id)
        if f.font_name in named
    ]


async def document_page(
    request: Request, s: DB, username: str, document: str, *, base: str | None, origin: str
) -> Response:
    """A legal document's page; `base` None: the shop's own paths below /s/{username}, "" on its domain."""
    if document not in {d.value for d in Document}:
        return shop_response(request=request)
    try:
        seller, stored = await shop_seller(s, username)
    except DomainError:
        return shop_response(request=request)
    doc = Document(document)
    lang = buyer_language(request)
    kind = request.query_params.get("product_type")
    of_type = ProductForm(kind) if kind in {f.value for f in ProductForm} else None
    text = (await legal_texts(s, seller.id)).of(doc, of_type).in_language(lang)
    if not text:
        return shop_response(request=request)
    home = await published_at_path(s, seller.id, None)
    shop_name = await shop_name_of(s, seller.id, stored)
    theme = (stored_content(home, shop_name) if home else default_content(PageType.shop, shop_name)).theme
    title = Texts(lang)(f"storefront.documents.{doc.value}")
    body = PageTextBlock.model_construct(id="document", title=title, text=text, style=Style(), type="text")
    content = PageContent.model_construct(
        theme=theme,
        seo_title=title,
        seo_description="",
        og_image=None,
        blocks=[HeaderBlock(id="header", language_switcher=True), body, FooterBlock(id="footer")],
    )
    view = await shop_view(
        s,
        seller,
        stored,
        shop_name=shop_name,
        content=content,
        name=title,
        path=f"document/{doc.value}",
        base=f"/s/{stored}" if base is None else base,
        origin=origin,
        lang=lang,
        views=[],
        query={k: v[:100] for k, v in request.query_params.items()},
    )
    return html_page(request, view, lang)


async def sitemap(s: DB, *, username: str, base: str, origin: str) -> Response:
    """The shop's home page, its published pages and its products, for search engines."""
    try:
        seller, stored, views = await storefront(s, username)
    except DomainError:
        return Response(status_code=404)
    urls: list[tuple[str, datetime | None]] = [(f"{origin}{base or '/'}", None)]
    urls += [(f"{origin}{base}/{p}", at) for p, at in await published_paths(s, seller.id)]
    urls += [(f"{origin}{base}/{v.product.slug}", v.product.updated_at) for v in views if not v.reasons]
    body = "".join(
        f"<url><loc>{xml_escape(u)}</loc>"
        + (f"<lastmod>{at.astimezone(UTC).date().isoformat()}</lastmod>" if at else "")
        + "</url>"
        for u, at in urls
    )
    xml = f'<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{body}</urlset>'
    return Response(xml, media_type="application/xml")
