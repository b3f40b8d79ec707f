"""Serving a shop's page: the page the builder published at a path (or a product's page), rendered on the server,
else the web app's index; a click on a publisher's link (`epid`) or a sales team member's (`stm`) remembered for
the visitor in its cookie. Used by the storefront's routes, on the platform's address and on the seller's domain,
and by the pricing page's fallback."""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import RedirectResponse, Response

from api.deps import DB
from api.storefront.shop_pages import (
    html_page,
    shop_name_of,
    shop_view,
    stored_content,
)
from api.web import buyer_language, shop_response
from domain.affiliates.affiliates import PROGRAM_PARAM, own_page, program_param, redirection
from domain.builder.tracking import EventPage, app_tracking_types
from domain.errors import DomainError
from domain.limits import USERNAME_MAX
from domain.teams import SALES_COOKIE_DAYS, SALES_LINK_PARAM
from services.referrals import (
    AFFILIATE_COOKIE,
    AFFILIATE_COOKIE_DAYS,
    SALES_COOKIE,
    click_of_token,
    click_token,
    sales_token,
)
from store.affiliates.programs import click_recorded, click_redirection
from store.builder.pages import Served, published_at_path, published_for_slug
from store.builder.settings import tracking_settings
from store.catalog.storefront import public_products, shop_seller
from store.teams.actions import active_sales_member


async def clicked(request: Request, s: DB, username: str, path: str | None, response: Response) -> Response:
    """`response` with the visitor's click cookie when the request follows an active publisher's link (`epid`), and
    with the sales team member's cookie when it follows the link of one of the shop's sales team (`stm`)."""
    epid = request.query_params.get("epid", "")
    if epid.isdigit() and len(epid) <= 15:
        try:
            seller, _ = await shop_seller(s, username)
        except DomainError:
            return response
        cookie = AFFILIATE_COOKIE.format(seller_id=seller.id)
        previous = click_of_token(seller.id, request.cookies.get(cookie))
        program = program_param(request.query_params.get(PROGRAM_PARAM, ""))
        click = await click_recorded(s, seller.id, int(epid), f"/{path or ''}", previous, program)
        if click is not None and path is None:  # the publisher's shop link: the program may land it elsewhere
            chosen = own_page(username, request.query_params.get("target", ""))
            found = await click_redirection(s, seller.id, int(epid), chosen, program)
            params = [(k, v) for k, v in request.query_params.multi_items() if k != "target"]
            target = redirection(found[0], found[1], params) if found else None
            if target is not None:
                response = RedirectResponse(target, status_code=302)
        if click is not None:
            response.set_cookie(
                cookie,
                click_token(seller.id, click),
                max_age=AFFILIATE_COOKIE_DAYS * 86400,
                # over https the cookie also holds in a frame on a publisher's page (an embedded form), where the
                # browser lets third parties keep cookies; plain http (the local stack) can only ask for lax
                samesite="none" if request.url.scheme == "https" else "lax",
                secure=request.url.scheme == "https",
                httponly=True,
            )
    stm = request.query_params.get(SALES_LINK_PARAM, "")
    if stm.isdigit() and len(stm) <= 15:
        await _sales_link_followed(request, s, username, int(stm), response)
    return response


async def _sales_link_followed(
    request: Request, s: DB, username: str, member_user_id: int, response: Response
) -> None:
    """The last sales team member's link the visitor followed into the shop, while they are its active member:
    their purchases within `SALES_COOKIE_DAYS` are credited to them (domain/teams.py)."""
    try:
        seller, _ = await shop_seller(s, username)
    except DomainError:
        return
    if await active_sales_member(s, seller.id, member_user_id) is None:
        return
    response.set_cookie(
        SALES_COOKIE.format(seller_id=seller.id),
        sales_token(seller.id, member_user_id),
        max_age=SALES_COOKIE_DAYS * 86400,
        samesite="none" if request.url.scheme == "https" else "lax",
        secure=request.url.scheme == "https",
        httponly=True,
    )


async def _serve(
    request: Request, s: DB, *, username: str, path: str | None, base: str, origin: str
) -> Response:
    """The page at `path` of the shop (none: its home page) rendered, or the web app's index when the builder has
    no page there."""
    domain_of = (
        username if base == "" else None
    )  # on the seller's domain: the page names its shop's first asks
    if not username or len(username) > USERNAME_MAX or (path is not None and len(path) > 200):
        return shop_response(request=request, domain_of=domain_of)
    try:
        seller, stored = await shop_seller(s, username)
    except DomainError:
        return shop_response(request=request, domain_of=domain_of)
    served: Served | None = await published_at_path(s, seller.id, path)
    product_id: int | None = None
    if served is None and path is not None:
        found = await published_for_slug(s, seller.id, path)
        if found is None:  # the product's page of the web app with its checkout, or not the builder's
            tracking = app_tracking_types(await tracking_settings(s, seller.id))
            return shop_response(request=request, domain_of=domain_of, tracking=tracking)
        product_id, served = found
    if served is None:
        return shop_response(
            request=request
        )  # no home page built yet: the web app's storefront lists the products
    views = await public_products(s, seller)
    if product_id is not None and not any(v.product.id == product_id for v in views):
        return shop_response(request=request, domain_of=domain_of)
    shop_name = await shop_name_of(s, seller.id, stored)
    content = stored_content(served, shop_name)
    lang = buyer_language(request)
    view = await shop_view(
        s,
        seller,
        stored,
        shop_name=shop_name,
        content=content,
        name=served.name,
        path=path or "",
        base=base,
        origin=origin,
        lang=lang,
        views=views,
        product_id=product_id,
        query={k: v[:100] for k, v in request.query_params.items()},
        tracking=await tracking_settings(s, seller.id),
        event=EventPage.product if product_id is not None else EventPage.shop,
    )
    return html_page(request, view, lang)


async def serve(
    request: Request, s: DB, *, username: str, path: str | None, base: str, origin: str
) -> Response:
    """The shop's page at `path`, and a click on a publisher's link (`epid`, issue 23) remembered for the
    visitor."""
    response = await _serve(request, s, username=username, path=path, base=base, origin=origin)
    return await clicked(request, s, username, path, response)
