"""The seller's page builder beyond the pages themselves (editor §2, §3): custom fonts (a file checked by its
bytes, a fallback from the list, at most FONTS_MAX a shop) and shared themes (a page's theme given by a link,
applied by another seller to their drafts of that kind)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.ext.asyncio import AsyncSession

from domain.builder.pages import Theme, ThemeKind
from domain.builder.style import FONT_MAX_BYTES, FontDisplay, FontStyle, font_format
from domain.errors import DomainError, ErrorCode, invalid
from providers.storage.local import storage
from store.builder.fonts import font_added
from store.builder.models import CustomFont, SharedTheme
from store.builder.pages import page_of
from store.builder.themes import shared_theme, theme_applied, theme_shared
from store.catalog.actions import file_stored

FALLBACKS = ("Montserrat", "system-ui", "sans-serif", "serif", "monospace", "Georgia", "Arial")


@dataclass(frozen=True)
class FontFace:
    """A font face as the seller describes it; the format is read from the file."""

    name: str
    fallback: str
    weight: int
    style: FontStyle
    display: FontDisplay


async def font_uploaded(
    s: AsyncSession, seller_id: int, face: FontFace, data: bytes, file_name: str
) -> CustomFont:
    """A font face added (`data` read up to one byte past the limit): 400 naming the field when the fallback is
    not one of the list, the file is too big or not a WOFF2, WOFF, TrueType or OpenType font."""
    if face.fallback not in FALLBACKS:
        raise invalid(fallback_font=f"one of {', '.join(FALLBACKS)}")
    if len(data) > FONT_MAX_BYTES:
        raise invalid(file="too big: at most 2 MB")
    fmt = font_format(data)
    if fmt is None:
        raise invalid(file="a WOFF2, WOFF, TrueType or OpenType font")
    key, sha = storage().put(data)
    stored = await file_stored(
        s,
        seller_id,
        storage_key=key,
        file_name=file_name or "font",
        content_type=f"font/{fmt.value}",
        size=len(data),
        sha256=sha,
    )
    font = CustomFont(
        seller_id=seller_id,
        font_name=face.name.strip(),
        fallback_font=face.fallback,
        font_weight=face.weight,
        font_style=face.style.value,
        font_display=face.display.value,
        font_format=fmt.value,
        file_id=stored.id,
    )
    return await font_added(s, font)


async def page_theme_shared(s: AsyncSession, seller_id: int, page_id: int) -> SharedTheme:
    """A link to the seller's page's theme as it is now."""
    return await theme_shared(s, seller_id, await page_of(s, seller_id, page_id))


async def theme_of_link(s: AsyncSession, token: str) -> SharedTheme:
    row = await shared_theme(s, token)
    if row is None:
        raise DomainError(ErrorCode.NOT_FOUND, "This shared theme does not exist.")
    return row


def shared(row: SharedTheme) -> Theme:
    return Theme.model_validate({**row.theme, "kind": row.theme_kind})


async def theme_taken(s: AsyncSession, seller_id: int, token: str) -> tuple[ThemeKind, int]:
    """The shared theme set on the drafts of the seller's pages of its kind: the kind and how many took it."""
    row = await theme_of_link(s, token)
    kind = ThemeKind(row.theme_kind)
    return kind, await theme_applied(s, seller_id, kind, shared(row).model_dump(mode="json"))
