"""The figures an operator watches (issue 24; deploy/observability/sellflow-dashboard.json), as OpenTelemetry
metrics: exported over OTLP with `SELLFLOW_OTEL_EXPORTER=otlp`, a no-op otherwise (the instruments cost a
dictionary look-up). Counted where the fact is recorded, once per recording (an activity retried after its
commit counts again: these are rates to watch, the ledger is the account)."""

from __future__ import annotations

from opentelemetry import metrics

_meter = metrics.get_meter("sellflow")

# every payment attempt the buyer's pay request or a renewal makes, by outcome (paid, declined, failed) and path
PAYMENTS = _meter.create_counter(
    "sellflow.payments", unit="{payment}", description="payment attempts by outcome"
)
# renewals whose day came (a charge was attempted) and those that were paid
RENEWALS_DUE = _meter.create_counter(
    "sellflow.renewals.due", unit="{rate}", description="rates whose day came"
)
RENEWALS_PAID = _meter.create_counter(
    "sellflow.renewals.paid", unit="{rate}", description="rates paid on their day"
)
# dunning: claims opened, each reminder stage reached, and how claims closed
CLAIMS = _meter.create_counter("sellflow.claims", unit="{claim}", description="claims by stage reached")
# seller webhook attempts by outcome (delivered, retry, refused, endpoint_off)
WEBHOOK_ATTEMPTS = _meter.create_counter(
    "sellflow.webhook.attempts", unit="{attempt}", description="seller webhook attempts by outcome"
)
