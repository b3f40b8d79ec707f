"""The zone the platform writes to: its subdomains' verification records and ACME DNS-01 challenge records.
Locally the admin API of deploy/dns_server.py; a DNS host's API in production (same interface). Synchronous,
because the ACME client (the `acme` library, built on requests) calls it from its worker thread."""

from __future__ import annotations

from functools import lru_cache
from typing import Protocol

import httpx

from core.settings import get_settings
from providers.errors import ProviderError


class ZoneError(ProviderError):
    """The DNS host refused or did not answer a change of the platform's zone."""


class DnsZone(Protocol):
    def set_txt(self, name: str, value: str, ttl: int) -> None: ...

    def delete_txt(self, name: str, value: str | None = None) -> None: ...


class LocalZone:
    """The local DNS server's admin API (`POST /records`, `DELETE /records`)."""

    def __init__(self, admin_url: str, api_key: str = "", timeout_s: float = 5.0) -> None:
        self.admin_url = admin_url.rstrip("/")
        self.headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self.timeout_s = timeout_s

    def _call(self, method: str, body: dict) -> None:
        try:
            r = httpx.request(
                method, f"{self.admin_url}/records", json=body, headers=self.headers, timeout=self.timeout_s
            )
        except httpx.HTTPError as e:
            raise ZoneError(f"the DNS zone did not answer: {e}") from e
        if r.status_code >= 500:
            raise ZoneError(f"the DNS zone failed: {r.status_code}")
        if r.status_code >= 400:
            raise ZoneError(f"the DNS zone refused the record: {r.text[:200]}", retryable=False)

    def set_txt(self, name: str, value: str, ttl: int) -> None:
        self._call("POST", {"name": name, "type": "TXT", "value": value, "ttl": ttl})

    def delete_txt(self, name: str, value: str | None = None) -> None:
        body: dict = {"name": name, "type": "TXT"}
        if value is not None:
            body["value"] = value
        self._call("DELETE", body)


@lru_cache(maxsize=1)
def dns_zone() -> LocalZone:
    s = get_settings()
    return LocalZone(s.dns_admin_url, s.dns_api_key)
