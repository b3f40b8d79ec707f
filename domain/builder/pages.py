"""Page types, the blocks each allows (editor §2 Page builder), themes, and a page's content as the builder keeps
it: a draft the seller edits and, once published, a copy buyers see."""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Annotated

from pydantic import Field, Strict, StringConstraints, model_validator

from domain.builder.blocks import Block, BlockType
from domain.builder.style import ButtonStyle as ButtonLook
from domain.builder.style import Closed, Color, Font, Label, Media

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
    custom_font: Label | None = None  # a custom font's name; it replaces both fonts where it loads
    button_style: ButtonLook = ButtonLook.filled
    button_radius: Annotated[int, Strict(), Field(ge=0, le=100)] = 22
    max_width: Annotated[int, Strict(), Field(ge=320, le=3000)] = 1140


DEFAULT_THEME = Theme()


class PageContent(Closed):
    """What the builder edits: the theme and the blocks in their order."""

    theme: Theme = DEFAULT_THEME
    seo_title: Annotated[str, StringConstraints(max_length=SEO_TITLE_MAX)] = ""  # empty: the page's name
    seo_description: Annotated[str, StringConstraints(max_length=SEO_DESCRIPTION_MAX)] = ""
    og_image: Media | None = None  # the picture a shared link shows
    blocks: Annotated[list[Block], Field(max_length=BLOCKS_MAX)] = []

    @model_validator(mode="after")
    def _ids_once(self) -> PageContent:
        ids = [b.id for b in self.blocks]
        if len(ids) != len(set(ids)):
            raise ValueError("each block id once on a page")
        return self


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
        case _:
            middle = [bl.PageTextBlock(id="text")]
    return PageContent(theme=theme, blocks=[*header, *middle, *footer])
