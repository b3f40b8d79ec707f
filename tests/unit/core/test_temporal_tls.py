"""How the worker and the API reach Temporal, by settings alone: plain gRPC locally, TLS with a CA or mTLS to a
cluster, and TLS with the system's CAs for Temporal Cloud's API key."""

from __future__ import annotations

from temporalio.service import TLSConfig

from core.settings import Settings
from core.temporal import tls_config


def test_the_local_stack_speaks_plain_grpc():
    assert tls_config(Settings(env="local")) is False


def test_an_api_key_alone_uses_tls_with_the_systems_cas():
    assert tls_config(Settings(env="local", temporal_api_key="key")) is True
    assert tls_config(Settings(env="local", temporal_tls=True)) is True


def test_a_cluster_s_ca_and_a_client_certificate_make_mtls(tmp_path):
    (tmp_path / "ca.pem").write_bytes(b"CA")
    (tmp_path / "c.pem").write_bytes(b"CERT")
    (tmp_path / "c.key").write_bytes(b"KEY")
    tls = tls_config(
        Settings(
            env="local",
            temporal_tls_ca=str(tmp_path / "ca.pem"),
            temporal_tls_cert=str(tmp_path / "c.pem"),
            temporal_tls_key=str(tmp_path / "c.key"),
            temporal_tls_server_name="temporal.internal",
        )
    )
    assert isinstance(tls, TLSConfig)
    assert (tls.server_root_ca_cert, tls.client_cert, tls.client_private_key, tls.domain) == (
        b"CA",
        b"CERT",
        b"KEY",
        "temporal.internal",
    )
