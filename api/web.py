"""The built web app's files: its assets, and its index for every route the server does not answer itself."""

from __future__ import annotations

import gzip
from pathlib import Path

import anyio
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.datastructures import Headers
from starlette.types import Scope

from api import errors

WEB_DIST = Path(__file__).resolve().parents[1] / "web" / "dist"


def index_response(dist: Path = WEB_DIST) -> FileResponse | JSONResponse:
    index = dist / "index.html"
    if index.is_file():
        return FileResponse(index)
    return JSONResponse(
        errors.body("NOT_FOUND", "The web app is not built (run `make web`)."), status_code=404
    )


def shop_response(dist: Path = WEB_DIST) -> FileResponse | JSONResponse:
    """A buyer's page (`/s/…`, a seller's domain): the shop's own build (`shop.html`: the shop's routes and words on
    Preact, a fraction of the platform app's JavaScript), or the whole app where that build is missing."""
    shop = dist / "shop.html"
    return FileResponse(shop) if shop.is_file() else index_response(dist)


# a built asset's name carries its content's hash: a browser may keep it for a year without asking again
IMMUTABLE = "public, max-age=31536000, immutable"
COMPRESSIBLE = (".js", ".css", ".svg", ".json", ".map", ".txt")


class Assets(StaticFiles):
    """The web app's built assets (`/assets`): cached by the browser for a year (hashed names), and gzipped for a
    browser that takes gzip, each file compressed once per process (the JavaScript is about a quarter its size)."""

    def __init__(self, directory: Path) -> None:
        super().__init__(directory=directory)
        self._gzipped: dict[str, bytes] = {}

    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        if response.status_code != 200:
            return response
        response.headers["cache-control"] = IMMUTABLE
        if not isinstance(response, FileResponse) or not path.endswith(COMPRESSIBLE):
            return response
        response.headers["vary"] = "Accept-Encoding"
        if "gzip" not in Headers(scope=scope).get("accept-encoding", ""):
            return response
        body = self._gzipped.get(path)
        if body is None:
            raw = await anyio.Path(response.path).read_bytes()
            body = self._gzipped[path] = await anyio.to_thread.run_sync(
                lambda: gzip.compress(raw, 6, mtime=0)
            )
        kept = {k: v for k in ("etag", "last-modified") if (v := response.headers.get(k))}
        return Response(
            body,
            media_type=response.media_type,
            headers={
                "content-encoding": "gzip",
                "cache-control": IMMUTABLE,
                "vary": "Accept-Encoding",
                **kept,
            },
        )
