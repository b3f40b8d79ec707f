"""The cabinet's lists on a short path (issue 21: a list over a million rows within 1.3× of a bare handler running
the same SQL).

A list is a GET whose whole input is the request itself: its route function takes the request, the caller's seller
and the session, reads the page, sort, search and filters from the query (`api.listing.list_params`) and answers a
Response it serialised itself. For such a route FastAPI's routing, dependency solving and exit stacks cost more than
the route's own work. `LeanLists` answers exactly those routes (found by their shape in the app's table, not named
here) in front of FastAPI, running what FastAPI would run, in its order and with the same functions: the permission
table (`authorize_path`), the caller's seller (`current_seller`, with a team member's acting header), the route
function, all in one session that only reads (`store.db.reading`: no BEGIN and COMMIT round trips), a DomainError
answered as the error handler answers it. Everything else, and any other method or path (a trailing slash
included), goes on to FastAPI unchanged. tests/integration/api/test_lean.py asks both paths the same questions and
compares the answers."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from fastapi import FastAPI, Request, Response
from fastapi.responses import PlainTextResponse
from fastapi.routing import APIRoute, iter_route_contexts
from starlette.types import ASGIApp, Receive, Scope, Send

from api.deps import bearer_scheme, current_seller, db
from api.errors import error_response
from api.permissions import authorize, authorize_path
from domain.errors import DomainError
from store.db import reading


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


class LeanLists:
    """Pure ASGI: the list routes answered directly, everything else handed on."""

    def __init__(self, app: ASGIApp, routes: dict[str, LeanRoute]) -> None:
        self.app = app
        self.routes = routes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        route = (
            self.routes.get(scope["path"]) if scope["type"] == "http" and scope["method"] == "GET" else None
        )
        if route is None:
            await self.app(scope, receive, send)
            return
        request = Request(scope, receive)
        try:
            async with reading() as s:
                await authorize_path(request, s, route.path)
                seller = await current_seller(request, await bearer_scheme(request), s)
                response = await route.endpoint(
                    **{route.request: request, route.seller: seller, route.session: s}
                )
        except DomainError as e:
            response = error_response(e)
        except Exception:
            # what FastAPI's ServerErrorMiddleware answers (the lists are in front of it), then the error goes on up
            await PlainTextResponse("Internal Server Error", status_code=500)(scope, receive, send)
            raise
        await response(scope, receive, send)
