"""The one way to connect to Temporal (the API's client and the worker's), with tracing carried across; plain gRPC
locally, TLS or mTLS to a cluster, and mTLS or an API key to Temporal Cloud, by settings alone."""

from __future__ import annotations

import asyncio
import contextlib
from functools import lru_cache
from pathlib import Path
from typing import Any

from temporalio.client import Client
from temporalio.common import WorkflowIDConflictPolicy, WorkflowIDReusePolicy
from temporalio.contrib.opentelemetry import TracingInterceptor
from temporalio.exceptions import WorkflowAlreadyStartedError
from temporalio.runtime import OpenTelemetryConfig, Runtime, TelemetryConfig
from temporalio.service import TLSConfig

from core.search import attributes
from core.settings import Settings, get_settings


def _pem(path: str) -> bytes | None:
    return Path(path).read_bytes() if path else None


def tls_config(s: Settings) -> TLSConfig | bool:
    """What `Client.connect` takes as `tls`: False for plain gRPC; True for TLS with the system's CAs (Temporal
    Cloud with an API key); a TLSConfig naming a CA, a client certificate (mTLS) or the server's name."""
    custom = s.temporal_tls_ca or s.temporal_tls_cert or s.temporal_tls_server_name
    if not (s.temporal_tls or s.temporal_api_key or custom):
        return False
    if not custom:
        return True
    return TLSConfig(
        server_root_ca_cert=_pem(s.temporal_tls_ca),
        client_cert=_pem(s.temporal_tls_cert),
        client_private_key=_pem(s.temporal_tls_key),
        domain=s.temporal_tls_server_name or None,
    )


@lru_cache(maxsize=1)
def runtime() -> Runtime | None:
    """With `SELLFLOW_OTEL_EXPORTER=otlp`, a runtime that sends the SDK's metrics (workflow and activity task
    latencies, failures, poller and slot figures) to the same collector; otherwise the default runtime."""
    s = get_settings()
    if s.otel_exporter != "otlp":
        return None
    return Runtime(
        telemetry=TelemetryConfig(
            metrics=OpenTelemetryConfig(url=f"{s.otel_endpoint.rstrip('/')}/v1/metrics", http=True),
            global_tags={"service": "sellflow"},
        )
    )


async def connect() -> Client:
    s = get_settings()
    return await Client.connect(
        s.temporal_address,
        namespace=s.temporal_namespace,
        interceptors=[TracingInterceptor()],
        tls=tls_config(s),
        api_key=s.temporal_api_key or None,
        runtime=runtime(),
    )


async def temporal_answers(client: Client, timeout_s: float = 2.0) -> bool:
    """Whether the Temporal server answers its health check within `timeout_s` (the API's and the worker's
    readiness probes)."""
    try:
        async with asyncio.timeout(timeout_s):
            return await client.service_client.check_health()
    except Exception:  # noqa: BLE001 - any failure means not ready
        return False


async def started_once(
    client: Client, workflow: Any, arg: Any, *, id: str, seller_id: int | None = None
) -> None:
    """Starts `workflow` (its run method, or its name where the caller may not import it) under its business-key
    id, once: a running one is kept (a retried request finds it), a finished one is never run again."""
    with contextlib.suppress(WorkflowAlreadyStartedError):
        await client.start_workflow(
            workflow,
            arg,
            id=id,
            task_queue=get_settings().temporal_task_queue,
            id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
            id_reuse_policy=WorkflowIDReusePolicy.REJECT_DUPLICATE,
            search_attributes=attributes(seller_id=seller_id),
        )
