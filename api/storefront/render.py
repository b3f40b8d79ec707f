"""A builder page rendered to HTML on the server. The route gathers what the blocks show (`PageView`); this module
turns it into one document: the blocks in their order, their styles as inline CSS, the product lists paged and
sorted from the query, and the head a search engine or a shared link reads. Text and attributes are escaped
(Jinja's autoescape); what lands in CSS is encoded for CSS (`api/storefront/encode.py`); links and media are
checked by the block models before they are stored; the page's own scripts carry the response's CSP nonce."""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from fastapi.responses import HTMLResponse
from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup, escape

from api.headers import CSP, new_nonce, page_policy
from api.storefront.encode import css_color, css_int, css_string, css_url
from api.storefront.texts import Texts
from domain.builder.blocks import SortDir, SortKey
from domain.builder.pages import PageContent
from domain.builder.style import FontDisplay, Style
from domain.builder.tracking import ConsentMode, EventPage, TrackingSettings, codes_for
from domain.languages import BUYER, BY_CODE

TEMPLATES = Path(__file__).parent / "templates"
_env = Environment(
    loader=FileSystemLoader(TEMPLATES),
    autoescape=select_autoescape(default=True, default_for_string=True),
    trim_blocks=True,
    lstrip_blocks=True,
)


@dataclass(frozen=True)
class Card:
    """A product as a list or the product block shows it."""

    id: int
    name: str
    slug: str
    description: str
    category: str | None
    price: str | None  # formatted in the buyer's language; none: free or no plan
    free: bool
    sellable: bool
    cover_src: str | None
    cover_srcset: str | None
    cover_width: int | None
    cover_height: int | None
    created_at: datetime
    views: int
    purchases: int
    last_purchase: datetime | None


@dataclass(frozen=True)
class MemberItem:
    """A product a membership includes, as its member opens it (a download, a course, a link)."""

    name: str
    url: str | None
    text: str | None = None


@dataclass(frozen=True)
class FontFace:
    """A custom font the page uses (editor §3 Custom font), as an `@font-face` rule."""

    name: str
    url: str
    weight: int
    style: str
    display: str
    format: str
    fallback: str


@dataclass(frozen=True)
class PlanCard:
    """A pricing plan as the pricing page shows it."""

    name: str
    kind: str  # the plan's type in the buyer's words
    price: str
    schedule: str  # once, every period, or its rates
    url: str  # step 2: the checkout at this plan


@dataclass(frozen=True)
class PricingView:
    product: str
    product_url: str
    plans: list[PlanCard]


@dataclass(frozen=True)
class FunnelOffer:
    """The offer a funnel page shows after a purchase, and where its two buttons lead."""

    addon_id: int
    name: str
    description: str
    price: str
    cover_src: str | None
    accept_action: str  # a form's POST: bought with one click
    decline_url: str  # the downsell, or the thank-you page


@dataclass(frozen=True)
class PageView:
    shop_name: str
    username: str
    base: str  # the shop's own paths: `/s/{username}`, or "" on its domain
    origin: str  # scheme and host of the canonical address
    path: str  # this page's path below the base ("" for the home page)
    name: str  # the page's name (the title when it has no SEO title)
    content: PageContent
    cards: list[Card] = field(default_factory=list)  # the shop's public products
    product: Card | None = None  # the product a product page is opened for
    lang: str = "en"
    query: dict[str, str] = field(default_factory=dict)
    preview: bool = False
    framed: bool = False  # shown inside the web app (membership area, thank-you page): links open in the app
    # a membership page opened by its member: what the membership includes
    members: list[MemberItem] | None = None
    tracking: TrackingSettings | None = None  # the shop's codes and consent
    offer: FunnelOffer | None = None
    pricing: PricingView | None = None  # the pricing page's plans  # a funnel page after a purchase
    fonts: list[FontFace] = field(default_factory=list)  # the seller's custom fonts this page names
    legal_links: list[tuple[str, str]] = field(default_factory=list)  # (document, address) the footer links
    event: EventPage = EventPage.shop
    nonce: str = ""  # the Content-Security-Policy nonce the page's own scripts carry (api/headers.py)


def _rgba(hex_color: str, transparency: int) -> str:
    h = hex_color.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    r, g, b = int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)
    alpha = (100 - transparency) / 100
    return f"rgba({r},{g},{b},{alpha:g})"


def block_css(s: Style) -> Markup:
    """A block's look as a `style` attribute: colours checked as colours, numbers as integers, enums by their
    values, the custom font's name a CSS string (`api/storefront/encode.py`)."""
    u = s.padding_units.value
    font = f"{css_string(s.custom_font)}," if s.custom_font else ""
    pad = [css_int(p) for p in (s.padding_top, s.padding_right, s.padding_bottom, s.padding_left)]
    parts = [
        f"background:{_rgba(css_color(s.background_color, '#ffffff'), css_int(s.transparency))}",
        f"color:{css_color(s.text_color)}",
        f"font-family:{font}{css_string(s.font.value)},system-ui,sans-serif",
        f"font-size:{css_int(s.font_size, 16)}px",
        f"padding:{pad[0]}{u} {pad[1]}{u} {pad[2]}{u} {pad[3]}{u}",
        f"text-align:{s.horizontal_alignment.value}",
        f"--btn:{css_color(s.button_color)}",
        f"--btn-text:{css_color(s.button_text_color, '#ffffff')}",
        f"--btn-radius:{css_int(s.button_radius)}px",
    ]
    return Markup(";".join(parts))


def inner_css(s: Style) -> Markup:
    width = f"width:{css_int(s.width, 100)}%;" if s.width < 100 else ""
    max_w = f"max-width:{css_int(s.max_width)}px;" if s.max_width else ""
    return Markup(f"{width}{max_w}border-radius:{css_int(s.radius)}px")


def paragraphs(text: str) -> Markup:
    """A text block's text: paragraphs at blank lines, line breaks kept, everything escaped."""
    chunks = [c.strip() for c in text.replace("\r\n", "\n").split("\n\n") if c.strip()]
    return Markup("").join(
        Markup("<p>{}</p>").format(Markup("<br>").join(escape(line) for line in c.split("\n")))
        for c in chunks
    )


def vimeo_embed(src: str, color: str) -> str | None:
    digits = "".join(ch for ch in src.rstrip("/").rsplit("/", 1)[-1] if ch.isdigit())
    if "vimeo.com" not in src or not digits:
        return None
    return f"https://player.vimeo.com/video/{digits}?color={color.lstrip('#')}&dnt=1"


SORTS = {
    SortKey.created_at: lambda c: c.created_at,
    SortKey.total_views: lambda c: c.views,
    SortKey.total_purchases: lambda c: c.purchases,
    SortKey.recent_purchase: lambda c: c.last_purchase or datetime.min.replace(tzinfo=UTC),
}


def listed(view: PageView, block: Any) -> dict[str, Any]:
    """A seller products block's cards for the page asked: by category, sorted (the query's `sortKey` and
    `sortDir`, else the block's), paged by the block's `items_per_page`; a page past the end shows the last."""
    cards = view.cards
    if not block.show_all_products and block.product_ids:
        order = {pid: i for i, pid in enumerate(block.product_ids)}
        cards = sorted((c for c in cards if c.id in order), key=lambda c: order[c.id])
    categories = sorted({c.category for c in cards if c.category})
    category = view.query.get("category")
    if category in categories:
        cards = [c for c in cards if c.category == category]
    else:
        category = None
    key = SortKey(view.query["sortKey"]) if view.query.get("sortKey") in set(SortKey) else block.sort_key
    direction = (
        SortDir(view.query["sortDir"]) if view.query.get("sortDir") in set(SortDir) else block.sort_dir
    )
    if block.show_all_products or not block.product_ids or "sortKey" in view.query:
        cards = sorted(cards, key=SORTS[key], reverse=direction == SortDir.desc)
    per = block.items_per_page
    pages = max(1, -(-len(cards) // per))
    raw = view.query.get("page", "1")
    page = min(max(int(raw) if raw.isdigit() and len(raw) < 7 else 1, 1), pages)
    return {
        "cards": cards[(page - 1) * per : page * per],
        "page": page,
        "pages": pages,
        "categories": categories,
        "category": category,
        "sort_key": key.value,
        "sort_dir": direction.value,
    }


def page_link(view: PageView, **changes: object) -> str:
    """This page's address with the query changed (None removes a key); paging resets with a new sort or
    category."""
    q = {
        k: v
        for k, v in view.query.items()
        if k in ("page", "sortKey", "sortDir", "category", "lang", "product_id")
    }
    if "page" not in changes:
        q.pop("page", None)
    for k, v in changes.items():
        if v is None:
            q.pop(k, None)
        else:
            q[k] = str(v)
    here = f"{view.base}/{view.path}" if view.path else (view.base or "/")
    return here + (f"?{urlencode(q)}" if q else "")


GA_EVENTS = {
    EventPage.shop: "page_view",
    EventPage.product: "view_item",
    EventPage.checkout: "begin_checkout",
    EventPage.thank_you: "purchase",
}
PIXEL_EVENTS = {
    EventPage.shop: "PageView",
    EventPage.product: "ViewContent",
    EventPage.checkout: "InitiateCheckout",
    EventPage.thank_you: "Purchase",
}


def tracking_context(view: PageView) -> dict[str, Any] | None:
    """What the consent banner and its loader need on this page, or None when nothing tracks here."""
    settings = view.tracking
    if settings is None:
        return None
    codes = codes_for(settings, view.event)
    consent = settings.consent
    if not codes and consent.mode != ConsentMode.external:
        return None
    loader = [
        {
            "t": c.tracking_type.value,
            "id": c.code,
            "cat": cat.value,
            "ev": GA_EVENTS[view.event],
            "fb": PIXEL_EVENTS[view.event],
        }
        for c, cat in codes
    ]
    return {
        "mode": consent.mode.value,
        "categories": [c.value for c in consent.categories],
        "text": consent.text,
        "cookiebot_id": consent.cookiebot_id,
        "blocking": consent.blocking_mode.value,
        # JSON inside a script: `<` escaped so no value can close the script element
        "codes": Markup(json.dumps(loader).replace("<", "\\u003c")),
        "cookie": f"sf_consent_{view.username}",
    }


def fonts_named(content: PageContent) -> set[str]:
    """The custom font names a page's theme and blocks use."""
    names = {content.theme.custom_font} | {b.style.custom_font for b in content.blocks}
    return {n for n in names if n}


def font_faces(fonts: list[FontFace]) -> Markup:
    rules = [
        f"@font-face{{font-family:{css_string(f.name)};src:{css_url(f.url)} format({css_string(f.format)});"
        f"font-weight:{css_int(f.weight, 400)};font-style:{'italic' if f.style == 'italic' else 'normal'};"
        f"font-display:{f.display if f.display in FontDisplay.__members__ else 'swap'}}}"
        for f in fonts
    ]
    return Markup("\n".join(rules))


def render_page(view: PageView) -> str:
    t = Texts(view.lang)
    content = view.content.read_in(view.lang)
    first_picture = next((b.src for b in content.blocks if b.type == "picture" and b.src), None)
    cover = view.product.cover_src if view.product else None
    og_image = content.og_image or cover or first_picture
    title = content.seo_title or (view.product.name if view.product else None) or view.name or view.shop_name
    canonical = f"{view.origin}{view.base}/{view.path}" if view.path else f"{view.origin}{view.base or '/'}"
    if view.pricing and view.query.get("product_id"):
        canonical += f"?product_id={view.query['product_id']}"
    description = content.seo_description or (view.product.description[:200] if view.product else "")
    return _env.get_template("page.html.j2").render(
        v=view,
        c=content,
        t=t,
        title=title,
        description=description,
        canonical=canonical,
        og_image=(f"{view.origin}{og_image}" if og_image and og_image.startswith("/") else og_image),
        languages=BUYER,
        current_language=BY_CODE[t.lang],
        block_css=block_css,
        inner_css=inner_css,
        paragraphs=paragraphs,
        vimeo_embed=vimeo_embed,
        listed=lambda b: listed(view, b),
        page_link=lambda **kw: page_link(view, **kw),
        product_url=lambda card: f"{view.base}/{card.slug}",
        checkout_url=lambda card: (
            f"{view.base}/{card.slug}/checkout" + (f"?lang={t.lang}" if t.lang != "en" else "")
        ),
        by_id={c.id: c for c in view.cards},
        now=datetime.now(UTC),
        tracking=tracking_context(view),
        font_faces=font_faces(view.fonts),
        fallback_of={f.name: f.fallback for f in view.fonts},
        css_string=css_string,
        css_url=css_url,
        css_color=css_color,
        css_int=css_int,
        nonce=view.nonce,
    )


def tracking_types(view: PageView) -> set[str]:
    """The tracking this page may load after consent (its Content-Security-Policy allows their origins)."""
    settings = view.tracking
    if settings is None:
        return set()
    types = {c.tracking_type.value for c, _ in codes_for(settings, view.event)}
    if settings.consent.mode == ConsentMode.external:
        types.add("cookiebot")
    return types


def page_response(view: PageView, headers: dict[str, str] | None = None) -> HTMLResponse:
    """The page as a response with its own Content-Security-Policy: its scripts run by this response's nonce."""
    nonce = new_nonce()
    body = render_page(replace(view, nonce=nonce))
    return HTMLResponse(body, headers={**(headers or {}), CSP: page_policy(nonce, tracking_types(view))})
