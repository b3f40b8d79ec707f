"""Runs the Sellflow worker: every workflow and activity on the one task queue of the settings."""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Callable
from typing import Any

import structlog
from temporalio.client import Client
from temporalio.worker import Worker
from temporalio.worker.workflow_sandbox import SandboxedWorkflowRunner, SandboxRestrictions

from activities.checkout import CheckoutActivities
from activities.mail import MailActivities
from providers.mail.smtp import SmtpMailer
from providers.stripe.client import gateway
from sellflow import telemetry
from sellflow.settings import get_settings
from sellflow.temporal import connect
from workflows.checkout import CheckoutWorkflow
from workflows.mail import MailWorkflow

WORKFLOWS = [CheckoutWorkflow, MailWorkflow]


def activities() -> list[Callable[..., Any]]:
    """Every activity, with its providers injected: the real Stripe gateway and SMTP mailer."""
    mailer = SmtpMailer.from_settings()
    checkout = CheckoutActivities(gateway(), mailer)
    return [
        checkout.ensure_payment_intent,
        checkout.refresh_payment_intent,
        checkout.cancel_payment_intent,
        checkout.expire_checkout,
        checkout.record_order_paid,
        checkout.issue_invoice,
        checkout.book_seller_balance,
        checkout.grant_access,
        checkout.send_order_mails,
        MailActivities(mailer).deliver_mail,
    ]


# Sellflow's own workflow-side modules are passed through the sandbox instead of being re-imported for every
# workflow instance (py-spy showed the re-import at about a third of the worker's CPU under load). The sandbox
# still refuses non-deterministic calls (clock, random, I/O) at run time; what it no longer isolates is
# module-level state, and these keep none (constants only). Activity modules come in through
# `workflow.unsafe.imports_passed_through()` in the workflow modules, with everything they import.
PASSTHROUGH = ("domain", "workflows", "activities")
RUNNER = SandboxedWorkflowRunner(
    restrictions=SandboxRestrictions.default.with_passthrough_modules(*PASSTHROUGH)
)


def build(client: Client) -> Worker:
    return Worker(
        client,
        task_queue=get_settings().temporal_task_queue,
        workflows=WORKFLOWS,
        activities=activities(),
        workflow_runner=RUNNER,
        max_concurrent_activities=100,
        max_concurrent_local_activities=100,
    )


async def run() -> None:
    telemetry.setup("worker")
    client = await connect()
    worker = build(client)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    structlog.get_logger().info("worker_started", task_queue=get_settings().temporal_task_queue)
    async with worker:
        await stop.wait()
