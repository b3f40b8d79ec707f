"""Tracing and structured logs, set up once per process (API and worker).

Traces: OpenTelemetry spans from the API request through the Temporal client (TracingInterceptor) into the
workflow and its activities. Exporter by setting: none (spans still propagate), console, or memory (tests).
Logs: structlog JSON lines carrying order_token, workflow_id and request ids; never secrets.
"""

from __future__ import annotations

import logging

import structlog
from opentelemetry import trace
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import ConsoleSpanExporter, SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from sellflow.settings import get_settings

MEMORY = InMemorySpanExporter()
_done = False


def setup(service: str) -> None:
    global _done
    if _done:
        return
    _done = True
    provider = TracerProvider(resource=Resource.create({"service.name": f"sellflow-{service}"}))
    exporter = get_settings().otel_exporter
    if exporter == "console":
        provider.add_span_processor(SimpleSpanProcessor(ConsoleSpanExporter()))
    elif exporter == "memory":
        provider.add_span_processor(SimpleSpanProcessor(MEMORY))
    trace.set_tracer_provider(provider)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            structlog.processors.EventRenamer("msg"),
            structlog.processors.JSONRenderer(),
        ],
        logger_factory=structlog.PrintLoggerFactory(),
        cache_logger_on_first_use=True,
    )
    structlog.contextvars.bind_contextvars(service=service)
