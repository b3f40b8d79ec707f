"""The lists answered on the short path (api/lean.py) answer exactly as FastAPI would: the same status and body for
the same question, whoever asks: nobody, the seller, another seller, a team member's header naming a seller they do
not work for, and bad input. Both apps run in this process against the test stack's database."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from api import lean
from api.app import create_app
from tests.integration.helpers import client, db_execute, paid_order, seller_id_of, start_checkout

pytestmark = pytest.mark.integration

QUESTIONS: list[dict[str, object]] = [
    {},
    {"per": 5, "page": 2},
    {"per": 7},  # not a page size: 400
    {"page": 0},
    {"page": 99999},
    {"sort_key": "total", "sort_dir": "asc"},
    {"sort_key": "password"},
    {"sort_dir": "sideways"},
    {"query": "lean"},
    {"query": "%_\\"},
    {"filters[payment_state][]": ["paid", "payment_waiting"]},
    {"filters[nope]": "1"},
    {"filters[created_from]": "yesterday"},
    {"expand[]": "everything"},
]


async def test_the_short_path_answers_every_list_as_fastapi_does(stack, seller, monkeypatch):
    async with client(stack) as c:
        other = await paid_order(stack, c, "lean-b")  # another seller with a paid order
        for i in range(3):
            await start_checkout(c, other.seller.username, other.product, email=f"lean{i}@example.com")
    short, plain = create_app(), create_app(lean_lists=False)
    routes = lean.lean_routes(short)
    assert {
        "/v1/cabinet/orders",
        "/v1/cabinet/invoices",
        "/v1/cabinet/transfers",
        "/v1/cabinet/claims",
    } <= set(routes)
    assert not {p for p in routes if "{" in p}  # no route with path parameters is taken
    taken: list[str] = []
    real = lean.authorize_path

    async def counted(request, s, path):  # noqa: ANN001, ANN202
        taken.append(path)
        return await real(request, s, path)

    monkeypatch.setattr(lean, "authorize_path", counted)
    callers = {
        "nobody": {},
        "the seller": other.seller.headers,
        "another seller": seller.headers,
        "a bad token": {"Authorization": "Bearer not-a-token"},
        "a team member's header for a stranger": {**seller.headers, "Sellflow-Seller-Id": "1"},
    }
    async with (
        httpx.AsyncClient(transport=httpx.ASGITransport(app=short), base_url="http://test") as a,
        httpx.AsyncClient(transport=httpx.ASGITransport(app=plain), base_url="http://test") as b,
    ):
        asked = 0
        for path in sorted(routes):
            for who, headers in callers.items():
                for params in QUESTIONS if who == "the seller" else [{}]:
                    ra = await a.get(path, params=params, headers=headers)
                    rb = await b.get(path, params=params, headers=headers)
                    what = f"{who} GET {path} {params}"
                    assert ra.status_code == rb.status_code, (what, ra.text, rb.text)
                    assert ra.status_code < 500, (what, ra.text)
                    assert ra.headers["content-type"] == rb.headers["content-type"], what
                    assert ra.content == rb.content, what
                    asked += 1
        # the seller's own orders: what both answered is theirs
        mine = (await a.get("/v1/cabinet/orders", headers=other.seller.headers)).json()
        assert mine["total_count"] == 4
        theirs = (await a.get("/v1/cabinet/orders", headers=seller.headers)).json()
        assert theirs["total_count"] == 0
        # the same filter asked by both (a filtered select is kept per seller and question): each their own
        paid = {"filters[payment_state][]": "paid"}
        for _ in range(2):
            mine = (await a.get("/v1/cabinet/orders", params=paid, headers=other.seller.headers)).json()
            theirs = (await a.get("/v1/cabinet/orders", params=paid, headers=seller.headers)).json()
            assert (mine["total_count"], theirs["total_count"]) == (1, 0)
    assert len(taken) >= asked  # the short app answered every question on its short path
    assert (await _status(plain, "/v1/cabinet/orders/")) == (await _status(short, "/v1/cabinet/orders/"))


async def test_a_seller_the_short_path_knows_is_read_again_in_each_lists_round_trip(
    stack, seller, monkeypatch
):
    """The second list request of a seller uses the seller loaded by the first, checked against the seller's row in
    the same round trip as the list: the moment the row changes (here the account is deleted, which ends its
    tokens), the next request answers as the seller's lookup would."""
    async with client(stack) as c:
        seller_id = await seller_id_of(c, seller)
    app = create_app()
    looked_up: list[int] = []
    real = lean.current_seller

    async def counted(request, creds, s):  # noqa: ANN001, ANN202
        looked_up.append(1)
        return await real(request, creds, s)

    monkeypatch.setattr(lean, "current_seller", counted)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://test") as a:
        for path in ("/v1/cabinet/orders", "/v1/cabinet/orders", "/v1/cabinet/invoices"):
            r = await a.get(path, headers=seller.headers)
            assert r.status_code == 200, r.text
        assert len(looked_up) == 1  # looked up once; then known, and found unchanged each time
        bad = await a.get("/v1/cabinet/orders", params={"per": 7}, headers=seller.headers)
        assert (
            bad.status_code == 400 and len(looked_up) == 1
        )  # a refused question checks the seller on its own

        await db_execute("update sellers set power_seller = not power_seller where id = :id", id=seller_id)
        assert (await a.get("/v1/cabinet/orders", headers=seller.headers)).status_code == 200
        assert len(looked_up) == 2  # the row changed: looked up again

        await db_execute("update sellers set account_type = 'deleted' where id = :id", id=seller_id)
        gone = await a.get("/v1/cabinet/orders", headers=seller.headers)
        assert gone.status_code == 401 and gone.json()["error"] == "invalid_access_token"
        assert (await a.get("/v1/cabinet/orders", headers=seller.headers)).status_code == 401


async def _status(app, path: str) -> int:  # noqa: ANN001
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://test") as c:
        return (await c.get(path)).status_code


async def test_the_dashboards_lists_fired_at_once_answer_no_5xx_while_the_sellers_row_changes(stack, seller):
    """The dashboard asks its lists at once right after sign-in, which changes the seller's row: every request of
    the round finds the seller it knew changed and drops it, concurrently (once a 500 here: the second drop). 50
    rounds, each after the row changed, answer 200 every time."""
    async with client(stack) as c:
        seller_id = await seller_id_of(c, seller)
    app = create_app()
    lists = [
        ("/v1/cabinet/orders", {"page": 1, "per": 500, "sort_key": "created_at", "sort_dir": "desc"}),
        ("/v1/cabinet/orders", {"page": 1, "per": 10, "filters[payment_state][]": "paid"}),
        ("/v1/cabinet/invoices", {}),
        ("/v1/cabinet/transfers", {}),
        ("/v1/cabinet/claims", {}),
        ("/v1/cabinet/products", {"page": 1, "per": 30}),
    ]
    statuses: list[int] = []
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://test") as a:
        for _ in range(50):
            await db_execute(
                "update sellers set power_seller = not power_seller where id = :id", id=seller_id
            )
            answers = await asyncio.gather(*(a.get(p, params=q, headers=seller.headers) for p, q in lists))
            statuses += [r.status_code for r in answers]
    assert len(statuses) == 300 and set(statuses) == {200}, sorted(set(statuses))
