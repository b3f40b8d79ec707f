"""Idempotent POSTs (as Stripe's API): a request that carries an `Idempotency-Key` claims the key for its caller and
path before it runs, and its answer is kept for a day. The same key again gets that answer (with
`Idempotent-Replayed: true`) and changes nothing; while the first request still runs, 409 (with Retry-After); the
same key with another body, 400. A server error gives the key back, so the client's retry runs again. The process
renews the claims of the requests it runs every 10 s; a claim not renewed for 30 s (its process died) is given up,
so the client's retry runs.

The routes that move money or start a workflow require the header (`IdempotencyKey` in api/deps.py)."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import re
import time
from collections.abc import Awaitable, Callable

from sqlalchemy.exc import SQLAlchemyError
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api.security import user_id_from
from domain.errors import DomainError, ErrorCode
from store.idempotency.actions import RENEW_S, answer_kept, claims_renewed, key_claimed, key_released

HEADER = b"idempotency-key"
# how long a settle that could not reach the database goes on trying in the background
SETTLE_S = 120
KEY = re.compile(r"^[\x21-\x7e]{1,255}$")  # printable ASCII without spaces, as the dependency's pattern


async def _answer(
    send: Send, status: int, body: bytes, extra: list[tuple[bytes, bytes]] | None = None
) -> None:
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers + (extra or [])})
    await send({"type": "http.response.body", "body": body})


def _error(code: ErrorCode, message: str) -> bytes:
    return json.dumps(
        {"error": code, "message": message, "type": code, "fields": {"Idempotency-Key": message}}
    ).encode()


def _caller(headers: dict[bytes, bytes]) -> bytes:
    """The signed-in user (the same after a token renewal, so a retry with new tokens finds its key), else the
    credentials as sent (none for a buyer: the path names the order)."""
    auth = headers.get(b"authorization", b"")
    scheme, _, token = auth.decode("latin-1").partition(" ")
    if scheme.lower() == "bearer" and token:
        try:
            return f"user:{user_id_from(token.strip())}".encode()
        except DomainError:
            pass
    return auth


class Idempotency:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self._pending: set[asyncio.Task[None]] = set()
        self._running: set[tuple[str, str]] = set()  # the claims of the requests this process runs (one each)
        self._renewer: asyncio.Task[None] | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "POST":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        raw = headers.get(HEADER)
        if raw is None:
            await self.app(scope, receive, send)
            return
        key = raw.decode("latin-1")
        if not KEY.match(key):
            return await _answer(send, 400, _error(ErrorCode.INVALID_INPUT, "invalid"))
        # the whole body (InputGuard has bounded and read it already), then handed on unchanged
        chunks: list[bytes] = []
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                await self.app(scope, receive, send)
                return
            chunks.append(message.get("body", b""))
            more = message.get("more_body", False)
        body = b"".join(chunks)
        caller = _caller(headers) + b"\x00" + scope["path"].encode("utf-8", "surrogateescape")
        owner = hashlib.sha256(caller).hexdigest()
        claimed = await key_claimed(owner, key, hashlib.sha256(body).hexdigest())
        if not claimed.first:
            if not claimed.same_body:
                msg = "This key was used with another request."
                return await _answer(send, 400, _error(ErrorCode.INVALID_INPUT, msg))
            if claimed.status is None:
                msg = "A request with this key is still running."
                return await _answer(send, 409, _error(ErrorCode.CONFLICT, msg), [(b"retry-after", b"1")])
            return await _answer(
                send, claimed.status, claimed.body or b"", [(b"idempotent-replayed", b"true")]
            )

        sent = False

        async def once() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        # the answer is kept before the client sees it: a client that retries the moment it has its answer
        # gets the same answer again, never a 409 for a request that is done
        status = 500
        held: list[Message] = []

        async def hold(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            held.append(message)

        claim = (owner, key)
        self._running.add(claim)
        if self._renewer is None or self._renewer.done():
            self._renewer = asyncio.create_task(self._renew())
        try:
            await self.app(scope, once, hold)
        except BaseException:
            await self._settled(owner, key, 500, b"")
            raise
        finally:
            self._running.discard(claim)
        body_out = b"".join(m.get("body", b"") for m in held if m["type"] == "http.response.body")
        await self._settled(owner, key, status, body_out)
        for message in held:
            await send(message)

    async def _settled(self, owner: str, key: str, status: int, body: bytes) -> None:
        """The key given back after a server error (the retry runs again), else the answer kept. While the
        database cannot be reached (it restarts), this goes on in the background for the claim's lease, so a
        retry soon finds the key free or the answer kept (409 meanwhile), never a claim held for a day."""

        async def settle() -> None:
            if status >= 500:
                await key_released(owner, key)
            else:
                await answer_kept(owner, key, status, body)

        try:
            await settle()
        except (OSError, SQLAlchemyError):
            task = asyncio.create_task(self._settle_later(settle))
            self._pending.add(task)
            task.add_done_callback(self._pending.discard)

    async def _renew(self) -> None:
        """Every RENEW_S, the claims of the requests still running here renewed (while there are any)."""
        while self._running:
            await asyncio.sleep(RENEW_S)
            with contextlib.suppress(OSError, SQLAlchemyError):
                await claims_renewed(list(self._running))

    @staticmethod
    async def _settle_later(settle: Callable[[], Awaitable[None]]) -> None:
        deadline = time.monotonic() + SETTLE_S
        while time.monotonic() < deadline:
            await asyncio.sleep(0.5)
            with contextlib.suppress(OSError, SQLAlchemyError):
                await settle()
                return
