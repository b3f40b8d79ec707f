"""The figures the operations dashboard shows are counted, and the dashboard asks only for figures Sellflow
counts (deploy/observability/sellflow-dashboard.json; its Prometheus names are the instruments' with `_total`)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from opentelemetry import metrics
from opentelemetry.sdk.metrics import MeterProvider
from opentelemetry.sdk.metrics.export import InMemoryMetricReader

from core import metrics as sellflow_metrics

DASHBOARD = Path(__file__).resolve().parents[3] / "deploy" / "observability" / "sellflow-dashboard.json"
# the instruments' names as core/metrics.py creates them
COUNTED = set(re.findall(r'create_counter\(\s*"([^"]+)"', Path(sellflow_metrics.__file__).read_text()))


def _prometheus(instrument_name: str) -> str:
    return instrument_name.replace(".", "_") + "_total"


def test_the_dashboard_asks_only_for_counted_figures_and_shows_each():
    panels = json.loads(DASHBOARD.read_text())["panels"]
    asked = {
        m for p in panels for t in p["targets"] for m in re.findall(r"\bsellflow_\w+_total\b", t["expr"])
    }
    counted = {_prometheus(name) for name in COUNTED}
    assert len(counted) == 5
    assert asked == counted
    titles = " ".join(p["title"] for p in panels).lower()
    for figure in ("payments per minute", "declined", "renewals due", "claims per stage", "webhook"):
        assert figure in titles


def test_a_counted_figure_reaches_the_exporter():
    reader = InMemoryMetricReader()
    metrics.set_meter_provider(MeterProvider(metric_readers=[reader]))
    sellflow_metrics.WEBHOOK_ATTEMPTS.add(1, {"outcome": "retry"})
    sellflow_metrics.WEBHOOK_ATTEMPTS.add(2, {"outcome": "retry"})
    data = reader.get_metrics_data()
    points = {
        m.name: [(dict(p.attributes), p.value) for p in m.data.data_points]
        for rm in data.resource_metrics
        for sm in rm.scope_metrics
        for m in sm.metrics
    }
    assert points["sellflow.webhook.attempts"] == [({"outcome": "retry"}, 3)]
