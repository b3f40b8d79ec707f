"""The cabinet's lists on a short path inside FastAPI (issue 21: a list over a million rows within 1.3× of a bare
handler running the same SQL; issue 48: one request path).

A list is a GET whose whole input is the request itself: its route function takes the request, the caller's seller
and the session, reads the page, sort, search and filters from the query (`api.listing.list_params`) and answers a
Response it serialised itself. FastAPI routes every request, lists included; the modules that hold lists declare
their router with `ListRoute`, whose handler answers a list route (found by its shape in the app's table when the app
is made, `lean_routes`, not named here) without FastAPI's dependency solving and exit stacks, which cost more than the
list's own work: it runs what FastAPI would run, in its order and with the same functions: the permission table
(`authorize_path`), the caller's seller (`current_seller`, with a team member's acting header), the route function,
all in one session that only reads (`store.db.reading`: no BEGIN and COMMIT round trips). A DomainError goes to the
app's error handlers as from any route. Any other route of those modules, and every list when the app is made with
`lean_lists=False`, is FastAPI's own handler. tests/integration/api/test_lean.py asks both apps the same questions
and compares the answers."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI, Request, Response
from fastapi.routing import APIRoute, iter_route_contexts
from sqlalchemy.ext.asyncio import AsyncSession

from api.deps import acting_seller_id, bearer, bearer_scheme, current_seller, db
from api.errors import error_response
from api.permissions import authorize, authorize_path, route_template
from api.security import user_id_from
from domain.errors import DomainError
from store.accounts.models import Seller
from store.accounts.queries import SELLER_ROW_SQL, seller_rows
from store.db import reading
from store.plans import CHECK, Check, run_check


@dataclass(frozen=True)
class LeanRoute:
    path: str
    endpoint: Callable[..., Awaitable[Response]]
    request: str  # the route function's parameter names
    seller: str
    session: str


def lean_routes(app: FastAPI) -> dict[str, LeanRoute]:
    """The app's list routes: GET only, no path, query, header, cookie or body parameter of their own, exactly the
    app's permission check, the caller's seller and the session as dependencies, and a Response returned."""
    found: dict[str, LeanRoute] = {}
    for route in iter_route_contexts(app.routes):
        if (
            not isinstance(route.original_route, APIRoute)
            or route.methods != {"GET"}
            or route.param_convertors
        ):
            continue
        d = route.dependant
        if d is None or route.path_format is None or route.endpoint is None:
            continue
        if d.path_params or d.query_params or d.header_params or d.cookie_params or d.body_params:
            continue
        names = {sub.call: sub.name for sub in d.dependencies}
        if (
            set(names) != {authorize, current_seller, db}
            or len(d.dependencies) != 3
            or not d.request_param_name
        ):
            continue
        if inspect.signature(route.endpoint, eval_str=True).return_annotation is not Response:
            continue
        seller, s = names[current_seller], names[db]
        if seller is None or s is None:
            continue
        found[route.path_format] = LeanRoute(
            route.path_format, route.endpoint, d.request_param_name, seller, s
        )
    return found


@dataclass(frozen=True)
class _Known:
    row: list[tuple[Any, ...]]  # the seller's row as the driver read it, just before `seller` was loaded
    seller: Seller  # detached; a list route only reads it


_KNOWN_MAX = 4096  # callers whose seller is kept; past that the table starts again


class Lists:
    """The app's list routes, answered on the short path, and the callers' sellers this process has loaded.

    The caller's seller is the one query a list makes before its own, and a round trip of its own. A caller seen
    before is answered with the seller this process loaded then, and the seller's row is read again in the same
    round trip as the list's count and page (`store.plans.Check`): if it is still, column for column, the row the
    seller was loaded with, the answer stands; if not (or the list ran no statement that could carry it, and then
    it is read on its own), the answer is dropped and the request runs again as `current_seller` would run it."""

    def __init__(self, routes: dict[str, LeanRoute]) -> None:
        self.routes = routes
        self.known: dict[int, _Known] = {}

    async def answer(self, route: LeanRoute, request: Request) -> Response:
        async with reading() as s:
            return await self._answer(route, request, s)

    async def _answer(self, route: LeanRoute, request: Request, s: AsyncSession) -> Response:
        await authorize_path(request, s, route.path)
        creds = await bearer_scheme(request)
        user_id = user_id_from(bearer(creds))
        own = acting_seller_id(request) is None
        known = self.known.get(user_id) if own else None
        if known is not None:
            check = s.info[CHECK] = Check(SELLER_ROW_SQL, {"user_id": user_id}, known.row)
            try:
                response = await self._run(route, request, known.seller, s)
            except DomainError as e:
                response = error_response(e)
            finally:
                del s.info[CHECK]
            if await run_check(await s.connection(), check):
                return response
            # dropped, unless a concurrent request of the same caller has dropped or replaced it already
            if self.known.get(user_id) is known:
                del self.known[user_id]
        row = await seller_rows(s, user_id) if own else []
        seller = await current_seller(request, creds, s)
        if own:
            if len(self.known) >= _KNOWN_MAX:
                self.known.clear()
            self.known[user_id] = _Known(row, seller)
        return await self._run(route, request, seller, s)

    @staticmethod
    async def _run(route: LeanRoute, request: Request, seller: Seller, s: AsyncSession) -> Response:
        return await route.endpoint(**{route.request: request, route.seller: seller, route.session: s})


class ListRoute(APIRoute):
    """The route class of a module that holds lists: a route the app took for a list (`Lists`, set on the app's
    state when it is made) is answered on the short path; any other, by FastAPI's own handler."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        plain = super().get_route_handler()

        async def handler(request: Request) -> Response:
            lists: Lists | None = getattr(request.app.state, "lists", None)  # None: no short path in this app
            route = lists.routes.get(route_template(request) or "") if lists is not None else None
            if lists is None or route is None:
                return await plain(request)
            return await lists.answer(route, request)

        return handler
