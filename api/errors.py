"""One place that turns errors into the body of the spec's error catalogue: {error, message, type, fields}."""

from __future__ import annotations

import structlog
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from temporalio.service import RPCError

from domain.errors import DomainError, ErrorCode

log = structlog.get_logger()


def body(code: str, message: str, fields: dict | None = None, reason: str | None = None) -> dict:
    out: dict = {"error": code, "message": message, "type": code}
    if fields:
        out["fields"] = fields
    if reason:
        out["reason"] = reason
    return out


def _field_message(err: dict) -> str:
    kind = err.get("type", "")
    if kind == "missing":
        return "required"
    if kind == "string_too_long":
        return "too big"
    if "email" in str(err.get("loc", "")) and kind.startswith("value_error"):
        return "invalid email"
    return str(err.get("msg", "invalid")).removeprefix("Value error, ")


def error_response(exc: DomainError) -> JSONResponse:
    return JSONResponse(body(exc.code.value, exc.message, exc.fields, exc.reason), status_code=exc.status)


def install(app: FastAPI) -> None:
    @app.exception_handler(DomainError)
    async def domain_error(request: Request, exc: DomainError) -> JSONResponse:
        return error_response(exc)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        fields: dict[str, str] = {}
        for err in exc.errors():
            loc = [str(x) for x in err.get("loc", ()) if x not in ("body", "query", "path", "form")]
            fields[".".join(loc) or "body"] = _field_message(dict(err))
        return JSONResponse(
            body(ErrorCode.INVALID_INPUT, "Some fields are invalid.", fields), status_code=400
        )

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = ErrorCode.NOT_FOUND if exc.status_code == 404 else ErrorCode.INVALID_INPUT
        return JSONResponse(body(code, str(exc.detail)), status_code=exc.status_code)

    @app.exception_handler(RPCError)
    async def temporal_down(request: Request, exc: RPCError) -> JSONResponse:
        log.error("temporal_rpc_error", error=str(exc))
        return JSONResponse(
            body(ErrorCode.MS_UNAVAILABLE, "The service is unavailable, please try again."), status_code=503
        )
