"""Which built page the server sends: a buyer's address (`/s/…`, or any address on a seller's domain) gets the shop's
own build, `shop.html` (the buyer's pages on a fraction of the platform app's JavaScript); everything else the
platform app's `index.html`. Without a shop build (an older build), buyers get the platform app, which has the
same pages."""

from __future__ import annotations

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
