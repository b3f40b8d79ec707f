"""Issues a certificate for one hostname through ACME (the `acme` library, with `josepy` and `cryptography`),
answering the DNS-01 challenge by publishing its TXT in the platform's zone (providers/dns/zone.py): at the custom
domain's DCV delegation target (the seller's `_acme-challenge.{host}` is a CNAME to it, so the CA's lookup follows
it there), or at `_acme-challenge.{host}` itself for a name in the platform's own zone.

The account key is created once and kept in a file (0600); the certificate's private key is new for every
certificate. The `acme` library is synchronous (requests): callers run `issue` in a worker thread.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import lru_cache
from pathlib import Path
from typing import Protocol

import josepy as jose
from acme import challenges, client, errors, messages
from acme import crypto_util as acme_crypto
from cryptography import x509
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa

from core.settings import get_settings
from providers.dns.zone import DnsZone, ZoneError, dns_zone

ACME_LABEL = "_acme-challenge"


class AcmeFailed(Exception):
    """The CA refused or could not validate the order; `retryable` tells whether trying again later can help."""

    def __init__(self, message: str, retryable: bool) -> None:
        super().__init__(message)
        self.retryable = retryable


@dataclass(frozen=True)
class IssuedCertificate:
    fullchain_pem: str
    key_pem: str
    not_before: datetime
    not_after: datetime


class CertificateIssuer(Protocol):
    def issue(self, hostname: str, challenge_name: str | None = None) -> IssuedCertificate: ...


def _account_key(path: Path) -> jose.JWKRSA:
    if path.exists():
        key = serialization.load_pem_private_key(path.read_bytes(), password=None)
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
        key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        pem = key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(pem)
    if not isinstance(key, rsa.RSAPrivateKey):
        raise AcmeFailed("the ACME account key is not an RSA key", retryable=False)
    return jose.JWKRSA(key=key)


class AcmeIssuer:
    def __init__(
        self,
        directory_url: str,
        account_key_path: Path,
        email: str,
        zone: DnsZone,
        ca_bundle: str = "",
        timeout_s: float = 120.0,
    ) -> None:
        self.directory_url = directory_url
        self.account_key_path = account_key_path
        self.email = email
        self.zone = zone
        self.verify: bool | str = ca_bundle or True
        self.timeout_s = timeout_s

    def _client(self) -> tuple[client.ClientV2, jose.JWKRSA]:
        key = _account_key(self.account_key_path)
        net = client.ClientNetwork(key, user_agent="sellflow", verify_ssl=self.verify)  # type: ignore[arg-type]
        directory = client.ClientV2.get_directory(self.directory_url, net)
        acme = client.ClientV2(directory, net=net)
        registration = messages.NewRegistration.from_data(email=self.email, terms_of_service_agreed=True)
        try:
            acme.new_account(registration)
        except errors.ConflictError as e:  # the account exists: use it
            net.account = messages.RegistrationResource(uri=e.location, body=messages.Registration())
        return acme, key

    def issue(self, hostname: str, challenge_name: str | None = None) -> IssuedCertificate:
        """`challenge_name`: where the challenge TXT goes (the delegation target); None: `_acme-challenge.{host}`."""
        try:
            return self._issue(hostname, challenge_name)
        except AcmeFailed:
            raise
        except ZoneError as e:
            raise AcmeFailed(str(e), retryable=e.retryable) from e
        except messages.Error as e:
            # the CA's own words (urn:ietf:params:acme:error:…): a 4xx of the protocol, not worth repeating at once
            raise AcmeFailed(
                f"the certificate authority refused: {e.detail or e.typ}", retryable=False
            ) from e
        except errors.ValidationError as e:
            details = "; ".join(
                str(c.error.detail)
                for a in e.failed_authzrs
                for c in a.body.challenges
                if c.error is not None
            )
            raise AcmeFailed(f"the DNS challenge was not validated: {details or e}", retryable=False) from e
        except errors.TimeoutError as e:
            raise AcmeFailed("the certificate authority did not finish in time", retryable=True) from e
        except Exception as e:  # noqa: BLE001 - network errors and the like: try again later
            raise AcmeFailed(f"the certificate authority could not be reached: {e}", retryable=True) from e

    def _issue(self, hostname: str, challenge_name: str | None) -> IssuedCertificate:
        acme, key = self._client()
        cert_key = ec.generate_private_key(ec.SECP256R1())
        key_pem = cert_key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
        csr = acme_crypto.make_csr(key_pem, [hostname])
        order = acme.new_order(csr)
        published: list[tuple[str, str]] = []
        try:
            for authz in order.authorizations:
                if authz.body.status == messages.STATUS_VALID:
                    continue
                chall = next(
                    (c for c in authz.body.challenges if isinstance(c.chall, challenges.DNS01)), None
                )
                if chall is None:
                    raise AcmeFailed("the certificate authority offered no DNS-01 challenge", retryable=False)
                name = challenge_name or chall.chall.validation_domain_name(authz.body.identifier.value)
                value = chall.chall.validation(key)
                self.zone.set_txt(name, value, 60)
                published.append((name, value))
                acme.answer_challenge(chall, chall.chall.response(key))
            deadline = datetime.now() + timedelta(seconds=self.timeout_s)  # noqa: DTZ005 - the library compares naive
            order = acme.poll_and_finalize(order, deadline)
        finally:
            for name, value in published:
                try:
                    self.zone.delete_txt(name, value)
                except ZoneError:
                    pass  # a stale challenge record is harmless; the next issuance replaces nothing it needs
        cert = x509.load_pem_x509_certificate(order.fullchain_pem.encode())
        return IssuedCertificate(
            fullchain_pem=order.fullchain_pem,
            key_pem=key_pem.decode(),
            not_before=cert.not_valid_before_utc.astimezone(UTC),
            not_after=cert.not_valid_after_utc.astimezone(UTC),
        )


@lru_cache(maxsize=1)
def certificate_issuer() -> AcmeIssuer:
    s = get_settings()
    return AcmeIssuer(
        s.acme_directory_url, s.acme_account_key_path, s.acme_email, dns_zone(), s.acme_ca_bundle
    )
