"""Retry policies and timeouts, named once. Every workflow takes its activity options from here."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from temporalio.common import RetryPolicy


@dataclass(frozen=True)
class StepPolicy:
    start_to_close: timedelta
    retry: RetryPolicy
    schedule_to_close: timedelta | None = None


# Mail: SMTP may be down for a while; keep trying for a day, backing off to ten minutes.
MAIL_DELIVERY = StepPolicy(
    start_to_close=timedelta(seconds=30),
    retry=RetryPolicy(initial_interval=timedelta(seconds=1), maximum_interval=timedelta(minutes=10)),
    schedule_to_close=timedelta(days=1),
)
