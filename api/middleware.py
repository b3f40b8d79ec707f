"""Pure ASGI middleware (cheaper than BaseHTTPMiddleware).

`InputGuard` is the one place that refuses input no route can store: NUL characters (PostgreSQL text cannot
hold them) anywhere in the path, the query string or a JSON or form body, and bodies larger than a route
could want. Each answer is a 4xx in the error catalogue's shape, so no route ever sees such input.
`RequestContext` gives every request an id in logs and the response, and one span that the Temporal client
carries into workflows and activities.
"""

from __future__ import annotations

import json
import re
import uuid
from urllib.parse import unquote_to_bytes

import structlog
from opentelemetry import trace
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from domain.errors import ErrorCode

tracer = trace.get_tracer("sellflow.api")

# Bodies other than file uploads are small JSON or form documents; uploads are bounded by their route.
MAX_BODY_BYTES = 1024 * 1024
_UPLOAD = b"multipart/form-data"
# A JSON string escape for NUL that is not itself an escaped backslash followed by "u0000".
_JSON_NUL = re.compile(rb"(?<!\\)(?:\\\\)*\\u0000", re.IGNORECASE)
_REQUEST_ID = re.compile(r"^[A-Za-z0-9._-]{1,64}$")


def _has_nul(body: bytes, content_type: bytes) -> bool:
    if b"\x00" in body:
        return True
    if b"json" in content_type:
        return _JSON_NUL.search(body) is not None
    if b"x-www-form-urlencoded" in content_type:
        return b"\x00" in unquote_to_bytes(body.replace(b"+", b" "))
    return False


async def _refuse(send: Send, status: int, code: ErrorCode, message: str, fields: dict[str, str]) -> None:
    body = json.dumps({"error": code, "message": message, "type": code, "fields": fields}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": body})


async def _too_large(send: Send) -> None:
    await _refuse(send, 413, ErrorCode.INVALID_INPUT, "The request body is too large.", {"body": "too big"})


class InputGuard:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        raw_path: bytes = scope.get("raw_path") or scope["path"].encode("utf-8", "surrogateescape")
        if b"\x00" in unquote_to_bytes(raw_path) or "\x00" in scope["path"]:
            await _refuse(
                send, 400, ErrorCode.INVALID_INPUT, "Invalid characters in the path.", {"path": "invalid"}
            )
            return
        if b"\x00" in unquote_to_bytes(scope.get("query_string", b"").replace(b"+", b" ")):
            await _refuse(
                send, 400, ErrorCode.INVALID_INPUT, "Invalid characters in the query.", {"query": "invalid"}
            )
            return
        headers = dict(scope.get("headers") or [])
        content_type = headers.get(b"content-type", b"").lower()
        if content_type.startswith(_UPLOAD) or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        declared = headers.get(b"content-length", b"")
        if declared.isdigit() and int(declared) > MAX_BODY_BYTES:
            await _too_large(send)
            return
        # Read the whole (small) body once, check it, then hand exactly that body to the route.
        chunks: list[bytes] = []
        size, more = 0, True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                await self.app(scope, receive, send)  # the client went away; let the app see the disconnect
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > MAX_BODY_BYTES:
                await _too_large(send)
                return
            chunks.append(chunk)
            more = message.get("more_body", False)
        body = b"".join(chunks)
        if _has_nul(body, content_type):
            await _refuse(
                send, 400, ErrorCode.INVALID_INPUT, "Invalid characters in the body.", {"body": "invalid"}
            )
            return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


class RequestContext:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        given = dict(scope.get("headers") or []).get(b"x-request-id", b"").decode("latin-1")
        rid = given if _REQUEST_ID.match(given) else uuid.uuid4().hex[:16]

        async def send_with_id(message: Message) -> None:
            if message["type"] == "http.response.start":
                message.setdefault("headers", []).append((b"x-request-id", rid.encode()))
            await send(message)

        with (
            structlog.contextvars.bound_contextvars(request_id=rid),
            tracer.start_as_current_span(f"{scope['method']} {scope['path']}"),
        ):
            await self.app(scope, receive, send_with_id)
