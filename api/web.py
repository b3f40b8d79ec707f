"""The built web app's files: its index for every route the server does not answer itself."""

from __future__ import annotations

from pathlib import Path

from fastapi.responses import FileResponse, JSONResponse

from api import errors

WEB_DIST = Path(__file__).resolve().parents[1] / "web" / "dist"


def index_response(dist: Path = WEB_DIST) -> FileResponse | JSONResponse:
    index = dist / "index.html"
    if index.is_file():
        return FileResponse(index)
    return JSONResponse(
        errors.body("NOT_FOUND", "The web app is not built (run `make web`)."), status_code=404
    )
