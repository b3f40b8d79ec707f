"""Security headers on every response (OWASP's HTTP headers cheat sheet), and the Content-Security-Policy of each
surface:
- the API's JSON and files: nothing may run or frame them (`default-src 'none'; frame-ancestors 'none'`);
- the web app (cabinet, admin, payer, publisher): its own scripts, the payment provider's Stripe.js and frames,
  styles inline (MUI's), framed only by itself;
- the buyer's pages (the shop's app and the server's pages): the same, and any site may frame them, since a
  publisher's embed (`/embed.js`) shows a shop, a product or a checkout inside the publisher's page;
- a server-rendered shop page: its own inline scripts by a per-response nonce only, and the origins of the tracking
  the seller ticked (they load after the buyer's consent), so a value that escaped its context still cannot run.
Everywhere: `nosniff`, `strict-origin-when-cross-origin`; on HTTPS also HSTS and `Secure` cookies."""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from functools import cache
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from core.settings import get_settings

CSP = "content-security-policy"
API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
# FastAPI's Swagger UI (`/docs`): its script and styles from the CDN it names, its one inline script
DOCS_POLICY = (
    "default-src 'self'; script-src 'self' https://cdn.jsdelivr.net 'unsafe-inline'; "
    "style-src 'self' https://cdn.jsdelivr.net 'unsafe-inline'; img-src 'self' data: https:; "
    "frame-ancestors 'none'; base-uri 'none'; object-src 'none'"
)
# Stripe.js in production (Stripe's CSP guide); locally the origin of `stripe_js_url` (localstripe) is added
STRIPE = ("https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com")
STRIPE_CONNECT = ("https://api.stripe.com", "https://m.stripe.network")
VIDEO_FRAMES = ("https://player.vimeo.com", "https://www.youtube-nocookie.com", "https://www.youtube.com")
# what the storefront's tracking loader (api/storefront/templates/page.html.j2) adds after consent, by type
_GOOGLE = (
    "https://www.googletagmanager.com",
    "https://www.google-analytics.com",
    "https://*.google-analytics.com",
    "https://*.analytics.google.com",
)
TRACKING_ORIGINS = {
    "facebook_pixel": ("https://connect.facebook.net", "https://www.facebook.com"),
    "google_analytics": _GOOGLE,
    "google_analytics_4": _GOOGLE,
    "google_tag_manager": _GOOGLE,
    "cookiebot": ("https://consent.cookiebot.com", "https://consentcdn.cookiebot.com"),
}
REFERRER = "strict-origin-when-cross-origin"
HSTS = "max-age=31536000; includeSubDomains"


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else ""


@cache
def _stripe_origins() -> tuple[str, ...]:
    own = _origin(get_settings().stripe_js_url)
    return tuple(dict.fromkeys((*([own] if own else []), *STRIPE)))


def _policy(directives: dict[str, tuple[str, ...]]) -> str:
    return "; ".join(f"{k} {' '.join(v)}" for k, v in directives.items())


def _app_directives(framed_by: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    stripe = _stripe_origins()
    return {
        "default-src": ("'self'",),
        "script-src": ("'self'", *stripe),
        "style-src": ("'self'", "'unsafe-inline'"),
        "img-src": ("'self'", "data:", "blob:", "https:"),
        "font-src": ("'self'", "data:"),
        "media-src": ("'self'", "blob:", "https:"),
        "connect-src": ("'self'", *stripe, *STRIPE_CONNECT),
        "frame-src": ("'self'", *stripe, *VIDEO_FRAMES),
        "worker-src": ("'self'", "blob:"),
        "object-src": ("'none'",),
        "base-uri": ("'self'",),
        "form-action": ("'self'",),
        "frame-ancestors": framed_by,
    }


@cache
def app_policy() -> str:
    """The web app's pages (cabinet, admin, payer, publisher, team)."""
    return _policy(_app_directives(("'self'",)))


def _tracking_origins(tracking: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(o for t in sorted(tracking) for o in TRACKING_ORIGINS.get(t, ())))


@cache
def shop_policy(tracking: frozenset[str] = frozenset()) -> str:
    """The buyer's pages of the shop's app: as the web app's, and framed by any site (publishers' embeds); a shop's
    checkout and thank-you pages also load the tracking of the `tracking` types, after consent."""
    directives = _app_directives(("*",))
    if extra := _tracking_origins(tracking):
        for k in ("script-src", "connect-src", "frame-src"):
            directives[k] = (*directives[k], *extra)
    return _policy(directives)


def new_nonce() -> str:
    return secrets.token_urlsafe(18)


def page_policy(nonce: str, tracking: set[str]) -> str:
    """A server-rendered shop page: its own scripts by `nonce`, the tracking of the `tracking` types after consent,
    pictures, video and fonts from the page's blocks; framed by any site (an embed) or the web app."""
    extra = _tracking_origins(tracking)
    return _policy(
        {
            "default-src": ("'self'",),
            "script-src": (f"'nonce-{nonce}'", *extra),
            "style-src": ("'self'", "'unsafe-inline'"),
            "img-src": ("'self'", "data:", "https:"),
            "font-src": ("'self'",),
            "media-src": ("'self'", "https:"),
            "connect-src": ("'self'", *extra),
            "frame-src": (*VIDEO_FRAMES, *extra),
            "object-src": ("'self'", "https:"),  # a PDF block's file
            "base-uri": ("'self'",),
            "form-action": ("'self'",),
            "frame-ancestors": ("*",),
        }
    )


def _secure_cookie(value: bytes) -> bytes:
    return value if b"; secure" in value.lower() else value + b"; Secure"


class SecurityHeaders:
    """Pure ASGI, outermost: adds what a response did not set itself. A response that names its own policy (a
    shop page, the web app's index) keeps it; any other gets the API's, or the docs' at `/docs`."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        https = scope.get("scheme") == "https"
        docs = scope["path"] in ("/docs", "/docs/oauth2-redirect")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers: list[tuple[bytes, bytes]] = list(message.get("headers") or [])
                names = {k.lower() for k, _ in headers}
                kind = next((v for k, v in headers if k.lower() == b"content-type"), b"")
                # a PDF opens in the browser's own viewer, which a `default-src 'none'` document may keep from
                # drawing it (an invoice shown blank); a PDF's own scripts never run in the page's origin
                if CSP.encode() not in names and not kind.startswith(b"application/pdf"):
                    policy = DOCS_POLICY if docs else API_POLICY
                    headers.append((CSP.encode(), policy.encode()))
                    names.add(CSP.encode())
                policy_text = next((v for k, v in headers if k.lower() == CSP.encode()), b"")
                if b"x-frame-options" not in names and b"frame-ancestors *" not in policy_text:
                    deny = b"frame-ancestors 'none'" in policy_text
                    headers.append((b"x-frame-options", b"DENY" if deny else b"SAMEORIGIN"))
                if b"x-content-type-options" not in names:
                    headers.append((b"x-content-type-options", b"nosniff"))
                if b"referrer-policy" not in names:
                    headers.append((b"referrer-policy", REFERRER.encode()))
                if https:
                    headers.append((b"strict-transport-security", HSTS.encode()))
                    headers = [
                        (k, _secure_cookie(v) if k.lower() == b"set-cookie" else v) for k, v in headers
                    ]
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)
