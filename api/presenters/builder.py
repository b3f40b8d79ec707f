"""The builder's fonts and shared themes as the cabinet shows them."""

from __future__ import annotations

from api.schemas.builder import FontOut, SharedThemeOut
from domain.builder.pages import ThemeKind
from domain.builder.style import FontDisplay, FontFormat, FontStyle
from services.builder import shared
from store.builder.models import CustomFont, SharedTheme


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
