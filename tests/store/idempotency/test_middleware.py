"""The Idempotency middleware over the real key table: a client that retries the moment its answer arrives gets
that answer again (never a 409 for a request that is done), and the request runs once."""

from __future__ import annotations

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
