"""The OpenAPI document as the contract states it: errors are the catalogue's body (`ErrorBody`) for any 4xx
and for 503, in place of FastAPI's default 422 validation answer, which Sellflow never sends."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi

from api.schemas.common import ErrorBody

_ERROR_REF = {"$ref": "#/components/schemas/ErrorBody"}
ERRORS = {
    "4XX": {"description": "Invalid input, a token error, not found, a conflict, throttled (core §8)"},
    "503": {"description": "A dependency (Temporal, the database) is unavailable; try again"},
}


def install(app: FastAPI) -> None:
    def openapi() -> dict[str, Any]:
        if app.openapi_schema:
            return app.openapi_schema
        doc = get_openapi(title=app.title, version=app.version, routes=app.routes)
        components = doc.setdefault("components", {}).setdefault("schemas", {})
        components["ErrorBody"] = ErrorBody.model_json_schema(ref_template="#/components/schemas/{model}")
        components.update(components["ErrorBody"].pop("$defs", {}))
        for operations in doc.get("paths", {}).values():
            for op in operations.values():
                responses = op.setdefault("responses", {})
                responses.pop("422", None)
                for status, meta in ERRORS.items():
                    responses.setdefault(
                        status, {**meta, "content": {"application/json": {"schema": _ERROR_REF}}}
                    )
        for unused in ("HTTPValidationError", "ValidationError"):
            components.pop(unused, None)
        app.openapi_schema = doc
        return doc

    app.openapi = openapi  # type: ignore[method-assign]
