"""The Idempotency middleware over the real key table: a client that retries the moment its answer arrives gets
that answer again (never a 409 for a request that is done), and the request runs once."""

from __future__ import annotations

import asyncio
import uuid
from datetime import UTC, datetime, timedelta

from starlette.types import Message, Receive, Scope, Send

from api.idempotency import Idempotency


def _scope(key: str, auth: bytes = b"Bearer x") -> Scope:
    return {
        "type": "http",
        "method": "POST",
        "path": "/v1/things",
        "headers": [(b"idempotency-key", key.encode()), (b"authorization", auth)],
    }


async def test_a_retry_sent_as_soon_as_the_answer_arrives_gets_the_same_answer():
    runs = 0

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        nonlocal runs
        runs += 1
        await receive()
        await send({"type": "http.response.start", "status": 201, "headers": []})
        await send({"type": "http.response.body", "body": f'{{"id": {runs}}}'.encode()})

    guarded = Idempotency(app)
    key = uuid.uuid4().hex

    async def receive() -> Message:
        return {"type": "http.request", "body": b"{}", "more_body": False}

    def client(into: list[Message], then=None):
        async def send(message: Message) -> None:
            into.append(message)
            if then is not None and message["type"] == "http.response.start":
                await then()  # the client has its status line and sends the same request again at once

        return send

    second: list[Message] = []
    first: list[Message] = []
    await guarded(_scope(key), receive, client(first, lambda: guarded(_scope(key), receive, client(second))))

    assert runs == 1
    assert first[0]["status"] == 201 and first[1]["body"] == b'{"id": 1}'
    assert second[0]["status"] == 201, second  # not 409 "still running"
    assert (b"idempotent-replayed", b"true") in second[0]["headers"]
    assert second[1]["body"] == b'{"id": 1}'


def _app(runs: list[int], status: int = 201):
    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        runs.append(1)
        await receive()
        await send({"type": "http.response.start", "status": status, "headers": []})
        await send({"type": "http.response.body", "body": f'{{"run": {len(runs)}}}'.encode()})

    return app


async def _post(guarded: Idempotency, key: str, auth: bytes = b"Bearer x") -> list[Message]:
    out: list[Message] = []

    async def receive() -> Message:
        return {"type": "http.request", "body": b"{}", "more_body": False}

    async def send(message: Message) -> None:
        out.append(message)

    await guarded(_scope(key, auth), receive, send)
    return out


def _token(user_id: int, expires_in_s: int) -> bytes:
    import jwt

    from core.settings import get_settings

    expires = datetime.now(UTC) + timedelta(seconds=expires_in_s)
    claims = {"sub": str(user_id), "exp": expires, "typ": "access"}
    return b"Bearer " + jwt.encode(claims, get_settings().jwt_secret, algorithm="HS256").encode()


async def test_a_retry_with_a_renewed_access_token_finds_its_key_and_another_user_does_not():
    """The web app renews its access token every quarter hour: a retry sent with the new token is the same caller
    (the same user), so it gets the first answer; another user's request with the same key is their own."""
    runs: list[int] = []
    guarded = Idempotency(_app(runs))
    key = uuid.uuid4().hex
    first = await _post(guarded, key, _token(4242, 900))
    renewed = await _post(guarded, key, _token(4242, 1800))
    assert first[0]["status"] == renewed[0]["status"] == 201 and len(runs) == 1
    assert (b"idempotent-replayed", b"true") in renewed[0]["headers"]
    assert renewed[1]["body"] == first[1]["body"]
    other = await _post(guarded, key, _token(4343, 900))
    assert other[0]["status"] == 201 and len(runs) == 2


async def test_a_key_the_database_could_not_give_back_is_given_back_once_it_answers_again(monkeypatch):
    """The database went away during a request that failed: the key is given back as soon as it answers again, so
    the client's retry runs (it got 409 with Retry-After meanwhile), instead of 409 for the rest of the day."""
    import api.idempotency as middleware

    runs: list[int] = []
    guarded = Idempotency(_app(runs, status=503))
    real, down = middleware.key_released, {"calls": 0}

    async def released_when_up(owner: str, key: str) -> None:
        down["calls"] += 1
        if down["calls"] <= 2:
            raise OSError("connection refused")  # the database restarts
        await real(owner, key)

    monkeypatch.setattr(middleware, "key_released", released_when_up)
    key = uuid.uuid4().hex
    assert (await _post(guarded, key))[0]["status"] == 503
    meanwhile = await _post(guarded, key)
    assert meanwhile[0]["status"] == 409 and (b"retry-after", b"1") in meanwhile[0]["headers"]
    await asyncio.gather(*guarded._pending)  # the background retry, 0.5 s apart
    monkeypatch.setattr(middleware, "key_released", real)
    guarded.app = _app(runs)
    again = await _post(guarded, key)
    assert again[0]["status"] == 201 and len(runs) == 2


async def test_a_claim_whose_request_never_finished_is_given_up_after_its_lease():
    """A process died holding a key: within the lease a retry is told the request still runs; after it, runs."""
    from sqlalchemy import text

    from store.db import session
    from store.idempotency.actions import LEASE_S, key_claimed

    key = uuid.uuid4().hex
    assert (await key_claimed("dead-process", key, "fp")).first
    assert (await key_claimed("dead-process", key, "fp")).status is None  # still running: 409
    async with session() as s:
        await s.execute(
            text(
                "UPDATE idempotent_requests SET created_at = now() - make_interval(secs => :s) WHERE key = :k"
            ),
            {"s": LEASE_S + 1, "k": key},
        )
    assert (await key_claimed("dead-process", key, "fp")).first


async def test_a_request_that_runs_past_the_lease_keeps_its_key(monkeypatch):
    """Its process renews the claim while it runs: a retry is told it still runs (409), never runs it a second time."""
    import hashlib

    from sqlalchemy import text

    import api.idempotency as middleware
    from store.db import session
    from store.idempotency.actions import LEASE_S, key_claimed

    monkeypatch.setattr(middleware, "RENEW_S", 0.1)
    done = asyncio.Event()
    runs: list[int] = []

    async def slow(scope: Scope, receive: Receive, send: Send) -> None:
        runs.append(1)
        await receive()
        await done.wait()
        await send({"type": "http.response.start", "status": 201, "headers": []})
        await send({"type": "http.response.body", "body": b"{}"})

    guarded = Idempotency(slow)
    key = uuid.uuid4().hex
    first = asyncio.create_task(_post(guarded, key))
    while not runs:
        await asyncio.sleep(0.01)
    async with session() as s:  # as if it had been running for longer than the lease
        await s.execute(
            text(
                "UPDATE idempotent_requests SET created_at = now() - make_interval(secs => :s) WHERE key = :k"
            ),
            {"s": LEASE_S + 1, "k": key},
        )
    await asyncio.sleep(0.5)  # renewed meanwhile
    owner = hashlib.sha256(b"Bearer x\x00/v1/things").hexdigest()
    held = await key_claimed(owner, key, hashlib.sha256(b"{}").hexdigest())
    assert not held.first and held.status is None  # still running, not given up
    retry = await _post(guarded, key)
    assert retry[0]["status"] == 409 and len(runs) == 1
    done.set()
    assert (await first)[0]["status"] == 201
    assert (await _post(guarded, key))[0]["status"] == 201 and len(runs) == 1
