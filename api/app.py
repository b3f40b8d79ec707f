"""The FastAPI application factory. Serves `/v1`, `/openapi.json` and the built web app (SPA fallback)."""

from __future__ import annotations

import asyncio
import uuid
from pathlib import Path

import structlog
from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from opentelemetry import trace
from temporalio.client import Client

from api import errors
from api.routes import admin, cabinet, common, session, shop, webhooks
from sellflow import telemetry
from sellflow.settings import ROOT

WEB_DIST = ROOT / "web" / "dist"
tracer = trace.get_tracer("sellflow.api")


class TemporalClient:
    """Connects on first use and keeps one client for the process."""

    def __init__(self) -> None:
        self._client: Client | None = None
        self._lock = asyncio.Lock()

    async def __call__(self) -> Client:
        if self._client is None:
            async with self._lock:
                if self._client is None:
                    from worker.main import connect

                    self._client = await connect()
        return self._client


def create_app() -> FastAPI:
    telemetry.setup("api")
    app = FastAPI(title="Sellflow API", version="1", docs_url="/docs", redoc_url=None)
    app.state.temporal = TemporalClient()
    errors.install(app)
    for r in (session.router, cabinet.router, shop.router, webhooks.router, admin.router, common.router):
        app.include_router(r)

    @app.middleware("http")
    async def context(request: Request, call_next):
        rid = request.headers.get("x-request-id") or uuid.uuid4().hex[:16]
        structlog.contextvars.bind_contextvars(request_id=rid)
        with tracer.start_as_current_span(f"{request.method} {request.url.path}"):
            response = await call_next(request)
        response.headers["x-request-id"] = rid
        structlog.contextvars.unbind_contextvars("request_id")
        return response

    _serve_web(app, WEB_DIST)
    return app


def _serve_web(app: FastAPI, dist: Path) -> None:
    if (dist / "assets").is_dir():
        app.mount("/assets", StaticFiles(directory=dist / "assets"), name="assets")

    @app.get("/{path:path}", include_in_schema=False)
    async def spa(path: str):
        if path.startswith("v1/"):
            return JSONResponse(errors.body("NOT_FOUND", "Not found."), status_code=404)
        f = (dist / path).resolve()
        if path and f.is_file() and str(f).startswith(str(dist.resolve())):
            return FileResponse(f)
        index = dist / "index.html"
        if index.is_file():
            return FileResponse(index)
        return JSONResponse(errors.body("NOT_FOUND", "The web app is not built (run `make web`)."), status_code=404)
