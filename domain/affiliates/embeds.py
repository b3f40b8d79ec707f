"""Embeddable items (editor §3 Embeddable item; issue 23): what a publisher pastes into any web page to send its
visitors into a shop with their link. An item has a form (how it looks), a purpose (where it leads) and a display
(the shop opens in a window over the page, or the page itself goes there). One small script renders every item
in its own shadow root, so the host page's styles cannot reach it and it reads nothing of the host page; the link it
opens carries the publisher's `epid`, so the click is counted and the purchase credited like any other.

    <script src="https://sellflow.example/embed.js" data-sellflow-item="Zq3…" async></script>
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated
from urllib.parse import quote

from pydantic import Field, StringConstraints, model_validator
from pydantic import Strict as PStrict

from domain.affiliates.affiliates import PROGRAM_PARAM
from domain.builder.style import Closed, Color, Label

ITEMS_MAX = 100  # per publisher
NAME_MAX = 100
PATH_MAX = 200
SCRIPT_MAX_GZIP = 15 * 1024  # the script a publisher pastes, gzipped (issue 23)


class EmbedForm(StrEnum):
    plain_link = "plain_link"  # a bare link, styled by nothing but the host's text
    text_link = "text_link"  # an underlined link in the item's colour
    button = "button"
    banner = "banner"  # a wide card with the product's picture, name and a button
    badge = "badge"  # a small pill: "Recommended · {shop}"
    slider = "slider"  # the program's products side by side, scrolled sideways
    embed_form = "embed_form"  # the product's page in a frame on the host page
    embed_payment_page = "embed_payment_page"  # the checkout in a frame on the host page


class EmbedPurpose(StrEnum):
    shop = "shop"
    product = "product"
    course_lesson = "course_lesson"  # a course product's page (its lessons open after the purchase)
    login_page = "login_page"  # the shop's sign-in for its buyers
    custom_link = "custom_link"  # a page of the shop the publisher names


class EmbedDisplay(StrEnum):
    modal = (
        "modal"  # a window over the host page (a popup: the shop is first-party there, so its cookie holds)
    )
    on_page = "on_page"  # the host page itself goes there (a frame for the embed forms)


FRAMED = frozenset({EmbedForm.embed_form, EmbedForm.embed_payment_page})
NEEDS_PRODUCT = frozenset({EmbedPurpose.product, EmbedPurpose.course_lesson})
# a page of the shop: `/` (its home) or one of its pages (`/{address}`)
ShopPath = Annotated[str, StringConstraints(pattern=r"^/[A-Za-z0-9\-_~]*$", max_length=PATH_MAX)]


class ItemForm(Closed):
    """What a publisher chooses for an item (the API's names in snake case)."""

    name: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=NAME_MAX)]
    affiliate_program_id: Annotated[int, PStrict(), Field(ge=1, le=2**53)]
    form: EmbedForm = EmbedForm.button
    purpose: EmbedPurpose = EmbedPurpose.shop
    display: EmbedDisplay = EmbedDisplay.on_page
    product_id: Annotated[int, PStrict(), Field(ge=1, le=2**53)] | None = None
    custom_path: ShopPath | None = None
    text: Label = ""  # the link's or button's words (empty: the product's or the shop's name)
    color: Color = "#1f6feb"

    @model_validator(mode="after")
    def _fits(self) -> ItemForm:
        if self.purpose in NEEDS_PRODUCT and self.product_id is None:
            raise ValueError("an item for a product names it")
        if self.purpose not in NEEDS_PRODUCT and self.product_id is not None:
            raise ValueError("only an item for a product names one")
        if (self.purpose == EmbedPurpose.custom_link) != (self.custom_path is not None):
            raise ValueError("a custom link names its page of the shop, and only a custom link does")
        if self.form == EmbedForm.embed_payment_page and self.purpose not in NEEDS_PRODUCT:
            raise ValueError("a payment page is a product's")
        return self


def target_path(
    form: ItemForm, *, shop: str, product_slug: str | None, publisher_id: int, program_id: int | None = None
) -> str:
    """Where the item leads, with the publisher's link (`epid`, and the item's program: `prid`): a path on the
    shop's host."""
    base = f"/s/{quote(shop, safe='')}"
    if form.purpose in NEEDS_PRODUCT:
        path = f"{base}/{quote(product_slug or '', safe='')}"
        if form.form == EmbedForm.embed_payment_page:
            path += "/checkout"
    elif form.purpose == EmbedPurpose.login_page:
        path = f"{base}/sign_in"
    elif form.purpose == EmbedPurpose.custom_link and form.custom_path:
        path = f"{base}{form.custom_path}"
    else:
        path = base
    prid = f"&{PROGRAM_PARAM}={program_id}" if program_id is not None else ""
    return f"{path}?epid={publisher_id}{prid}"


def snippet(origin: str, token: str) -> str:
    """The code a publisher pastes into their page."""
    return f'<script src="{origin}/embed.js" data-sellflow-item="{token}" async></script>'
