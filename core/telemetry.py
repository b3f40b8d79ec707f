"""Tracing and structured logs, set up once per process (API and worker).

Traces: OpenTelemetry spans from the API request through the Temporal client (TracingInterceptor) into the
workflow and its activities. Exporter by setting: none (spans still propagate), console, file (JSON lines
in `{data_dir}/traces-{service}.jsonl`, which the tests read to follow one checkout across processes), or otlp:
spans and the metrics of core/metrics.py to an OpenTelemetry collector over OTLP/HTTP, and the Temporal SDK's own
metrics (core/temporal.py) beside them.
Logs: structlog JSON lines carrying order_token, workflow_id and request ids; never secrets.
"""

from __future__ import annotations

import json
import logging
from collections.abc import MutableMapping, Sequence
from pathlib import Path
from typing import Any

import structlog
from opentelemetry import metrics, trace
from opentelemetry.exporter.otlp.proto.http.metric_exporter import OTLPMetricExporter
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.sdk.metrics import MeterProvider
from opentelemetry.sdk.metrics.export import PeriodicExportingMetricReader
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import (
    BatchSpanProcessor,
    ConsoleSpanExporter,
    SimpleSpanProcessor,
    SpanExporter,
    SpanExportResult,
)
from temporalio import activity

from core.settings import get_settings

_done = False


class JsonLinesExporter(SpanExporter):
    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path

    def export(self, spans: Sequence[ReadableSpan]) -> SpanExportResult:
        with self.path.open("a") as f:
            for span in spans:
                ctx = span.get_span_context()
                if ctx is None:
                    continue
                parent = span.parent
                f.write(
                    json.dumps(
                        {
                            "name": span.name,
                            "trace_id": f"{ctx.trace_id:032x}",
                            "span_id": f"{ctx.span_id:016x}",
                            "parent_id": f"{parent.span_id:016x}" if parent else None,
                            "attributes": {k: str(v) for k, v in (span.attributes or {}).items()},
                            # the traces this span is linked to (an update's handler: the request that sent it)
                            "links": [f"{x.context.trace_id:032x}" for x in span.links],
                        }
                    )
                    + "\n"
                )
        return SpanExportResult.SUCCESS


def _temporal_context(_: object, __: str, event: MutableMapping[str, Any]) -> MutableMapping[str, Any]:
    """Every log line written inside an activity carries its workflow id and activity type."""
    try:
        info = activity.info()
    except RuntimeError:
        return event
    event.setdefault("workflow_id", info.workflow_id)
    event.setdefault("activity", info.activity_type)
    return event


def setup(service: str) -> None:
    global _done
    if _done:
        return
    _done = True
    resource = Resource.create({"service.name": f"sellflow-{service}"})
    provider = TracerProvider(resource=resource)
    exporter = get_settings().otel_exporter
    if exporter == "console":
        provider.add_span_processor(SimpleSpanProcessor(ConsoleSpanExporter()))
    elif exporter == "otlp":
        endpoint = get_settings().otel_endpoint.rstrip("/")
        provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter(endpoint=f"{endpoint}/v1/traces")))
        reader = PeriodicExportingMetricReader(OTLPMetricExporter(endpoint=f"{endpoint}/v1/metrics"))
        metrics.set_meter_provider(MeterProvider(resource=resource, metric_readers=[reader]))
    elif exporter == "file":
        provider.add_span_processor(
            SimpleSpanProcessor(JsonLinesExporter(get_settings().data_dir / f"traces-{service}.jsonl"))
        )
    trace.set_tracer_provider(provider)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    # a line per provider request from each of the two clients (three per Stripe call) said nothing our own
    # events do not; their warnings and errors still show
    for noisy in ("httpx", "stripe"):
        logging.getLogger(noisy).setLevel(logging.WARNING)
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            _temporal_context,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            structlog.processors.EventRenamer("msg"),
            structlog.processors.JSONRenderer(),
        ],
        logger_factory=structlog.PrintLoggerFactory(),
        cache_logger_on_first_use=True,
    )
    structlog.contextvars.bind_contextvars(service=service)
