"""Page types, the blocks each allows (editor §2 Page builder), themes, and a page's content as the builder keeps
it: a draft the seller edits and, once published, a copy buyers see."""

from __future__ import annotations

import re
import typing
from enum import StrEnum
from typing import Annotated, Any

from pydantic import BaseModel, Field, Strict, StringConstraints, model_validator

from domain.builder.blocks import Block, BlockId, BlockType
from domain.builder.style import TEXT_MAX, Closed, Color, Font, FontName, Media
from domain.builder.style import ButtonStyle as ButtonLook
from domain.languages import LANGUAGE_PATTERN

BLOCKS_MAX = 60  # blocks on one page
PAGES_MAX = 100  # pages per seller
PAGE_NAME_MAX = 80
SEO_TITLE_MAX = 70
SEO_DESCRIPTION_MAX = 300
PATH_MAX = 80
PATH_SHAPE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
# the storefront's own paths below /s/{username}/ (core §2): a page cannot take them
RESERVED_PATHS = frozenset(
    {
        "sign_in",
        "payment",
        "document",
        "tickets",
        "certificates",
        "sitemap",
        "sitemap-xml",
        "robots-txt",
        "v",
        "p",
    }
)


class PageType(StrEnum):
    membership = "membership"
    shop = "shop"
    shop_product = "shop_product"  # editor §2 shopProduct
    thank_you = "thank_you"  # the thank-you page
    course = "course"
    funnel = "funnel"
    affiliate = "affiliate"


class ThemeKind(StrEnum):
    """Theme kinds (editor §2): a page's theme is its type's."""

    shop = "ShopTheme"
    membership = "MembershipTheme"
    course = "course"
    funnel = "funnel"


THEME_OF = {
    PageType.shop: ThemeKind.shop,
    PageType.shop_product: ThemeKind.shop,
    PageType.thank_you: ThemeKind.shop,
    PageType.affiliate: ThemeKind.shop,
    PageType.membership: ThemeKind.membership,
    PageType.course: ThemeKind.course,
    PageType.funnel: ThemeKind.funnel,
}

B = BlockType
_MEMBERSHIP = frozenset(
    {
        B.header,
        B.banner,
        B.text,
        B.button,
        B.picture,
        B.audio_player,
        B.video,
        B.file,
        B.file_pdf,
        B.membership_products,
        B.popular_products,
        B.testimonials,
        B.gap,
        B.footer,
        B.affiliate,
    }
)
_COMMON = _MEMBERSHIP - {B.membership_products}
ALLOWED: dict[PageType, frozenset[BlockType]] = {
    PageType.membership: _MEMBERSHIP,
    PageType.shop: _COMMON | {B.seller_products, B.contact_form, B.conversion_tools},
    PageType.shop_product: _COMMON | {B.product},
    PageType.thank_you: _COMMON | {B.thank_you_page, B.seller_products},
    # every block but the excluded ones and the product lists (a course page sells nothing)
    PageType.course: frozenset(B)
    - {
        B.membership_products,
        B.seller_products,
        B.product,
        B.header,
        B.footer,
        B.funnel,
        B.thank_you_page,
        B.popular_products,
        B.funnel_product,
    },
    PageType.funnel: frozenset({B.funnel, B.funnel_product, B.seller_products}),
    PageType.affiliate: frozenset({B.affiliate, B.header, B.footer, B.seller_products}),
}
# one of these at most on a page
SINGLE = frozenset({B.header, B.footer, B.product, B.thank_you_page, B.funnel_product})


class ThemeMode(StrEnum):
    default = "default"
    custom = "custom"


class Theme(Closed):
    """A page's theme: the platform's (default) or the seller's own colours, fonts and buttons (custom). A shared
    theme arrives as one of these through `shared_theme_token`."""

    kind: ThemeKind = ThemeKind.shop
    mode: ThemeMode = ThemeMode.default
    primary_color: Color = "#1976d2"
    background_color: Color = "#ffffff"
    text_color: Color = "#1d1d1f"
    heading_font: Font = Font.montserrat
    body_font: Font = Font.montserrat
    custom_font: FontName | None = None  # a custom font's name; it replaces both fonts where it loads
    button_style: ButtonLook = ButtonLook.filled
    button_radius: Annotated[int, Strict(), Field(ge=0, le=100)] = 22
    max_width: Annotated[int, Strict(), Field(ge=320, le=3000)] = 1140


DEFAULT_THEME = Theme()


def _texts_of(cls: type[BaseModel]) -> dict[str, int]:
    """A block type's own words: its plain text settings (titles, texts, labels; not links, media or colours) with
    their lengths."""
    out: dict[str, int] = {}
    for name, f in cls.model_fields.items():
        if name == "id" or f.annotation is not str:
            continue
        limits = [m for m in f.metadata if hasattr(m, "max_length") and getattr(m, "pattern", None) is None]
        if limits and limits[0].max_length:
            out[name] = int(limits[0].max_length)
    return out


# the settings a seller may word per language, by block type (editor §3's texts; menus and lists stay shared)
TRANSLATABLE: dict[str, dict[str, int]] = {
    cls.model_fields["type"].default: _texts_of(cls) for cls in typing.get_args(typing.get_args(Block)[0])
}
LanguageCode = Annotated[str, StringConstraints(pattern=LANGUAGE_PATTERN)]
FieldName = Annotated[str, StringConstraints(pattern=r"^[a-z_]{1,40}$")]
TEXTS_MAX = 200  # worded settings per page and language


class BlockWords(Closed):
    """One text setting of one block, in another language."""

    block_id: BlockId
    field: FieldName
    text: Annotated[str, StringConstraints(max_length=TEXT_MAX)]


class PageTexts(Closed):
    """A page's words in one language of core §9; what is left empty reads as the page's own. (A list with the
    language inside, rather than a map keyed by it or by block ids, so no client's key conversion can touch it.)"""

    lang: LanguageCode
    seo_title: Annotated[str, StringConstraints(max_length=SEO_TITLE_MAX)] = ""
    seo_description: Annotated[str, StringConstraints(max_length=SEO_DESCRIPTION_MAX)] = ""
    texts: Annotated[list[BlockWords], Field(max_length=TEXTS_MAX)] = []


class PageContent(Closed):
    """What the builder edits: the theme, the blocks in their order, and the seller's words in other languages."""

    theme: Theme = DEFAULT_THEME
    seo_title: Annotated[str, StringConstraints(max_length=SEO_TITLE_MAX)] = ""  # empty: the page's name
    seo_description: Annotated[str, StringConstraints(max_length=SEO_DESCRIPTION_MAX)] = ""
    og_image: Media | None = None  # the picture a shared link shows
    blocks: Annotated[list[Block], Field(max_length=BLOCKS_MAX)] = []
    translations: Annotated[list[PageTexts], Field(max_length=20)] = []

    @model_validator(mode="after")
    def _ids_once(self) -> PageContent:
        ids = [b.id for b in self.blocks]
        if len(ids) != len(set(ids)):
            raise ValueError("each block id once on a page")
        types = {b.id: b.type for b in self.blocks}
        langs = [t.lang for t in self.translations]
        if len(langs) != len(set(langs)):
            raise ValueError("translations: each language once")
        for t in self.translations:
            seen: set[tuple[str, str]] = set()
            for w in t.texts:
                if w.block_id not in types:
                    raise ValueError(f"translations.{t.lang}: no block {w.block_id} on the page")
                limits = TRANSLATABLE[types[w.block_id]]
                if w.field not in limits:
                    raise ValueError(
                        f"translations.{t.lang}.{w.block_id}: {w.field} is not a text of the block"
                    )
                if len(w.text) > limits[w.field]:
                    raise ValueError(
                        f"translations.{t.lang}.{w.block_id}.{w.field}: at most {limits[w.field]} characters"
                    )
                if (w.block_id, w.field) in seen:
                    raise ValueError(f"translations.{t.lang}.{w.block_id}.{w.field}: once")
                seen.add((w.block_id, w.field))
        return self

    def read_in(self, lang: str) -> PageContent:
        """The page as a buyer reading `lang` sees it: the seller's words in that language where given."""
        texts = next((t for t in self.translations if t.lang == lang), None)
        if texts is None:
            return self
        words: dict[str, dict[str, str]] = {}
        for w in texts.texts:
            if w.text.strip():
                words.setdefault(w.block_id, {})[w.field] = w.text
        blocks = [b.model_copy(update=words[b.id]) if b.id in words else b for b in self.blocks]
        update: dict[str, Any] = {"blocks": blocks}
        if texts.seo_title.strip():
            update["seo_title"] = texts.seo_title
        if texts.seo_description.strip():
            update["seo_description"] = texts.seo_description
        return self.model_copy(update=update)


def content_errors(page_type: PageType, content: PageContent) -> list[str]:
    """What a page type refuses in this content (editor §2): blocks it does not allow, a single block twice, and a
    theme of another kind. Empty when it fits."""
    allowed = ALLOWED[page_type]
    errors: list[str] = []
    seen: set[str] = set()
    for b in content.blocks:
        t = BlockType(b.type)
        if t not in allowed:
            errors.append(f"a {page_type.value} page has no {t.value} block")
        elif t in SINGLE and t in seen:
            errors.append(f"one {t.value} block at most")
        seen.add(t)
    if content.theme.kind != THEME_OF[page_type]:
        errors.append(f"a {page_type.value} page takes a {THEME_OF[page_type].value} theme")
    return errors


def path_error(path: str) -> str | None:
    """A page's path below /s/{username}/: lowercase words joined by hyphens, not one the storefront keeps."""
    if not path or len(path) > PATH_MAX or not PATH_SHAPE.match(path):
        return "lowercase letters, digits and single hyphens, at most 80"
    if path in RESERVED_PATHS:
        return "kept by the shop itself"
    return None


def default_content(page_type: PageType, shop_name: str) -> PageContent:
    """A new page's blocks: what a seller would otherwise build first (a header, the page's own block, a footer),
    so a new page is never blank."""
    from domain.builder import blocks as bl

    theme = Theme(kind=THEME_OF[page_type])
    header = [bl.HeaderBlock(id="header")] if B.header in ALLOWED[page_type] else []
    footer = [bl.FooterBlock(id="footer")] if B.footer in ALLOWED[page_type] else []
    middle: list[Block]
    match page_type:
        case PageType.shop:
            middle = [
                bl.BannerBlock(id="banner", title_text=shop_name),
                bl.SellerProductsBlock(id="products"),
            ]
        case PageType.shop_product:
            middle = [bl.ProductBlock(id="product")]
        case PageType.thank_you:
            middle = [bl.ThankYouPageBlock(id="thanks"), bl.SellerProductsBlock(id="products")]
        case PageType.membership:
            middle = [bl.MembershipProductsBlock(id="products")]
        case PageType.funnel:
            middle = [
                bl.FunnelProductBlock(id="offer"),
                bl.FunnelBlock(id="accept"),
                bl.FunnelBlock(id="decline", funnel_type=bl.FunnelType.decline, view=bl.View.text),
            ]
        case PageType.affiliate:
            middle = [bl.AffiliateBlock(id="affiliate"), bl.SellerProductsBlock(id="products")]
        case PageType.course:  # a welcome and the way into the course (a lesson link to the page's course)
            middle = [
                bl.PageTextBlock(id="text"),
                bl.ButtonBlock(id="start", button_type=bl.ButtonType.lesson_link),
            ]
        case _:
            middle = [bl.PageTextBlock(id="text")]
    return PageContent(theme=theme, blocks=[*header, *middle, *footer])
