"""Runs the Sellflow worker: every workflow and activity on the one task queue of the settings."""

from __future__ import annotations

import asyncio
import signal

import structlog
from temporalio.client import Client
from temporalio.contrib.opentelemetry import TracingInterceptor
from temporalio.worker import Worker
from temporalio.worker.workflow_sandbox import SandboxedWorkflowRunner, SandboxRestrictions

from activities.checkout import ALL as CHECKOUT_ACTIVITIES
from activities.mail import MailActivities
from providers.mail.smtp import SmtpMailer
from sellflow import telemetry
from sellflow.settings import get_settings
from workflows.checkout import CheckoutWorkflow
from workflows.mail import MailWorkflow

WORKFLOWS = [CheckoutWorkflow, MailWorkflow]


def activities() -> list:
    """Every activity, with its providers injected."""
    return [*CHECKOUT_ACTIVITIES, MailActivities(SmtpMailer.from_settings()).deliver_mail]


async def connect() -> Client:
    s = get_settings()
    return await Client.connect(
        s.temporal_address, namespace=s.temporal_namespace, interceptors=[TracingInterceptor()]
    )


# Modules are passed through the sandbox instead of being re-imported for every workflow instance (py-spy
# showed the re-import at about a third of the worker's CPU under load). The sandbox still refuses
# non-deterministic calls (clock, random, I/O) at run time; what it no longer isolates is module-level state,
# and `workflows/` and `domain/` keep none (constants only).
RUNNER = SandboxedWorkflowRunner(restrictions=SandboxRestrictions.default.with_passthrough_all_modules())


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
