"""The built web app's files: its assets, and its index for every route the server does not answer itself."""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Collection
from dataclasses import dataclass
from html import escape
from pathlib import Path
from urllib.parse import quote

import anyio
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.types import Scope

from api import errors
from api.headers import CSP, app_policy, shop_policy
from api.storefront.texts import language_of
from domain.domains import ascii_hostname

WEB_DIST = Path(__file__).resolve().parents[1] / "web" / "dist"


def index_response(dist: Path = WEB_DIST) -> FileResponse | JSONResponse:
    index = dist / "index.html"
    if index.is_file():
        return FileResponse(index, headers={CSP: app_policy()})
    return JSONResponse(
        errors.body("NOT_FOUND", "The web app is not built (run `make web`)."), status_code=404
    )


@dataclass(frozen=True)
class _ShopPage:
    stamp: int
    html: str
    words: dict[str, str]  # a buyer language's code → the file of its first words


_SHOP_PAGES: dict[Path, _ShopPage] = {}
_FIRST_WORDS = "virtual:shop-words-first/"
# a product's page or its checkout, as src/shop.tsx reads the address (a seller's `sign_in` is no product); on a
# seller's domain the same without the `/s/{username}` prefix
_PRODUCT_ADDRESS = re.compile(r"^/s/([^/]+)/([^/]+)(?:/checkout)?/?$")
_DOMAIN_PRODUCT_ADDRESS = re.compile(r"^/([^/]+)(?:/checkout)?/?$")
LANG_COOKIE = "sf_lang"  # the storefront's language switch (the server's pages set it)


def _shop_page(shop: Path) -> _ShopPage:
    """shop.html and its build's first words per language, read again when the build changes."""
    stamp = shop.stat().st_mtime_ns
    page = _SHOP_PAGES.get(shop)
    if page is None or page.stamp != stamp:
        manifest = shop.parent / ".vite" / "shop-manifest.json"
        chunks = json.loads(manifest.read_text()) if manifest.is_file() else {}
        words = {
            k.removeprefix(_FIRST_WORDS): v["file"] for k, v in chunks.items() if k.startswith(_FIRST_WORDS)
        }
        page = _SHOP_PAGES[shop] = _ShopPage(stamp, shop.read_text(), words)
    return page


def buyer_language(request: Request) -> str:
    """The buyer's language: the switcher's choice (`?lang=`), then the cookie it left, then the browser's."""
    return language_of(
        request.query_params.get("lang"),
        request.cookies.get(LANG_COOKIE),
        request.headers.get("accept-language"),
    )


def _segment(part: str) -> str:
    """A path segment as the web app's API client writes it (JavaScript's encodeURIComponent)."""
    return quote(part, safe="-_.!~*'()")


def _hints(request: Request, page: _ShopPage, domain_of: str | None) -> str:
    """What the page will ask for first, for the browser to fetch beside its scripts. On a seller's domain
    (`domain_of`: the seller's username): the app's configuration and the domain's shop, which the page asks one
    after the other before it knows the shop. On a product's address: the first words in the buyer's language (the
    one the server's pages would show; the page may still pick the language saved in the browser, and then this was
    a few wasted KB; other pages load all of the buyer's words, src/i18n/index.ts), the product and the
    configuration, as src/shop.tsx and the product page ask for them."""
    path = request.url.path
    fetches: list[str] = ["/v1/common/config", "/v1/shop/_host"] if domain_of else []
    if domain_of is None:
        found = _PRODUCT_ADDRESS.match(path)
        shop, slug = (found[1], found[2]) if found else (None, None)
    else:
        found = _DOMAIN_PRODUCT_ADDRESS.match(path)
        shop, slug = (domain_of, found[1]) if found else (None, None)
    links: list[str] = []
    if shop and slug and slug.lower() != "sign_in" and len(path) <= 300:
        if (words := page.words.get(buyer_language(request))) is not None:
            links.append(f'<link rel="modulepreload" crossorigin href="/{escape(words)}">')
        fetches.append(f"/v1/shop/{_segment(shop)}/products/{_segment(slug)}")
        if "/v1/common/config" not in fetches:
            fetches.append("/v1/common/config")
    links += [
        f'<link rel="preload" as="fetch" crossorigin="anonymous" href="{escape(href)}">' for href in fetches
    ]
    return "".join(links)


def shop_response(
    dist: Path = WEB_DIST,
    request: Request | None = None,
    domain_of: str | None = None,
    tracking: Collection[str] = (),
) -> Response:
    """A buyer's page (`/s/…`, a seller's domain): the shop's own build (`shop.html`: the shop's routes and words on
    Preact, a fraction of the platform app's JavaScript), or the whole app where that build is missing. Given the
    request, the page tells the browser what it will ask for first (`_hints`; `domain_of`: the username of the
    seller whose domain the page is opened on; `tracking`: what the shop's checkout and thank-you pages load after
    consent, for their Content-Security-Policy)."""
    shop = dist / "shop.html"
    if not shop.is_file():
        return index_response(dist)
    if request is None:
        return FileResponse(shop, headers={CSP: shop_policy(frozenset(tracking))})
    page = _shop_page(shop)
    html = page.html.replace("</head>", f"{_hints(request, page, domain_of)}</head>", 1)
    return HTMLResponse(
        html,
        headers={
            "Cache-Control": "no-cache",
            "Vary": "Accept-Language, Cookie",
            CSP: shop_policy(frozenset(tracking)),
        },
    )


# a built asset's name carries its content's hash: a browser may keep it for a year without asking again
IMMUTABLE = "public, max-age=31536000, immutable"
COMPRESSIBLE = (".js", ".css", ".svg", ".json", ".map", ".txt")


class Assets(StaticFiles):
    """The web app's built assets (`/assets`): cached by the browser for a year (hashed names), and gzipped for a
    browser that takes gzip, each file compressed once per process (the JavaScript is about a quarter its size)."""

    def __init__(self, directory: Path) -> None:
        super().__init__(directory=directory)
        self._gzipped: dict[str, bytes] = {}

    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        if response.status_code != 200:
            return response
        response.headers["cache-control"] = IMMUTABLE
        if not isinstance(response, FileResponse) or not path.endswith(COMPRESSIBLE):
            return response
        response.headers["vary"] = "Accept-Encoding"
        if "gzip" not in Headers(scope=scope).get("accept-encoding", ""):
            return response
        body = self._gzipped.get(path)
        if body is None:
            raw = await anyio.Path(response.path).read_bytes()
            body = self._gzipped[path] = await anyio.to_thread.run_sync(
                lambda: gzip.compress(raw, 6, mtime=0)
            )
        kept = {k: v for k in ("etag", "last-modified") if (v := response.headers.get(k))}
        return Response(
            body,
            media_type=response.media_type,
            headers={
                "content-encoding": "gzip",
                "cache-control": IMMUTABLE,
                "vary": "Accept-Encoding",
                **kept,
            },
        )


def host_of(request: Request) -> str | None:
    raw = request.headers.get("host", "")
    if not raw or len(raw) > 300:
        return None
    host = raw.rsplit(":", 1)[0] if raw.count(":") == 1 else raw  # drop the port (IPv6 literals keep theirs)
    try:
        return ascii_hostname(host)
    except ValueError:
        return None
