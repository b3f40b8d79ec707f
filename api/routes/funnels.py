"""Funnel pages (issue 22 "Funnels"): after a purchase, the seller's funnel page for the product shows the upsell
of the checkout issue, built with the builder. Its accept button buys it with one click, charged off-session with
the card that just paid (`buy_offer`, the thank-you page's path: one order line, one charge however often it is
pressed); its decline button shows the downsell, if there is one, else the thank-you page. The thank-you page
sends the buyer here first while an offer is open (`funnel_url`)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Path, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from api.deps import DB, Temporal
from api.presenters.checkout import offers_out
from api.storefront.render import FunnelOffer, page_response
from api.storefront.shop_pages import shop_name_of, shop_view, stored_content
from api.web import buyer_language
from core.settings import get_settings
from domain.builder.pages import PageType
from domain.errors import DomainError, ErrorCode
from domain.languages import LANGUAGE_PATTERN
from domain.limits import ID_MAX, USERNAME_MAX
from domain.money import format_money
from services.checkout.offers import buy_offer, offers_after
from store.builder.pages import published_for_product
from store.catalog.queries import product_row
from store.catalog.storefront import shop_seller
from store.orders.queries import order_in_shop

router = APIRouter(include_in_schema=False)
api = APIRouter(prefix="/v1/shop", tags=["shop"])
Username = Annotated[str, Path(min_length=1, max_length=USERNAME_MAX)]
Token = Annotated[str, Path(min_length=1, max_length=64)]


def _thank_you(username: str, slug: str, token: str) -> str:
    return f"/s/{username}/{slug}/thank_you/{token}?funnel=done"


@router.get("/s/{username}/{slug}/offer/{token}")
async def funnel_page(
    username: Username, slug: Annotated[str, Path(max_length=200)], token: Token, request: Request, s: DB
) -> Response:
    try:
        seller, stored = await shop_seller(s, username)
        order = await order_in_shop(s, username, token)
    except DomainError:
        return Response(status_code=404)
    product = await product_row(s, order.product_id)
    if product is None or product.slug != slug:
        return Response(status_code=404)
    done = RedirectResponse(_thank_you(stored, slug, token), status_code=303)
    served = await published_for_product(s, seller.id, PageType.funnel, product.id)
    offered = offers_out(await offers_after(s, order, product))
    declined = request.query_params.get("declined") == "1"
    offers = offered.get("downsells", []) if declined else offered.get("upsells", [])
    if served is None or not offers:
        return done  # nothing (more) to offer: the thank-you page
    o = offers[0]
    lang = buyer_language(request)
    decline = (
        f"/s/{stored}/{slug}/offer/{token}?declined=1"
        if not declined and offered.get("downsells")
        else _thank_you(stored, slug, token)
    )
    shop_name = await shop_name_of(s, seller.id, stored)
    view = await shop_view(
        s,
        seller,
        stored,
        shop_name=shop_name,
        content=stored_content(served, shop_name),
        name=served.name,
        path=f"{slug}/offer/{token}",
        base=f"/s/{stored}",
        origin=get_settings().public_url.rstrip("/"),
        lang=lang,
        preview=True,  # a buyer's own page: not for search engines
        offer=FunnelOffer(
            addon_id=o.id,
            name=o.title or o.product_name,
            description=o.description or "",
            price=format_money(o.price, o.currency, lang),
            cover_src=o.cover_url,
            accept_action=f"/s/{stored}/{slug}/offer/{token}/accept",
            decline_url=decline,
        ),
    )
    return page_response(view, {"Cache-Control": "private, no-store"})


@router.post("/s/{username}/{slug}/offer/{token}/accept")
async def accept_offer(
    username: Username,
    slug: Annotated[str, Path(max_length=200)],
    token: Token,
    addon_id: Annotated[int, Form(ge=1, le=ID_MAX)],
    s: DB,
    client: Temporal,
) -> Response:
    """The funnel's accept button: the offer bought with one click, then the thank-you page (which shows it among
    the order's extras, or asks the bank's confirmation there when the bank insists)."""
    try:
        await buy_offer(s, client, username, token, addon_id)
    except DomainError as e:
        if e.status == 404:
            return Response(status_code=404)
        # no longer offered (bought already, or no card to charge): the thank-you page says what the order has
    return RedirectResponse(_thank_you(username, slug, token), status_code=303)


@api.get(
    "/{username}/orders/{token}/thank_you_page",
    response_class=HTMLResponse,
    responses={
        200: {"content": {"text/html": {}}, "description": "The seller's thank-you page for the order"}
    },
)
async def thank_you_page(
    username: Username,
    token: Token,
    s: DB,
    lang: Annotated[str, Query(pattern=LANGUAGE_PATTERN)] = "en",
) -> HTMLResponse:
    """The seller's built thank-you page for the order's product (its own, else the template for every product),
    which the web app's thank-you page shows above what the order delivers; 404 when the seller built none."""
    seller, stored = await shop_seller(s, username)
    order = await order_in_shop(s, username, token)
    served = await published_for_product(s, seller.id, PageType.thank_you, order.product_id)
    if served is None:
        raise DomainError(ErrorCode.NOT_FOUND, "The shop has no thank-you page of its own.")
    product = await product_row(s, order.product_id)
    shop_name = await shop_name_of(s, seller.id, stored)
    view = await shop_view(
        s,
        seller,
        stored,
        shop_name=shop_name,
        content=stored_content(served, shop_name),
        name=served.name,
        path=f"{product.slug if product else ''}/thank_you/{token}",
        base=f"/s/{stored}",
        origin=get_settings().public_url.rstrip("/"),
        lang=lang,
        preview=True,  # a buyer's own page: not for search engines
        framed=True,
    )
    return page_response(view, {"Cache-Control": "private, no-store"})
