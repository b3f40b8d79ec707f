"""The one way to connect to Temporal (the API's client and the worker's), with tracing carried across."""

from __future__ import annotations

from temporalio.client import Client
from temporalio.contrib.opentelemetry import TracingInterceptor

from core.settings import get_settings


async def connect() -> Client:
    s = get_settings()
    return await Client.connect(
        s.temporal_address, namespace=s.temporal_namespace, interceptors=[TracingInterceptor()]
    )
