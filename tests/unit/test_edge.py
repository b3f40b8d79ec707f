"""The TLS edge's check compares the certificate served with the one issued, by the leaf's SHA-256."""

from __future__ import annotations

import datetime as dt
import hashlib

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from providers.edge.caddy import leaf_fingerprint


def _cert(name: str) -> x509.Certificate:
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    now = dt.datetime.now(dt.UTC)
    return (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now)
        .not_valid_after(now + dt.timedelta(days=1))
        .sign(key, hashes.SHA256())
    )


def test_the_leaf_of_a_chain_is_what_a_tls_handshake_shows():
    leaf, ca = _cert("shop.example.com"), _cert("CA")
    chain = "".join(c.public_bytes(serialization.Encoding.PEM).decode() for c in (leaf, ca))
    served = hashlib.sha256(
        leaf.public_bytes(serialization.Encoding.DER)
    ).hexdigest()  # getpeercert(binary_form)
    assert leaf_fingerprint(chain) == served
    assert leaf_fingerprint(ca.public_bytes(serialization.Encoding.PEM).decode()) != served
