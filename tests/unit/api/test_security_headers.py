"""Every response carries the security headers, and each surface its Content-Security-Policy: the API's JSON none
to run or frame, the web app its own, a page that names its own keeps it, `/docs` Swagger UI's; over HTTPS also
HSTS and Secure cookies."""

from __future__ import annotations

import httpx
from starlette.applications import Starlette
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from api.headers import API_POLICY, CSP, SecurityHeaders, app_policy, page_policy, shop_policy


async def _json(request):  # noqa: ANN001, ANN202
    r = JSONResponse({"ok": True})
    r.set_cookie("sf_lang", "de")
    return r


async def _app_page(request):  # noqa: ANN001, ANN202
    return HTMLResponse("<!doctype html>", headers={CSP: app_policy()})


async def _shop_page(request):  # noqa: ANN001, ANN202
    return HTMLResponse("<!doctype html>", headers={CSP: page_policy("n0nce", {"facebook_pixel"})})


async def _pdf(request):  # noqa: ANN001, ANN202
    return Response(b"%PDF-1.7", media_type="application/pdf")


APP = SecurityHeaders(
    Starlette(
        routes=[
            Route("/v1/x", _json),
            Route("/docs", _json),
            Route("/cabinet", _app_page),
            Route("/s/shop", _shop_page),
            Route("/invoice.pdf", _pdf),
        ]
    )
)


async def _get(path: str, base: str = "http://test") -> httpx.Response:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=APP), base_url=base) as c:
        return await c.get(path)


async def test_the_apis_answers_are_neither_run_nor_framed():
    r = await _get("/v1/x")
    assert r.headers[CSP] == API_POLICY and r.headers["x-frame-options"] == "DENY"
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["referrer-policy"] == "strict-origin-when-cross-origin"
    assert "strict-transport-security" not in r.headers  # plain http: no HSTS
    assert "secure" not in r.headers["set-cookie"].lower()
    assert "cdn.jsdelivr.net" in (await _get("/docs")).headers[CSP]


async def test_a_page_keeps_the_policy_it_names_and_buyer_pages_may_be_framed_by_embeds():
    app = await _get("/cabinet")
    assert "frame-ancestors 'self'" in app.headers[CSP] and app.headers["x-frame-options"] == "SAMEORIGIN"
    assert "'unsafe-inline'" not in app.headers[CSP].split("script-src")[1].split(";")[0]
    shop = await _get("/s/shop")
    assert "'nonce-n0nce'" in shop.headers[CSP] and "https://connect.facebook.net" in shop.headers[CSP]
    assert "googletagmanager" not in shop.headers[CSP]  # only the tracking the seller ticked
    assert "x-frame-options" not in shop.headers  # a publisher's page may frame it
    assert "frame-ancestors *" in shop_policy()


async def test_a_pdf_opens_in_the_browsers_viewer():
    r = await _get("/invoice.pdf")
    assert CSP not in r.headers and r.headers["x-content-type-options"] == "nosniff"


async def test_over_https_cookies_are_secure_and_the_browser_remembers_https():
    r = await _get("/v1/x", base="https://test")
    assert r.headers["strict-transport-security"].startswith("max-age=31536000")
    assert r.headers["set-cookie"].endswith("; Secure")
