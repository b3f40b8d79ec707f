"""The storefront's pages, rendered on the server (issue 22): `/s/{username}` (the shop's home page),
`/s/{username}/{path}` (a page the seller built, or a product with a published product page), the shop's
`sitemap.xml`, and the same on the seller's verified domain without the prefix. A path the builder does not
serve (a product without a built page, a ticket, the sign-in) is the web app's, so its index answers."""

from __future__ import annotations

import hashlib
from typing import Annotated
from urllib.parse import urlencode

from fastapi import APIRouter, BackgroundTasks, Path, Request
from fastapi.responses import RedirectResponse, Response
from pydantic import ValidationError

from api.deps import DB, Temporal
from api.storefront.shop_pages import (
    document_page,
    html_page,
    platform_origin,
    shop_name_of,
    shop_view,
    sitemap,
    stored_content,
)
from api.throttle import throttle
from api.web import buyer_language, host_of, shop_response
from core.settings import get_settings
from domain.accounts.accounts import email_error, normalised_email
from domain.affiliates.affiliates import PROGRAM_PARAM, own_page, program_param, redirection
from domain.builder.blocks import ContactFormBlock, FieldKey
from domain.builder.pages import PageContent
from domain.builder.tracking import EventPage, app_tracking_types
from domain.errors import DomainError, ErrorCode, invalid
from domain.keys import contact_mail_key
from domain.limits import USERNAME_MAX
from domain.mail import MailTemplate, OutgoingMail
from domain.teams import SALES_COOKIE_DAYS, SALES_LINK_PARAM
from handles.checkout import send_mail
from services.referrals import (
    AFFILIATE_COOKIE,
    AFFILIATE_COOKIE_DAYS,
    SALES_COOKIE,
    click_of_token,
    click_token,
    sales_token,
)
from store.accounts.queries import seller_user_of
from store.affiliates.programs import click_recorded, click_redirection
from store.builder.pages import Served, published_at_path, published_for_slug
from store.builder.settings import tracking_settings
from store.catalog.storefront import public_products, shop_seller
from store.domains.queries import seller_of_host
from store.teams.actions import active_sales_member

router = APIRouter(include_in_schema=False)

PathPart = Annotated[str, Path(max_length=200)]


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


@router.get("/s/{username}/document/{document}")
async def shop_document(username: PathPart, document: str, request: Request, s: DB) -> Response:
    """A legal document of the shop (core §2; `ct_id` and `product_type` are read by the web app's links and
    change nothing here: a shop has one text per document), in the shop's home page theme."""
    return await document_page(request, s, username, document, base=None, origin=platform_origin())


@router.get("/s/{username}/sitemap.xml")
async def shop_sitemap(username: PathPart, s: DB) -> Response:
    return await sitemap(s, username=username, base=f"/s/{username}", origin=platform_origin())


@router.get("/s/{username}")
async def shop_home(username: PathPart, request: Request, s: DB) -> Response:
    return await serve(
        request, s, username=username, path=None, base=f"/s/{username}", origin=platform_origin()
    )


@router.get("/s/{username}/{path}")
async def shop_page(username: PathPart, path: PathPart, request: Request, s: DB) -> Response:
    return await serve(
        request, s, username=username, path=path, base=f"/s/{username}", origin=platform_origin()
    )


@router.get("/s/{username}/{slug}/checkout")
async def checkout_page(username: PathPart, slug: PathPart, request: Request, s: DB) -> Response:
    """A product's checkout (the web app's page), reached through a publisher's link too (an embedded payment
    page)."""
    if not username or len(username) > USERNAME_MAX:
        return shop_response(request=request)
    page = shop_response(request=request, tracking=await _app_tracking(s, username))
    return await clicked(request, s, username, f"{slug}/checkout", page)


@router.get("/s/{username}/{slug}/thank_you/{token}")
async def thank_you_page(
    username: PathPart, slug: PathPart, token: PathPart, request: Request, s: DB
) -> Response:
    """The thank-you page after paying (the web app's), allowed to load the tracking its shop fires on it."""
    if not username or len(username) > USERNAME_MAX:
        return shop_response(request=request)
    return shop_response(request=request, tracking=await _app_tracking(s, username))


async def _app_tracking(s: DB, username: str) -> set[str]:
    """What a shop's checkout and thank-you pages in the web app load after consent (none for no such shop)."""
    try:
        seller, _ = await shop_seller(s, username)
    except DomainError:
        return set()
    return app_tracking_types(await tracking_settings(s, seller.id))


def own_host(host: str) -> bool:
    """Sellflow's own hosts (loopback names and IP literals, public_url's, app_hosts) serve the web app."""
    settings = get_settings()
    own = {h.strip().lower() for h in settings.app_hosts.split(",") if h.strip()}
    own.add((settings.public_url.split("://", 1)[-1].split("/", 1)[0].rsplit(":", 1)[0]).lower())
    if host in own or host == "localhost" or host.endswith(".localhost") or ":" in host:
        return True
    return all(part.isdigit() for part in host.split("."))


def is_shop_address(request: Request, path: str) -> bool:
    """Is this a buyer's address: below `/s/` on Sellflow's own hosts, or anything on a seller's domain?"""
    if path == "s" or path.startswith("s/"):
        return True
    host = host_of(request)
    return host is not None and not own_host(host)


async def _domain_seller(request: Request, s: DB) -> tuple[str, str] | None:
    """The hostname and the seller's username of the verified domain the request is on; None on Sellflow's own
    hosts and on a domain that serves no shop."""
    host = host_of(request)
    if host is None or own_host(host):
        return None
    found = await seller_of_host(s, host)
    user = await seller_user_of(s, found[1].id) if found else None
    if found is None or user is None or not user.username:
        return None
    return found[0].hostname, user.username


async def domain_shop(request: Request, s: DB) -> str | None:
    """The username of the seller whose verified domain the request is on; None on Sellflow's own hosts."""
    found = await _domain_seller(request, s)
    return found[1] if found else None


async def on_domain(request: Request, s: DB, path: str) -> Response | None:
    """A seller's verified domain: `/`, `/sitemap.xml` and a one-segment path are the storefront's; None for
    anything else (the web app answers)."""
    document = path.split("/", 1)[1] if path.startswith("document/") else None
    if path and "/" in path and document is None:
        return None
    found = await _domain_seller(request, s)
    if found is None:
        return None
    hostname, username = found
    origin = f"{request.url.scheme}://{request.headers.get('host', hostname)}"
    if path == "sitemap.xml":
        return await sitemap(s, username=username, base="", origin=origin)
    if document is not None:
        return await document_page(request, s, username, document, base="", origin=origin)
    return await serve(request, s, username=username, path=path or None, base="", origin=origin)


MESSAGE_MAX = 5000
FIELD_MAX = 200


def _one_line(v: str) -> str:
    return " ".join(v.split())[:FIELD_MAX]


@router.post("/s/{username}/contact/{block_id}")
async def contact(
    username: PathPart,
    block_id: Annotated[str, Path(pattern=r"^[A-Za-z0-9_-]{1,40}$")],
    request: Request,
    s: DB,
    tasks: BackgroundTasks,
    client: Temporal,
) -> Response:
    """A buyer's message through a published page's contact form: its required fields and a valid e-mail to answer
    to, then mailed to the seller once (the same message sent twice mails once) and back to the page with a thank
    you. A form that does not fit is 400; an unknown shop, page or form 404."""
    throttle(request, f"contact:{username.lower()}")
    path = request.query_params.get("path") or None
    try:
        seller, stored = await shop_seller(s, username)
    except DomainError:
        return Response(status_code=404)
    served = await published_at_path(s, seller.id, path[:200] if path else None)
    try:
        content = PageContent.model_validate(served.content) if served else None
    except ValidationError:
        content = None
    block = next(
        (
            b
            for b in (content.blocks if content else [])
            if b.id == block_id and isinstance(b, ContactFormBlock)
        ),
        None,
    )
    if block is None:
        raise DomainError(ErrorCode.NOT_FOUND, "This form does not exist.")
    form = await request.form()
    values = {k: v for k, v in form.items() if isinstance(v, str)}
    message = values.get("message", "").strip()
    if not message or len(message) > MESSAGE_MAX:
        raise invalid(message="required, at most 5000 characters")
    lines, reply_to = [], None
    for i, f in enumerate(block.fields):
        v = _one_line(values.get(f"f{i}", ""))
        if f.required and not v:
            raise invalid(**{f"f{i}": "required"})
        if f.key == FieldKey.email and v:
            if email_error(v):
                raise invalid(**{f"f{i}": "invalid"})
            reply_to = normalised_email(v)
        if v:
            lines.append(f"{f.label or f.key.value.replace('_', ' ').capitalize()}: {v}")
    if reply_to is None:
        raise invalid(email="an address to answer to")
    user = await seller_user_of(s, seller.id)
    if user is None:
        raise DomainError(ErrorCode.NOT_FOUND, "This shop does not exist.")
    digest = hashlib.sha256(f"{block_id}\n{reply_to}\n{message}".encode()).hexdigest()
    page_url = f"{platform_origin()}/s/{stored}" + (f"/{path}" if path else "")
    mail = OutgoingMail(
        key=contact_mail_key(seller.id, digest),
        to=user.email,
        template=MailTemplate.contact_message,
        locale=user.locale,
        context={
            "form": _one_line(block.form_name or block.title_text or served.name if served else ""),
            "page": page_url,
            "fields": "\n".join(lines),
            "message": message,
            "reply_to": reply_to,
        },
    )
    tasks.add_task(send_mail, client, mail)
    back = f"/s/{stored}" + (f"/{path}" if path else "")
    return RedirectResponse(f"{back}?{urlencode({'sent': block_id})}#{block_id}", status_code=303)


async def serve(
    request: Request, s: DB, *, username: str, path: str | None, base: str, origin: str
) -> Response:
    """The shop's page at `path`, and a click on a publisher's link (`epid`, issue 23) remembered for the
    visitor."""
    response = await _serve(request, s, username=username, path=path, base=base, origin=origin)
    return await clicked(request, s, username, path, response)
