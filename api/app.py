"""The FastAPI application factory. Serves `/v1`, `/openapi.json` and the built web app (SPA fallback)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from fastapi import Depends, FastAPI, Request
from fastapi.responses import FileResponse, JSONResponse
from fastapi.routing import APIRoute
from starlette.types import ASGIApp
from temporalio.client import Client

from api import errors, openapi
from api.deps import DB
from api.headers import SecurityHeaders
from api.idempotency import Idempotency
from api.lean import Lists, lean_routes
from api.middleware import InputGuard, RequestContext
from api.permissions import authorize
from api.routes import (
    admin,
    admin_legitimation,
    admin_resellers,
    admin_reviews,
    cabinet,
    common,
    emails,
    embeds,
    funnels,
    memberships,
    payer,
    payer_data,
    platform,
    pricing,
    provider_events,
    publish,
    session,
    shop,
    storefront,
    team_member,
)
from api.web import WEB_DIST, Assets, index_response, shop_response
from core import telemetry
from core.temporal import connect


class TemporalClient:
    """Connects on first use and keeps one client for the process."""

    def __init__(self) -> None:
        self._client: Client | None = None
        self._lock = asyncio.Lock()

    async def __call__(self) -> Client:
        if self._client is None:
            async with self._lock:
                if self._client is None:
                    self._client = await connect()
        return self._client


class SellflowAPI(FastAPI):
    """FastAPI with Sellflow's own middleware outside FastAPI's: every response gets the security headers
    (api/headers.py), every request its id and span, then input no route can store is refused."""

    def build_middleware_stack(self) -> ASGIApp:
        return SecurityHeaders(RequestContext(InputGuard(super().build_middleware_stack())))


def operation_id(route: APIRoute) -> str:
    """Clean operation ids (the route function's name, unique across the API) for the generated client."""
    return route.name


def create_app(lean_lists: bool = True) -> FastAPI:
    """The API; `lean_lists=False` leaves the lists to FastAPI too (tests/integration/api/test_lean.py compares)."""
    telemetry.setup("api")
    app = SellflowAPI(
        title="Sellflow API",
        version="1",
        docs_url="/docs",
        redoc_url=None,
        generate_unique_id_function=operation_id,
        dependencies=[Depends(authorize)],  # who may call what: api/permissions.py, before any route runs
        # one span per request, RequestContext's (carried into the workflows); FastAPI's own spans per
        # dependency and serialisation and its metrics cost about 0.4 ms a request and duplicated that span
        telemetry={"tracing": False, "metrics": False, "logs": False, "operation_spans": False},
    )
    app.state.temporal = TemporalClient()
    errors.install(app)
    openapi.install(app)
    # matched in this order, route by route (their prefixes do not overlap): the buyer's shop and the cabinet
    # take the most requests
    routers = (
        shop,
        cabinet,
        session,
        payer,
        payer_data,
        memberships,
        provider_events,
        admin,
        admin_legitimation,
        admin_resellers,
        admin_reviews,
        common,
        emails,
        platform,
        embeds,
        funnels,
        pricing,
        publish,
        team_member,
        storefront,
    )
    for r in (m.router for m in routers):
        app.include_router(r)
    app.include_router(funnels.api)

    # inside FastAPI's own layers: a repeated Idempotency-Key gets the first answer (SellflowAPI puts the request's
    # id and span, the input guard and the lists outside them)
    app.add_middleware(Idempotency)
    _serve_web(app, WEB_DIST)
    # the lists' short path (api/lean.py): the routes it takes, found by their shape now that every route is in
    app.state.lists = Lists(lean_routes(app)) if lean_lists else None
    return app


def _serve_web(app: FastAPI, dist: Path) -> None:
    if (dist / "assets").is_dir():
        app.mount("/assets", Assets(dist / "assets"), name="assets")

    @app.get("/{path:path}", include_in_schema=False)
    async def spa(path: str, request: Request, s: DB):
        if path.startswith("v1/"):
            return JSONResponse(errors.body("NOT_FOUND", "Not found."), status_code=404)
        f = (dist / path).resolve()
        if path and f.is_file() and str(f).startswith(str(dist.resolve())):
            return FileResponse(f)
        # on a seller's verified domain the storefront's pages are the server's, without the /s/{username} prefix
        page = await storefront.on_domain(request, s, path)
        if page is not None:
            return page
        if not storefront.is_shop_address(request, path):
            return index_response(dist)
        return shop_response(dist, request, await storefront.domain_shop(request, s))
