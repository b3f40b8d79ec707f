"""TXT, CNAME and address lookups with dnspython against a configured resolver (`host:port`), without the system's cache."""

from __future__ import annotations

from functools import lru_cache
from typing import Protocol

import dns.asyncresolver
import dns.exception
import dns.resolver

from core.settings import get_settings


class DnsLookupError(Exception):
    """The resolver did not answer (timeout, SERVFAIL): worth trying again later."""


class TxtLookup(Protocol):
    async def txt_values(self, name: str) -> list[str]:
        """The TXT values at `name`; [] when the name or the record does not exist."""
        ...

    async def cname_targets(self, name: str) -> list[str]:
        """The CNAME targets at `name` (lower case, no trailing dot); [] when there is none."""
        ...

    async def routing_values(self, name: str) -> dict[str, list[str]]:
        """What `name` holds that routes visitors: its CNAME targets, A and AAAA addresses (each [] if none)."""
        ...


def parse_address(address: str) -> tuple[str, int]:
    host, _, port = address.strip().rpartition(":")
    if not host:
        return address.strip(), 53
    return host.strip("[]"), int(port)


class DnsPythonLookup:
    def __init__(self, address: str, timeout_s: float = 3.0) -> None:
        self.host, self.port = parse_address(address)
        self.timeout_s = timeout_s

    def _resolver(self) -> dns.asyncresolver.Resolver:
        r = dns.asyncresolver.Resolver(configure=False)
        r.nameservers = [self.host]
        r.port = self.port
        r.lifetime = self.timeout_s
        r.cache = None
        return r

    async def txt_values(self, name: str) -> list[str]:
        try:
            answer = await self._resolver().resolve(name, "TXT")
        except (dns.resolver.NXDOMAIN, dns.resolver.NoAnswer):
            return []
        except (dns.exception.Timeout, dns.resolver.NoNameservers) as e:
            raise DnsLookupError(f"the DNS resolver did not answer for {name}: {e}") from e
        return [b"".join(r.strings).decode("utf-8", "replace") for r in answer]

    async def cname_targets(self, name: str) -> list[str]:
        try:
            answer = await self._resolver().resolve(name, "CNAME")
        except (dns.resolver.NXDOMAIN, dns.resolver.NoAnswer):
            return []
        except (dns.exception.Timeout, dns.resolver.NoNameservers) as e:
            raise DnsLookupError(f"the DNS resolver did not answer for {name}: {e}") from e
        return [r.target.to_text(omit_final_dot=True).lower() for r in answer]

    async def _addresses(self, name: str, rdtype: str) -> list[str]:
        try:
            answer = await self._resolver().resolve(name, rdtype)
        except (dns.resolver.NXDOMAIN, dns.resolver.NoAnswer):
            return []
        except (dns.exception.Timeout, dns.resolver.NoNameservers) as e:
            raise DnsLookupError(f"the DNS resolver did not answer for {name}: {e}") from e
        return [r.to_text() for r in answer]

    async def routing_values(self, name: str) -> dict[str, list[str]]:
        return {
            "CNAME": await self.cname_targets(name),
            "A": await self._addresses(name, "A"),
            "AAAA": await self._addresses(name, "AAAA"),
        }


@lru_cache(maxsize=1)
def txt_lookup() -> DnsPythonLookup:
    return DnsPythonLookup(get_settings().dns_resolver)
