"""Retry policies and timeouts, named once. Every workflow takes its activity options from here, so a step's
patience is read in one place (and changed in one place, behind `workflow.patched` if workflows are running)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, TypeVar

from temporalio import workflow
from temporalio.common import RetryPolicy, VersioningBehavior

from domain.workflow_ids import provider_task_queue


class ShortLived:
    """The versioning behaviour of the workflows that end within minutes (core/versioning.py): PINNED once a
    versioned worker says so (`pin_short_lived`, before any workflow runs), else none, because Temporal refuses a
    behaviour from an unversioned worker. Workflow modules read it when the sandbox imports them for a run (it
    re-imports them per run; this module is passed through, so it sees the worker's choice)."""

    behaviour = VersioningBehavior.UNSPECIFIED


def pin_short_lived(versioned: bool) -> None:
    ShortLived.behaviour = VersioningBehavior.PINNED if versioned else VersioningBehavior.UNSPECIFIED


A = TypeVar("A")
R = TypeVar("R")


@dataclass(frozen=True)
class StepPolicy:
    start_to_close: timedelta
    retry: RetryPolicy
    schedule_to_close: timedelta | None = None
    heartbeat: timedelta | None = None  # a long step that heartbeats: lost with its worker after this long


# A payment step on the buyer's path (a local activity): it gives up after 30 s so the buyer gets an answer; the
# attempt stays open, so a retried pay request looks the recorded PaymentIntent up again instead of charging anew.
PAYMENT_STEP = StepPolicy(
    start_to_close=timedelta(seconds=15),
    retry=RetryPolicy(initial_interval=timedelta(milliseconds=200), maximum_interval=timedelta(seconds=3)),
    schedule_to_close=timedelta(seconds=30),
)

# A fulfilment step (a regular activity): short, so a step lost with a killed worker is retried elsewhere
# after at most 10 s; retried until it succeeds (each step is idempotent on the order token).
FULFILMENT_STEP = StepPolicy(
    start_to_close=timedelta(seconds=10),
    retry=RetryPolicy(initial_interval=timedelta(milliseconds=500), maximum_interval=timedelta(seconds=10)),
)

# Mail: SMTP may be down for a while; keep trying for a day, backing off to ten minutes.
MAIL_DELIVERY = StepPolicy(
    start_to_close=timedelta(seconds=30),
    retry=RetryPolicy(initial_interval=timedelta(seconds=1), maximum_interval=timedelta(minutes=10)),
    schedule_to_close=timedelta(days=1),
)

STRIPE = "stripe"  # the provider whose calls have their own task queue (`provider_queue`)

# A renewal charge (a regular activity, off the buyer's path): the provider may throttle a billing storm (429),
# so it backs off up to a minute; exactly-once holds on the recorded intent, however often it is retried.
RENEWAL_STEP = StepPolicy(
    start_to_close=timedelta(seconds=30),
    retry=RetryPolicy(initial_interval=timedelta(seconds=1), maximum_interval=timedelta(minutes=1)),
)

# A certificate order at the ACME server (a regular activity; DNS-01 validation takes seconds to a minute): a CA
# that does not answer is retried with backoff for about an hour; a refused order is not retried (the workflow
# records why, and the seller checks again or the renewal is tried again a day later).
CERTIFICATE_STEP = StepPolicy(
    start_to_close=timedelta(minutes=3),
    retry=RetryPolicy(
        initial_interval=timedelta(seconds=5), maximum_interval=timedelta(minutes=10), maximum_attempts=10
    ),
)

# A bookkeeping step of a long-lived workflow (a regular activity that writes several rows: a rate booked with its
# invoice and mail, a claim closed, a seller's data scrambled, a payout issued): more time per attempt than a
# checkout's fulfilment step, the same retries.
BOOKKEEPING_STEP = StepPolicy(start_to_close=timedelta(seconds=30), retry=FULFILMENT_STEP.retry)

# One attempt to post a seller webhook (a regular activity): the request's own timeout is 10 s; what the endpoint
# answers is the activity's result (the workflow schedules the next attempt), so only our own failures (the
# database) are retried here.
WEBHOOK_ATTEMPT = StepPolicy(start_to_close=timedelta(seconds=30), retry=FULFILMENT_STEP.retry)

# An outbox round (the seller webhooks' dispatcher, the notification mailer): one activity run hands out what is new
# for half a minute, heartbeating; a worker
# that dies with it loses it after 20 s, and another worker's run takes over.
OUTBOX_ROUND = StepPolicy(
    start_to_close=timedelta(minutes=2), retry=FULFILMENT_STEP.retry, heartbeat=timedelta(seconds=20)
)

# A day's purge of one retention scope (batches of 1,000 rows, heartbeating after each).
RETENTION_STEP = StepPolicy(
    start_to_close=timedelta(minutes=10), retry=FULFILMENT_STEP.retry, heartbeat=timedelta(minutes=2)
)

# A long read of a whole period or page (a bookkeeping export's files, a page of sellers' monthly invoices).
BATCH_STEP = StepPolicy(start_to_close=timedelta(seconds=60), retry=FULFILMENT_STEP.retry)


async def run_step(
    activity: Callable[[Any, A], Awaitable[R]], arg: A, policy: StepPolicy, *, task_queue: str | None = None
) -> R:
    """The one way a workflow runs an activity: by typed method reference, with a named policy (on the workflow's
    own task queue, or `task_queue`: a provider's, see `provider_queue`)."""
    return await workflow.execute_activity_method(
        activity,
        arg,
        task_queue=task_queue,
        start_to_close_timeout=policy.start_to_close,
        schedule_to_close_timeout=policy.schedule_to_close,
        heartbeat_timeout=policy.heartbeat,
        retry_policy=policy.retry,
    )


async def run_local_step(activity: Callable[[Any, A], Awaitable[R]], arg: A, policy: StepPolicy) -> R:
    """A step as a local activity, with a named policy: one on a caller's path (the buyer's pay request), or one
    that only writes our own database right after a remote step (a renewal's booking), sparing the server a task."""
    return await workflow.execute_local_activity_method(
        activity,
        arg,
        start_to_close_timeout=policy.start_to_close,
        schedule_to_close_timeout=policy.schedule_to_close,
        retry_policy=policy.retry,
    )


def provider_queue(provider: str) -> str:
    """The task queue of `provider`'s calls beside this workflow's own (`sellflow-stripe`), whose worker runs them
    within the provider's rate limit, one limit for the whole deployment however many workers poll it."""
    return provider_task_queue(workflow.info().task_queue, provider)
