"""Mail the inbox providers accept: every outgoing mail DKIM-signed (RFC 6376, dkimpy) with the platform's key for
the sending domain (the domain of `mail_from`), and the DNS records that domain publishes so receivers can check
it: the DKIM public key at `{selector}._domainkey.{domain}`, SPF (which servers may send for it) and DMARC (what a
receiver does with a mail that fails both). Settings: `mail_dkim_key_file` (a PEM RSA key; empty: mail goes
unsigned), `mail_dkim_selector`, `mail_spf`, `mail_dmarc`. The local stack makes a key and publishes the records
in its loopback DNS server, as an operator does at their DNS host."""

from __future__ import annotations

import base64
import os
from dataclasses import dataclass
from email.utils import parseaddr
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

import dkim
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding, rsa, utils

from core.settings import get_settings

# the headers a signature covers: what a reader sees and what a forger would change
SIGNED_HEADERS = [
    b"from",
    b"to",
    b"subject",
    b"date",
    b"message-id",
    b"list-unsubscribe",
    b"list-unsubscribe-post",
]


@dataclass(frozen=True)
class DkimKey:
    selector: str
    domain: str
    private_pem: bytes

    def public_b64(self) -> str:
        key = serialization.load_pem_private_key(self.private_pem, password=None)
        der = key.public_key().public_bytes(
            serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
        )
        return base64.b64encode(der).decode()


@dataclass(frozen=True)
class MailRecord:
    """A DNS record the sending domain publishes: its name, type and value, and what it is for."""

    purpose: Literal["dkim", "spf", "dmarc"]
    name: str
    type: str
    value: str


def sending_domain() -> str:
    return parseaddr(get_settings().mail_from)[1].rpartition("@")[2].lower()


@lru_cache(maxsize=1)
def dkim_key() -> DkimKey | None:
    """The signing key from the settings, or None (mail goes unsigned)."""
    s = get_settings()
    if not s.mail_dkim_key_file:
        return None
    return DkimKey(s.mail_dkim_selector, sending_domain(), Path(s.mail_dkim_key_file).read_bytes())


@lru_cache(maxsize=4)
def _private_key(pem: bytes) -> rsa.RSAPrivateKey:
    key = serialization.load_pem_private_key(pem, password=None)
    if not isinstance(key, rsa.RSAPrivateKey):
        raise dkim.KeyFormatError("the DKIM key is not an RSA key")
    return key


def _openssl_sign(digest: Any, key: rsa.RSAPrivateKey) -> bytes:
    """RSASSA-PKCS1-v1_5 over the SHA-256 digest dkimpy hashed (RFC 8017 §8.2), by OpenSSL."""
    return key.sign(digest.digest(), padding.PKCS1v15(), utils.Prehashed(hashes.SHA256()))


# dkimpy canonicalises and hashes (what RFC 6376 is about) but signs with RSA in pure Python and parses the PEM on
# every mail: 12 ms a mail on a 2048-bit key, the largest cost of a checkout's mails. Its `sign` looks both up
# as module names at call time; these give it the same PKCS#1 v1.5 signature from OpenSSL (`cryptography`), with the
# key parsed once. Verification (receivers, the tests) stays dkimpy's own.
dkim.parse_pem_private_key = _private_key
dkim.RSASSA_PKCS1_v1_5_sign = _openssl_sign


def signed(message: bytes, key: DkimKey) -> bytes:
    """The message with its DKIM-Signature header (relaxed/relaxed, rsa-sha256) on top."""
    header = dkim.sign(
        message,
        key.selector.encode(),
        key.domain.encode(),
        key.private_pem,
        signature_algorithm=b"rsa-sha256",
        canonicalize=(b"relaxed", b"relaxed"),
        include_headers=[h for h in SIGNED_HEADERS if h + b":" in message.lower()],
    )
    return header + message


def mail_records(key: DkimKey | None) -> list[MailRecord]:
    """The records the sending domain publishes: SPF, DMARC and (when mail is signed) the DKIM key."""
    s = get_settings()
    domain = sending_domain()
    records = [
        MailRecord("spf", domain, "TXT", s.mail_spf),
        MailRecord("dmarc", f"_dmarc.{domain}", "TXT", s.mail_dmarc),
    ]
    if key is not None:
        value = f"v=DKIM1; k=rsa; p={key.public_b64()}"
        records.insert(0, MailRecord("dkim", f"{key.selector}._domainkey.{domain}", "TXT", value))
    return records


def local_key(path: Path) -> Path:
    """A DKIM key for the local stack, made once into its data folder (0600)."""
    if not path.exists():
        key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        pem = key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(pem)
    return path
