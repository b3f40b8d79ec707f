"""Which built page the server sends: a buyer's address (`/s/…`, or any address on a seller's domain) gets the shop's
own build, `shop.html` (the buyer's pages on a fraction of the platform app's JavaScript); everything else the
platform app's `index.html`. Without a shop build (an older build), buyers get the platform app, which has the
same pages."""

from __future__ import annotations

import json
import re
from pathlib import Path

from starlette.requests import Request

import api.app  # noqa: F401  (the routes load in the app's order: the storefront's module is imported from a cycle)
from api.routes.storefront import is_shop_address
from api.web import index_response, shop_response


def _request(host: str) -> Request:
    return Request({"type": "http", "method": "GET", "path": "/", "headers": [(b"host", host.encode())]})


def test_a_buyers_address_is_the_shops_on_our_hosts_and_every_address_on_a_sellers_domain():
    ours = _request("127.0.0.1:8000")
    assert is_shop_address(ours, "s/demo-seller/guide")
    assert is_shop_address(ours, "s/demo-seller/guide/thank_you/abc")
    assert is_shop_address(ours, "s")
    assert not is_shop_address(ours, "cabinet/orders")
    assert not is_shop_address(ours, "users/sign_in")
    assert not is_shop_address(ours, "shop")  # a word beginning with s is not the shop
    assert not is_shop_address(_request("localhost:5173"), "payer")
    domain = _request("shop.example.com")
    assert is_shop_address(domain, "guide/thank_you/abc")
    assert is_shop_address(domain, "")


def test_the_shop_gets_shop_html_and_the_platform_its_index(tmp_path: Path):
    (tmp_path / "index.html").write_text("<script src='/assets/index-1.js'></script>")
    (tmp_path / "shop.html").write_text("<script src='/assets/shop-1.js'></script>")
    assert Path(shop_response(tmp_path).path).name == "shop.html"  # type: ignore[union-attr]
    assert Path(index_response(tmp_path).path).name == "index.html"  # type: ignore[union-attr]


def test_without_a_shop_build_a_buyer_gets_the_platform_app(tmp_path: Path):
    (tmp_path / "index.html").write_text("<script src='/assets/index-1.js'></script>")
    assert Path(shop_response(tmp_path).path).name == "index.html"  # type: ignore[union-attr]
    assert shop_response(tmp_path / "missing").status_code == 404


def _page_request(path: str, accept_language: str = "", query: str = "") -> Request:
    return Request(
        {
            "type": "http",
            "method": "GET",
            "path": path,
            "query_string": query.encode(),
            "headers": [(b"host", b"127.0.0.1:8000"), (b"accept-language", accept_language.encode())],
        }
    )


def _shop_build(dist: Path) -> None:
    (dist / ".vite").mkdir(parents=True)
    (dist / "shop.html").write_text(
        "<html><head><script src='/assets/shop-1.js'></script></head><body></body></html>"
    )
    manifest = {
        f"virtual:shop-words-first/{code}": {"file": f"assets/{code}-1.js"} for code in ("en", "de", "el")
    }
    (dist / ".vite" / "shop-manifest.json").write_text(json.dumps(manifest))


def _hints(response) -> list[str]:
    return re.findall(r"<link [^>]*>", response.body.decode())


def test_a_products_page_tells_the_browser_its_words_product_and_configuration_at_once(tmp_path: Path):
    _shop_build(tmp_path)
    page = shop_response(tmp_path, _page_request("/s/demo-seller/guide/checkout", "el-GR,el;q=0.9,en;q=0.5"))
    assert _hints(page) == [
        '<link rel="modulepreload" crossorigin href="/assets/el-1.js">',
        '<link rel="preload" as="fetch" crossorigin="anonymous" href="/v1/shop/demo-seller/products/guide">',
        '<link rel="preload" as="fetch" crossorigin="anonymous" href="/v1/common/config">',
    ]
    assert page.headers["vary"] == "Accept-Language, Cookie"
    # the language switch's choice wins over the browser's; another page of the shop loads all of the buyer's
    # words, not the product page's first ones, and is told of nothing
    chosen = shop_response(tmp_path, _page_request("/s/demo-seller/guide", "el", "lang=de"))
    assert _hints(chosen)[0] == '<link rel="modulepreload" crossorigin href="/assets/de-1.js">'
    assert _hints(shop_response(tmp_path, _page_request("/s/demo-seller", "el"))) == []
    assert _hints(shop_response(tmp_path, _page_request("/s/demo-seller/guide/thank_you/abc", "el"))) == []
    assert _hints(shop_response(tmp_path, _page_request("/s/demo-seller/sign_in", "xx"))) == []


def test_an_address_cannot_write_into_the_page(tmp_path: Path):
    _shop_build(tmp_path)
    page = shop_response(tmp_path, _page_request('/s/x"><script>alert(1)</script>/a b'))
    body = page.body.decode()
    assert "<script>alert" not in body
    assert "/v1/shop/" not in body  # three segments: not a product's address
    product = shop_response(tmp_path, _page_request('/s/x"><img src=x>/a b'))
    assert (
        '<link rel="preload" as="fetch" crossorigin="anonymous" href="/v1/shop/x%22%3E%3Cimg%20src%3Dx%3E/products/a%20b">'
        in _hints(product)
    )


def test_on_a_sellers_domain_the_page_names_the_domains_shop_and_its_product(tmp_path: Path):
    _shop_build(tmp_path)
    fetch = '<link rel="preload" as="fetch" crossorigin="anonymous" href="{}">'.format
    checkout = shop_response(tmp_path, _page_request("/guide/checkout", "de-AT"), domain_of="demo-seller")
    assert _hints(checkout) == [
        '<link rel="modulepreload" crossorigin href="/assets/de-1.js">',
        fetch("/v1/common/config"),
        fetch("/v1/shop/_host"),
        fetch("/v1/shop/demo-seller/products/guide"),
    ]
    # the home page and a deeper page ask for the shop only
    assert _hints(shop_response(tmp_path, _page_request("/"), domain_of="demo-seller")) == [
        fetch("/v1/common/config"),
        fetch("/v1/shop/_host"),
    ]
    assert "/products/" not in "".join(
        _hints(shop_response(tmp_path, _page_request("/guide/thank_you/abc"), domain_of="demo-seller"))
    )
