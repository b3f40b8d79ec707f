"""The storefront's pages, rendered on the server (issue 22): `/s/{username}` (the shop's home page),
`/s/{username}/{path}` (a page the seller built, or a product with a published product page), the shop's
`sitemap.xml`, and the same on the seller's verified domain without the prefix. A path the builder does not
serve (a product without a built page, a ticket, the sign-in) is the web app's, so its index answers."""

from __future__ import annotations

from typing import Annotated
from urllib.parse import urlencode

from fastapi import APIRouter, BackgroundTasks, Path, Request
from fastapi.responses import RedirectResponse, Response

from api.deps import DB, Temporal
from api.storefront.serving import clicked, serve
from api.storefront.shop_pages import (
    document_page,
    platform_origin,
    sitemap,
)
from api.throttle import throttle
from api.web import host_of, shop_response
from core.settings import get_settings
from domain.builder.tracking import app_tracking_types
from domain.errors import DomainError
from domain.limits import USERNAME_MAX
from handles.checkout import send_mail
from services.contact import contact_message
from store.accounts.queries import seller_user_of
from store.builder.settings import tracking_settings
from store.catalog.storefront import shop_seller
from store.domains.queries import seller_of_host

router = APIRouter(include_in_schema=False)

PathPart = Annotated[str, Path(max_length=200)]


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
    form = await request.form()
    values = {k: v for k, v in form.items() if isinstance(v, str)}
    sent = await contact_message(s, username, path, block_id, values, platform_origin())
    if sent is None:
        return Response(status_code=404)
    tasks.add_task(send_mail, client, sent.mail)
    return RedirectResponse(f"{sent.back}?{urlencode({'sent': block_id})}#{block_id}", status_code=303)
