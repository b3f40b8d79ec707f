"""Posts one signed delivery to a seller's endpoint and says how it went, never raising for what the endpoint
does (an answer, a timeout, a refused connection are all results the delivery log keeps).

The SSRF guard: before connecting, the endpoint's host is resolved and every address it names must be public
(`domain.seller_webhooks.address_allowed`), so a seller cannot point a webhook at the production network's own services
(the database, Temporal, the cloud's metadata address). The request then goes to the very address that was
checked (the Host header and, over https, the certificate's name and SNI stay the endpoint's host), so a DNS answer
that changes between the check and the connection (DNS rebinding) cannot lead it elsewhere. The local stack allows private and loopback addresses by
setting (`SELLFLOW_WEBHOOK_ALLOW_PRIVATE`), which production refuses. Redirects are not followed (a 3xx is a
refusal: it would lead the request somewhere the guard did not check)."""

from __future__ import annotations

import asyncio
import socket
import time
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol
from urllib.parse import urlsplit, urlunsplit

import httpx

from core.settings import get_settings
from domain.seller_webhooks import RESPONSE_EXCERPT_MAX, TIMEOUT_S, address_allowed

USER_AGENT = "Sellflow-Webhooks/1.0"


@dataclass(frozen=True)
class Answer:
    status: int | None  # None: no answer (see `error`)
    error: str | None = None  # timeout, connection, address_not_allowed
    duration_ms: int = 0
    excerpt: str = ""


class WebhookSender(Protocol):
    async def post(self, url: str, body: bytes, headers: dict[str, str]) -> Answer: ...


async def addresses_of(host: str, port: int) -> list[str]:
    """The addresses `host` resolves to (an unresolvable host raises OSError: a connection error)."""
    infos = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return [str(info[4][0]) for info in infos]


def pinned(url: str, address: str) -> tuple[str, str]:
    """`url` aimed at `address` (the checked one), and the Host header that names the endpoint's host."""
    parts = urlsplit(url)
    port = parts.port or (443 if parts.scheme == "https" else 80)
    where = f"[{address}]:{port}" if ":" in address else f"{address}:{port}"
    host = parts.netloc.rpartition("@")[2]  # never a user:password part in the header
    return urlunsplit(parts._replace(netloc=where)), host


class HttpSender:
    def __init__(self, allow_private: bool, timeout_s: float = TIMEOUT_S) -> None:
        self.allow_private = allow_private
        self.client = httpx.AsyncClient(
            timeout=httpx.Timeout(timeout_s), follow_redirects=False, headers={"User-Agent": USER_AGENT}
        )

    async def post(self, url: str, body: bytes, headers: dict[str, str]) -> Answer:
        started = time.monotonic()

        def took() -> int:
            return int((time.monotonic() - started) * 1000)

        parts = urlsplit(url)
        host = parts.hostname or ""
        port = parts.port or (443 if parts.scheme == "https" else 80)
        try:
            addresses = await addresses_of(host, port)
            if not addresses or (not self.allow_private and not all(map(address_allowed, addresses))):
                return Answer(None, "address_not_allowed", took())
            target, host_header = pinned(url, addresses[0])
            extensions = {"sni_hostname": host} if parts.scheme == "https" else {}
            r = await self.client.post(
                target, content=body, headers={**headers, "Host": host_header}, extensions=extensions
            )
        except httpx.TimeoutException:
            return Answer(None, "timeout", took())
        except (httpx.HTTPError, OSError, UnicodeError, ValueError):
            return Answer(None, "connection", took())
        excerpt = r.text[:RESPONSE_EXCERPT_MAX] if r.content else ""
        return Answer(r.status_code, "redirect" if r.is_redirect else None, took(), excerpt)


@lru_cache(maxsize=1)
def webhook_sender() -> WebhookSender:
    return HttpSender(allow_private=get_settings().webhook_allow_private)
