"""Input no route can store gets a clear 4xx in the error catalogue's shape and changes nothing: NUL characters
anywhere, text longer than its column, integers beyond 64 bits, oversized bodies."""

from __future__ import annotations

import pytest

from tests.integration.helpers import client, db_count

pytestmark = pytest.mark.integration
HUGE = str(2**64)
# every user but the sellers made ahead for other tests meanwhile (helpers.new_seller)
USERS = "select count(*) from users where email not like 'ready-%@example.com'"


def _is_invalid(r, status: int = 400) -> None:
    assert r.status_code == status, r.text
    assert r.json()["error"] == "INVALID_INPUT", r.text


async def test_nul_characters_are_refused_everywhere(stack, seller):
    h = seller.headers
    async with client(stack) as c:
        before = await db_count(USERS)
        cases = [
            c.post("/v1/app/user", json={"email": "nul\u0000@example.com", "password": "correct-horse-1"}),
            c.post("/v1/app/session", json={"email": "a@b.cd", "password": "x\u0000", "fingerprint": "f"}),
            c.post("/v1/app/user/password", json={"email": "\u0000"}),
            c.post("/v1/app/user/send_magic_link", json={"email": "a\u0000@b.cd"}),
            c.post("/v1/app/session/renew_token", data={"refresh_token": "a\x00b", "fingerprint": "f"}),
            c.post("/v1/cabinet/products", json={"name": "Guide\u0000"}, headers=h),
            c.get("/v1/cabinet/orders", params={"query": "a\x00"}, headers=h),
            c.get("/v1/shop/some%00one/products/guide"),
            c.post(
                f"/v1/shop/{seller.username}/products/x/checkout",
                content=b'{"payer": "\x00"}',
                headers={"content-type": "application/json"},
            ),
        ]
        for request in cases:
            _is_invalid(await request)
        assert await db_count(USERS) == before
        # an escaped backslash followed by the text u0000 is ordinary text, not NUL
        r = await c.post("/v1/cabinet/products", json={"name": "Back\\u0000slash"}, headers=h)
        assert r.status_code == 201 and r.json()["name"] == "Back\\u0000slash"


async def test_text_longer_than_its_column_is_too_big(stack, seller):
    h = seller.headers
    async with client(stack) as c:
        r = await c.post(
            "/v1/app/user", json={"email": "a" * 330 + "@example.com", "password": "correct-horse-1"}
        )
        _is_invalid(r)
        assert r.json()["fields"]["email"] == "too big"
        r = await c.post(
            "/v1/app/user",
            json={"email": "long@example.com", "password": "correct-horse-1", "first_name": "N" * 101},
        )
        assert r.json()["fields"]["first_name"] == "too big"
        r = await c.patch("/v1/app/user", json={"last_name": "L" * 101}, headers=h)
        _is_invalid(r)
        r = await c.post(
            f"/v1/shop/{seller.username}/products/x/checkout",
            json={
                "pricing_plan_id": 1,
                "payer": {"email": "b" * 400 + "@example.com", "first_name": "B", "last_name": "B"},
            },
        )
        _is_invalid(r)
        # a name exactly at the limit can be duplicated: the copy's name is shortened to fit
        p = (await c.post("/v1/cabinet/products", json={"name": "N" * 300}, headers=h)).json()
        r = await c.post(f"/v1/cabinet/products/{p['id']}/duplicate", headers=h)
        assert r.status_code == 200 and len(r.json()["name"]) == 300 and r.json()["name"].endswith(" (copy)")
        # an upload whose content type does not fit is stored as plain bytes
        r = await c.post(
            f"/v1/cabinet/products/{p['id']}/file",
            headers=h,
            files={"file": ("a.pdf", b"%PDF", "application/" + "x" * 200)},
        )
        assert r.status_code == 200, r.text


async def test_integers_beyond_64_bits_are_invalid(stack, seller):
    h = seller.headers
    async with client(stack) as c:
        _is_invalid(await c.get(f"/v1/cabinet/products/{HUGE}", headers=h))
        _is_invalid(await c.get("/v1/cabinet/orders", params={"page": HUGE}, headers=h))
        _is_invalid(await c.get("/v1/cabinet/orders", params={"filters[product_id][]": HUGE}, headers=h))
        _is_invalid(await c.get("/v1/cabinet/products", params={"page": HUGE}, headers=h))


async def test_oversized_bodies_are_refused(stack):
    async with client(stack) as c:
        r = await c.post(
            "/v1/webhooks/stripe",
            content=b"{" + b" " * (2 * 1024 * 1024) + b"}",
            headers={"content-type": "application/json", "stripe-signature": "t=1,v1=x"},
        )
        _is_invalid(r, 413)


async def test_a_request_id_that_is_not_an_id_is_replaced(stack):
    async with client(stack) as c:
        r = await c.get("/v1/health", headers={"x-request-id": "bad id\u00ff".encode("latin-1")})
        assert r.status_code == 200 and r.headers["x-request-id"] not in ("", "bad id\u00ff")
