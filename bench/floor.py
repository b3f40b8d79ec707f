"""The HTTP floor of a list (issue 21: "a bare ASGI handler that runs the same count and page SQL over the same
pool"): the API process with one more path in front of everything, `GET /_floor/orders?shape=i&now=…&seller=…`,
which runs the orders-list benchmark's i-th shape's count and page SQL on the API's own connection pool and answers
the rows as JSON. No routing, no middleware, no authentication, no validation: what a list costs on this server at
the least. Only the benchmark starts the API this way (`SELLFLOW_API_APP=bench.floor:create_app`)."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from datetime import datetime
from typing import Any
from urllib.parse import parse_qs

from api.app import create_app as create_api
from bench.orders_list import COUNT_CAP, shapes
from store.db import engine

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
ASGI = Callable[
    [Scope, Callable[[], Awaitable[Message]], Callable[[Message], Awaitable[None]]], Awaitable[None]
]


async def _orders(query: str) -> bytes:
    q = {k: v[0] for k, v in parse_qs(query).items()}
    sh = shapes(datetime.fromisoformat(q["now"]))[int(q["shape"])]
    count_sql, page_sql = sh.sql()
    args = [int(q["seller"]), *sh.args]
    async with engine().connect() as conn:
        total = (await conn.exec_driver_sql(count_sql, tuple(args))).scalar_one()
        rows = (await conn.exec_driver_sql(page_sql, (*args, sh.per, (sh.page - 1) * sh.per))).all()
    body = {"list": [dict(r._mapping) for r in rows], "total_count": min(total, COUNT_CAP)}
    return json.dumps(body, default=str).encode()


async def _storefront(query: str) -> bytes:
    """A built product page's reads (bench/storefront.py), as the storefront route makes them, answered as JSON
    without rendering: the page's HTTP floor on this server plus its SQL."""
    from store.builder.pages import published_at_path, published_for_slug
    from store.catalog.storefront import public_products, shop_seller
    from store.db import session
    from store.orders.queries import last_purchases

    q = {k: v[0] for k, v in parse_qs(query).items()}
    async with session() as s:
        seller, _ = await shop_seller(s, q["username"])
        await published_at_path(s, seller.id, q["slug"])
        found = await published_for_slug(s, seller.id, q["slug"])
        views = await public_products(s, seller)
        bought = await last_purchases(s, [v.product.id for v in views])
    assert found is not None
    body = {
        "content": found[1].content,
        "products": [
            {"id": v.product.id, "name": v.product.name, "at": bought.get(v.product.id)} for v in views
        ],
    }
    return json.dumps(body, default=str).encode()


def create_app() -> ASGI:
    api = create_api()

    async def app(
        scope: Scope, receive: Callable[[], Awaitable[Message]], send: Callable[[Message], Awaitable[None]]
    ) -> None:
        floors = {"/_floor/orders": _orders, "/_floor/storefront": _storefront}
        if scope["type"] == "http" and scope["path"] in floors:
            body = await floors[scope["path"]](scope["query_string"].decode())
            await send(
                {
                    "type": "http.response.start",
                    "status": 200,
                    "headers": [(b"content-type", b"application/json")],
                }
            )
            await send({"type": "http.response.body", "body": body})
            return
        await api(scope, receive, send)

    return app
