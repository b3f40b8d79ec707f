"""The Idempotency middleware over the real key table: a client that retries the moment its answer arrives gets
that answer again (never a 409 for a request that is done), and the request runs once."""

from __future__ import annotations

import asyncio
import uuid

from starlette.types import Message, Receive, Scope, Send

from api.idempotency import Idempotency


def _scope(key: str) -> Scope:
    return {
        "type": "http",
        "method": "POST",
        "path": "/v1/things",
        "headers": [(b"idempotency-key", key.encode()), (b"authorization", b"Bearer x")],
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


async def _post(guarded: Idempotency, key: str) -> list[Message]:
    out: list[Message] = []

    async def receive() -> Message:
        return {"type": "http.request", "body": b"{}", "more_body": False}

    async def send(message: Message) -> None:
        out.append(message)

    await guarded(_scope(key), receive, send)
    return out


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
