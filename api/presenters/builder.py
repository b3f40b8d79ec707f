"""The builder's pages, fonts and shared themes as the cabinet shows them."""

from __future__ import annotations

from api.schemas.builder import FontOut, PageOut, PageSummary, SharedThemeOut
from domain.builder.pages import PageContent, ThemeKind
from domain.builder.style import FontDisplay, FontFormat, FontStyle
from services.builder import ShopContext, page_url, shared
from store.builder.models import BuilderPage, CustomFont, SharedTheme


def shared_theme_out(row: SharedTheme) -> SharedThemeOut:
    kind = ThemeKind(row.theme_kind)
    return SharedThemeOut(
        token=row.token,
        shared_theme_type=kind,
        name=row.name,
        theme=shared(row),
        url=f"/cabinet/pages?shared_theme_token={row.token}&shared_theme_type={kind.value}",
    )


def font_out(f: CustomFont, username: str) -> FontOut:
    return FontOut(
        id=f.id,
        font_name=f.font_name,
        fallback_font=f.fallback_font,
        font_weight=f.font_weight,
        font_style=FontStyle(f.font_style),
        font_display=FontDisplay(f.font_display),
        font_format=FontFormat(f.font_format),
        url=f"/v1/shop/{username}/fonts/{f.id}",
    )


def page_summary(p: BuilderPage, shop: ShopContext) -> PageSummary:
    return PageSummary(
        id=p.id,
        page_type=p.page_type,
        name=p.name,
        path=p.path,
        product_id=p.product_id,
        draft_version=p.draft_version,
        published_version=p.published_version,
        published_at=p.published_at,
        updated_at=p.updated_at,
        url=page_url(p, shop.username, shop.slugs.get(p.product_id) if p.product_id else None),
    )


def page_out(p: BuilderPage, shop: ShopContext) -> PageOut:
    return PageOut(**page_summary(p, shop).model_dump(), content=PageContent.model_validate(p.draft))
