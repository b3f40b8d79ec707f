"""Let's Encrypt's test ACME server (Debian's `pebble` package, `/usr/bin/pebble`) for the local stack.

The Debian package ships the binary but not the upstream test certificates, so this module makes a local CA and
a `localhost` certificate for pebble's HTTPS listener (`ca.pem` is what the ACME client trusts:
SELLFLOW_ACME_CA_BUNDLE) and writes pebble's config. Pebble validates DNS-01 challenges against the local DNS
server (`-dnsserver`), for real (`PEBBLE_VA_ALWAYS_VALID=0`) and without its random sleeps (`PEBBLE_VA_NOSLEEP=1`).
Install it with `make pebble` (apt-get).
"""

from __future__ import annotations

import datetime as dt
import ipaddress
import json
import shutil
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

BINARY = "pebble"


def binary() -> str | None:
    return shutil.which(BINARY) or (
        str(Path("/usr/bin/pebble")) if Path("/usr/bin/pebble").exists() else None
    )


def _name(cn: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, cn)])


def _pem(key: ec.EllipticCurvePrivateKey) -> bytes:
    return key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )


def make_certificates(folder: Path) -> tuple[Path, Path, Path]:
    """A local CA and a certificate for localhost/127.0.0.1 signed by it: (ca.pem, cert.pem, key.pem)."""
    folder.mkdir(parents=True, exist_ok=True)
    ca_pem, cert_pem, key_pem = folder / "ca.pem", folder / "cert.pem", folder / "key.pem"
    if ca_pem.exists() and cert_pem.exists() and key_pem.exists():
        return ca_pem, cert_pem, key_pem
    now = dt.datetime.now(dt.UTC)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca = (
        x509.CertificateBuilder()
        .subject_name(_name("Sellflow local pebble CA"))
        .issuer_name(_name("Sellflow local pebble CA"))
        .public_key(ca_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(days=1))
        .not_valid_after(now + dt.timedelta(days=3650))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(
            x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True
        )
        .sign(ca_key, hashes.SHA256())
    )
    key = ec.generate_private_key(ec.SECP256R1())
    cert = (
        x509.CertificateBuilder()
        .subject_name(_name("localhost"))
        .issuer_name(ca.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(days=1))
        .not_valid_after(now + dt.timedelta(days=3650))
        .add_extension(
            x509.SubjectAlternativeName(
                [x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]
            ),
            critical=False,
        )
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .sign(ca_key, hashes.SHA256())
    )
    ca_pem.write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    cert_pem.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_pem.write_bytes(_pem(key))
    return ca_pem, cert_pem, key_pem


def write_config(folder: Path, port: int, management_port: int) -> tuple[Path, Path]:
    """Pebble's config (listening on loopback) and the CA its listener's certificate chains to."""
    ca, cert, key = make_certificates(folder / "tls")
    config = folder / "pebble-config.json"
    config.write_text(
        json.dumps(
            {
                "pebble": {
                    "listenAddress": f"127.0.0.1:{port}",
                    "managementListenAddress": f"127.0.0.1:{management_port}",
                    "certificate": str(cert),
                    "privateKey": str(key),
                    "httpPort": 5002,
                    "tlsPort": 5001,
                    "ocspResponderURL": "",
                    "externalAccountBindingRequired": False,
                }
            },
            indent=2,
        )
    )
    return config, ca


def environment() -> dict[str, str]:
    return {
        "PEBBLE_VA_NOSLEEP": "1",
        "PEBBLE_VA_ALWAYS_VALID": "0",
        "PEBBLE_WFE_NONCEREJECT": "0",
        "PEBBLE_AUTHZREUSE": "0",
    }
