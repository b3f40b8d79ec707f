"""The webhook sender's address guard: a host that names a private or loopback address is refused unless the
setting allows it (the local stack), and the request goes to the address that was checked, with the endpoint's own
host in the Host header (a DNS answer changing after the check cannot lead it elsewhere)."""

from __future__ import annotations

import asyncio

from providers.seller_webhooks import sender
from providers.seller_webhooks.sender import HttpSender, pinned


def test_a_url_is_aimed_at_the_checked_address_and_keeps_its_host():
    assert pinned("https://hooks.example.com/in?x=1", "93.184.216.34") == (
        "https://93.184.216.34:443/in?x=1",
        "hooks.example.com",
    )
    assert pinned("http://user:pw@hooks.example.com:8080/in", "2606:2800:220:1::1") == (
        "http://[2606:2800:220:1::1]:8080/in",
        "hooks.example.com:8080",
    )


async def _server(seen: list[bytes]) -> tuple[asyncio.Server, int]:
    async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        head = await reader.readuntil(b"\r\n\r\n")
        seen.append(head)
        length = next(
            (
                int(line.split(b":")[1])
                for line in head.split(b"\r\n")
                if line.lower().startswith(b"content-length")
            ),
            0,
        )
        await reader.readexactly(length)
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok")
        await writer.drain()
        writer.close()

    server = await asyncio.start_server(answer, "127.0.0.1", 0)
    return server, server.sockets[0].getsockname()[1]


async def test_a_private_answer_is_refused_and_the_checked_address_is_the_one_reached(monkeypatch):
    seen: list[bytes] = []
    server, port = await _server(seen)
    answers = {"hooks.test": ["127.0.0.1"], "inside.test": ["10.0.0.5"]}

    async def resolve(host: str, port: int) -> list[str]:  # the DNS answer of the moment
        return answers[host]

    monkeypatch.setattr(sender, "addresses_of", resolve)
    try:
        refused = await HttpSender(allow_private=False).post(f"http://inside.test:{port}/in", b"{}", {})
        assert (refused.status, refused.error) == (None, "address_not_allowed")
        refused = await HttpSender(allow_private=False).post(f"http://hooks.test:{port}/in", b"{}", {})
        assert refused.error == "address_not_allowed" and seen == []  # loopback, in production
        answer = await HttpSender(allow_private=True).post(
            f"http://hooks.test:{port}/in", b"{}", {"X-A": "1"}
        )
        assert (answer.status, answer.error, answer.excerpt) == (200, None, "ok")
        [head] = seen  # hooks.test resolves nowhere else: the request went to the checked address
        assert f"host: hooks.test:{port}".encode() in head.lower()
    finally:
        server.close()
