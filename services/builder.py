"""The seller's page builder (editor §2, §3): pages (their addresses and content checked), custom fonts (a file checked by its
bytes, a fallback from the list, at most FONTS_MAX a shop) and shared themes (a page's theme given by a link,
applied by another seller to their drafts of that kind)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.ext.asyncio import AsyncSession

from domain.builder.pages import PageContent, PageType, Theme, ThemeKind, content_errors, default_content
from domain.builder.style import FONT_MAX_BYTES, FontDisplay, FontStyle, font_format
from domain.errors import DomainError, ErrorCode, invalid
from providers.storage.local import storage
from store.accounts.models import Seller
from store.accounts.queries import display_name, seller_user_of
from store.builder.fonts import font_added
from store.builder.models import BuilderPage, CustomFont, SharedTheme
from store.builder.pages import draft_saved, page_created, page_of
from store.builder.themes import shared_theme, theme_applied, theme_shared
from store.catalog.actions import file_stored
from store.catalog.queries import ProductView
from store.catalog.storefront import public_products

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


# ----- pages (editor §2 Page builder) ----------------------------------------------------------------------------
# the page types with an address of their own: shop and affiliate pages in the shop, membership and course pages
# in the buyers' area (`/v/{username}/{path}`, each for the buyers of its product)
ADDRESSED = frozenset({PageType.shop, PageType.affiliate, PageType.membership, PageType.course})
AREA = frozenset({PageType.membership, PageType.course})


@dataclass(frozen=True)
class ShopContext:
    """What a page's answer and preview need of its shop: the address, the name and the products' slugs."""

    username: str | None
    shop_name: str
    slugs: dict[int, str]
    views: list[ProductView]


async def shop_context(s: AsyncSession, seller: Seller) -> ShopContext:
    user = await seller_user_of(s, seller.id)
    username = user.username if user else None
    views = await public_products(s, seller)
    slugs = {v.product.id: v.product.slug for v in views}
    return ShopContext(username, display_name(user) or (username or ""), slugs, views)


def page_url(p: BuilderPage, username: str | None, slug: str | None) -> str | None:
    """Where buyers see the page (a path), if it has an address of its own."""
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


def content_checked(page_type: PageType, content: PageContent, shop: ShopContext) -> dict:
    """The content as stored, once it fits its page type and names only the shop's own public products (400)."""
    if errors := content_errors(page_type, content):
        raise invalid(content="; ".join(errors))
    refs = {
        pid
        for b in content.blocks
        for pid in ([getattr(b, "product_id", None)] + list(getattr(b, "product_ids", [])))
        if pid is not None
    }
    if refs:
        own = {v.product.id for v in shop.views}
        if not refs <= own:
            raise invalid(content="a block names a product that is not one of this shop's public products")
    return content.model_dump(mode="json")


async def page_made(
    s: AsyncSession,
    seller: Seller,
    page_type: PageType,
    name: str,
    path: str | None,
    product_id: int | None,
    content: PageContent | None,
) -> tuple[BuilderPage, ShopContext]:
    """A new page of its type with its starting blocks (or the blocks sent), and its shop as read for it. Only
    addressed pages take a path; membership, course and affiliate pages need theirs (400)."""
    if path is not None and page_type not in ADDRESSED:
        raise invalid(path="only shop, affiliate, membership and course pages have their own address")
    if page_type in AREA and (path is None or product_id is None):
        raise invalid(path=f"a {page_type.value} page needs its address and its {page_type.value}")
    if page_type == PageType.affiliate and path is None:
        raise invalid(path="an affiliate page needs its address")
    shop = await shop_context(s, seller)
    stored = content_checked(
        page_type, content if content is not None else default_content(page_type, shop.shop_name), shop
    )
    page = await page_created(
        s, seller.id, page_type=page_type, name=name, path=path, product_id=product_id, content=stored
    )
    return page, shop


async def page_kept(
    s: AsyncSession,
    seller: Seller,
    page_id: int,
    version: int,
    name: str,
    path: str | None,
    content: PageContent,
) -> tuple[BuilderPage, ShopContext]:
    """The draft saved against its version, and its shop as read for it; buyers still see the published copy
    until it is published again."""
    page = await page_of(s, seller.id, page_id)
    if path is not None and page.page_type not in ADDRESSED:
        raise invalid(path="only shop, affiliate, membership and course pages have their own address")
    if page.page_type in AREA | {PageType.affiliate} and path is None:
        raise invalid(path=f"a {page.page_type.value} page needs its address")
    shop = await shop_context(s, seller)
    stored = content_checked(page.page_type, content, shop)
    return await draft_saved(
        s, seller.id, page_id, version=version, name=name, path=path, content=stored
    ), shop
