"""Runs the Sellflow worker: every workflow and activity on the one task queue of the settings."""

from __future__ import annotations

import asyncio
import compileall
import contextlib
import signal
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import structlog
from temporalio.client import Client
from temporalio.common import WorkflowIDConflictPolicy
from temporalio.worker import Worker
from temporalio.worker.workflow_sandbox import SandboxedWorkflowRunner, SandboxRestrictions

from activities.account_deletion import AccountDeletionActivities
from activities.checkout import CheckoutActivities
from activities.claim import ClaimActivities
from activities.domains import DomainActivities
from activities.export import ExportActivities
from activities.legitimation import LegitimationActivities
from activities.mail import MailActivities
from activities.notifications import NotificationActivities
from activities.payout import PayoutActivities
from activities.platform_invoices import PlatformInvoiceActivities
from activities.rates import RateActivities
from activities.refund import RefundActivities
from activities.retention import RetentionActivities
from activities.seller_webhooks import WebhookActivities
from activities.subscription import SubscriptionActivities
from core import telemetry
from core.settings import get_settings
from core.temporal import connect, temporal_answers
from core.versioning import deployment_config
from domain.billing.platform_invoices import MonthCloseRequest
from domain.notifications import IncomeClockRequest, NoticeMailRound
from domain.retention import PLATFORM, RetentionRequest
from domain.seller_webhooks import DispatchInput
from domain.workflow_ids import (
    INCOME_CLOCK_ID,
    MONTH_CLOSE_ID,
    NOTIFICATION_MAILS_ID,
    WEBHOOK_DISPATCH_ID,
    provider_task_queue,
    retention_id,
)
from providers.acme.client import certificate_issuer
from providers.bank.client import bank
from providers.dns.resolver import txt_lookup
from providers.dns.zone import dns_zone
from providers.edge.caddy import edge
from providers.inkasso.client import agency
from providers.kyc.client import kyc_provider
from providers.mail.smtp import SmtpMailer
from providers.paypal.client import paypal
from providers.seller_webhooks.sender import webhook_sender
from providers.storage.local import storage
from providers.stripe.client import gateway
from providers.stripe.refunds import refunds
from workflows.account_deletion import AccountDeletionWorkflow
from workflows.checkout import CheckoutWorkflow
from workflows.claim import ClaimWorkflow
from workflows.domains import DomainWorkflow
from workflows.export import ExportWorkflow
from workflows.legitimation import LegitimationWorkflow
from workflows.mail import MailWorkflow
from workflows.notifications import IncomeClockWorkflow, IncomeSummariesWorkflow, NotificationMailsWorkflow
from workflows.payout import PayoutWorkflow
from workflows.platform_invoices import MonthCloseWorkflow, PlatformInvoicesWorkflow
from workflows.policies import STRIPE, pin_short_lived
from workflows.rate_payment import RatePaymentWorkflow
from workflows.refund import RefundWorkflow
from workflows.retention import RetentionWorkflow
from workflows.seller_webhooks import WebhookDeliveryWorkflow, WebhookDispatchWorkflow
from workflows.subscription import SubscriptionWorkflow

WORKFLOWS = [
    CheckoutWorkflow,
    MailWorkflow,
    LegitimationWorkflow,
    RefundWorkflow,
    ExportWorkflow,
    PayoutWorkflow,
    PlatformInvoicesWorkflow,
    MonthCloseWorkflow,
    SubscriptionWorkflow,
    ClaimWorkflow,
    RatePaymentWorkflow,
    DomainWorkflow,
    AccountDeletionWorkflow,
    WebhookDispatchWorkflow,
    WebhookDeliveryWorkflow,
    NotificationMailsWorkflow,
    IncomeClockWorkflow,
    IncomeSummariesWorkflow,
    RetentionWorkflow,
]


def activities() -> list[Callable[..., Any]]:
    """Every activity, with its providers injected: the real Stripe gateway, KYC provider and SMTP mailer."""
    mailer = SmtpMailer.from_settings()
    checkout = CheckoutActivities(gateway(), mailer, paypal())
    legitimation = LegitimationActivities(kyc_provider(), mailer)
    refund = RefundActivities(refunds(), mailer, bank(), paypal())
    payout = PayoutActivities(bank(), mailer)
    subscription = SubscriptionActivities(gateway(), mailer)
    rates = RateActivities(gateway())
    claim = ClaimActivities(mailer, agency())
    domains = DomainActivities(txt_lookup(), dns_zone(), certificate_issuer(), edge())
    closing = AccountDeletionActivities(mailer, storage())
    webhooks = WebhookActivities(webhook_sender(), mailer)
    notices = NotificationActivities(mailer)
    return [
        checkout.ensure_payment_intent,
        checkout.save_card,
        checkout.reserve_free,
        checkout.record_order_started,
        checkout.refresh_payment_intent,
        checkout.cancel_payment_intent,
        checkout.expire_checkout,
        checkout.record_order_paid,
        checkout.issue_invoice,
        checkout.book_seller_balance,
        checkout.grant_access,
        checkout.send_order_mails,
        checkout.start_wire,
        checkout.start_pay_later,
        checkout.pay_later_overdue,
        checkout.settle_pay_later,
        checkout.book_late_transfer,
        checkout.record_transfer_returns,
        checkout.send_wire_mail,
        MailActivities(mailer).deliver_mail,
        legitimation.record,
        legitimation.submit_to_kyc,
        legitimation.send_mail,
        refund.refund_at_provider,
        refund.book_refund,
        refund.release_refund,
        refund.issue_reversal,
        refund.revoke_access,
        refund.send_refund_mails,
        ExportActivities(storage()).build_export,
        payout.load_settings,
        payout.check_payout,
        payout.issue_payout,
        payout.apply_bank_answer,
        PlatformInvoiceActivities().issue_platform_invoices,
        subscription.load_subscription,
        rates.charge_rate,
        rates.record_rate_paid,
        subscription.record_rate_failed,
        rates.owed_on_rate,
        subscription.move_subscription,
        subscription.end_subscription,
        claim.open_claim,
        claim.send_claim_reminder,
        subscription.remind_card_expiry,
        claim.close_claim,
        claim.hand_to_agency,
        claim.record_agency_status,
        claim.book_claim_payment,
        domains.record_domain,
        domains.check_dns,
        domains.check_delegation,
        domains.publish_platform_record,
        domains.issue_certificate,
        domains.serve_certificate,
        domains.remove_domain,
        closing.run_checks,
        closing.take_products_off,
        closing.running_subscriptions,
        closing.record_ending,
        closing.record_confirmed,
        closing.record_canceled,
        closing.deactivate,
        closing.reactivate,
        closing.scramble_personal_data,
        closing.mark_deleted,
        closing.remove_domains,
        closing.send_closing_mail,
        webhooks.dispatch_events,
        webhooks.attempt_delivery,
        webhooks.give_up_delivery,
        notices.mail_notifications,
        notices.write_income_summaries,
        RetentionActivities().purge,
    ]


# The sandbox re-imports a workflow's module for every workflow instance, and with it every module that one
# imports unless that module is passed through (py-spy showed the re-import of everything at about a third of
# the worker's CPU under load). So what the workflow modules import is passed through, by name: `domain` (data
# and pure rules), `workflows.policies` (constants) and `activities` (only their method references are used in a
# workflow; they bring SQLAlchemy, Stripe and structlog, imported once, outside the sandbox). None of these keeps
# module-level state that a workflow could change.
# The workflow modules themselves (`workflows.checkout`, `workflows.mail`) are NOT passed through: the sandbox
# refuses non-deterministic calls (clock, random, I/O) only in code it imported itself, so a passed-through
# workflow module could call `datetime.now()` unnoticed. Re-importing them costs about 4 ms of CPU per checkout
# when no bytecode cache exists (PYTHONDONTWRITEBYTECODE; measured with fake activities), less with one; end to
# end (bench/checkout.py) the difference is within the run-to-run noise. Under a billing storm it is not: with
# thousands of Subscriptions created and replayed, compiling their modules was 18% of the worker's CPU (py-spy),
# so the worker writes their bytecode once at start (`compile_workflows`), whatever PYTHONDONTWRITEBYTECODE says.
PASSTHROUGH = ("domain", "workflows.policies", "activities")
RUNNER = SandboxedWorkflowRunner(
    restrictions=SandboxRestrictions.default.with_passthrough_modules(*PASSTHROUGH)
)


def compile_workflows() -> None:
    """Bytecode for the workflow modules, which the sandbox imports again for every workflow instance (a
    read-only install that ships its bytecode needs nothing)."""
    import workflows

    with contextlib.suppress(OSError):
        compileall.compile_dir(Path(workflows.__file__).parent, quiet=2)


def provider_worker(client: Client, charges: list[Callable[..., Any]], rps: float) -> Worker:
    """The worker of the provider's task queue (`sellflow-stripe`): the provider's calls that workflows send there,
    at most `rps` a second for the whole deployment (the server hands out that many activity tasks a second to all
    of this queue's pollers together); a 429 the provider still answers backs off in the activity's retry policy."""
    return Worker(
        client,
        task_queue=provider_task_queue(get_settings().temporal_task_queue, STRIPE),
        activities=charges,
        max_concurrent_activities=100,
        max_task_queue_activities_per_second=rps,
        deployment_config=deployment_config(get_settings()),
    )


def build(client: Client, role: str = "all") -> Worker:
    """The worker of the settings' task queue for `role` (`worker_role`): `workflows` polls workflow tasks only and
    runs their local activities; `activities` polls activity tasks only; `all` both."""
    versioning = deployment_config(get_settings())
    pin_short_lived(versioning is not None)  # before any workflow runs (workflows/policies.py)
    workflows = role != "activities"
    return Worker(
        client,
        task_queue=get_settings().temporal_task_queue,
        workflows=WORKFLOWS if workflows else [],
        activities=activities(),
        workflow_runner=RUNNER,
        max_concurrent_activities=100,
        max_concurrent_local_activities=100,
        max_cached_workflows=get_settings().worker_max_cached_workflows if workflows else 0,
        sticky_queue_schedule_to_start_timeout=timedelta(seconds=get_settings().worker_sticky_timeout_s),
        no_remote_activities=role == "workflows",
        deployment_config=versioning,
    )


async def run() -> None:
    role = get_settings().worker_role
    telemetry.setup("worker" if role == "all" else f"worker-{role}")
    if role != "activities":
        compile_workflows()
    client = await connect()
    workers = [build(client, role)]
    if role != "workflows":  # the provider's queue is one of activities
        workers.append(
            provider_worker(
                client,
                [RateActivities(gateway()).charge_rate],
                get_settings().stripe_queue_rps,
            )
        )
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    structlog.get_logger().info("worker_started", task_queue=get_settings().temporal_task_queue, role=role)
    probes = await health_server(client, get_settings().worker_health_port)
    async with contextlib.AsyncExitStack() as running:
        for w in workers:
            await running.enter_async_context(w)
        await start_month_close(client)
        await start_webhook_dispatch(client)
        await start_notification_workflows(client)
        await stop.wait()
    if probes is not None:
        probes.close()


async def start_month_close(client: Client) -> None:
    """The one month-close scheduler, started by whichever worker comes up first (the id is the business key)."""
    await client.start_workflow(
        MonthCloseWorkflow.run,
        MonthCloseRequest(),
        id=MONTH_CLOSE_ID,
        task_queue=get_settings().temporal_task_queue,
        id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
    )


async def start_webhook_dispatch(client: Client) -> None:
    """The one seller-webhook dispatcher, started by whichever worker comes up first."""
    await client.start_workflow(
        WebhookDispatchWorkflow.run,
        DispatchInput(poll_s=get_settings().webhook_poll_s),
        id=WEBHOOK_DISPATCH_ID,
        task_queue=get_settings().temporal_task_queue,
        id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
    )


async def start_notification_workflows(client: Client) -> None:
    """The one notification mailer, the one income-summary clock and the platform's retention, started by whichever
    worker comes first."""
    tq = get_settings().temporal_task_queue
    await client.start_workflow(
        NotificationMailsWorkflow.run,
        NoticeMailRound(poll_s=get_settings().webhook_poll_s),
        id=NOTIFICATION_MAILS_ID,
        task_queue=tq,
        id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
    )
    await client.start_workflow(
        IncomeClockWorkflow.run,
        IncomeClockRequest(),
        id=INCOME_CLOCK_ID,
        task_queue=tq,
        id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
    )
    # the platform's retention, which starts every seller's own (workflows/retention.py)
    await client.start_workflow(
        RetentionWorkflow.run,
        RetentionRequest(PLATFORM),
        id=retention_id(PLATFORM),
        task_queue=tq,
        id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
    )


async def health_server(client: Client, port: int) -> asyncio.Server | None:
    """`GET /healthz` (the process runs) and `GET /readyz` (Temporal answers) on `port`, for the orchestrator's
    probes (deploy/production/worker.yaml); none when the port is 0. Plain HTTP/1.0, one answer per connection."""
    if not port:
        return None

    async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            line = (await asyncio.wait_for(reader.readline(), 5)).decode("latin-1")
            path = line.split(" ")[1] if line.count(" ") >= 2 else ""
            ok = path == "/healthz"
            if path == "/readyz":
                ok = await temporal_answers(client)
            status = "200 OK" if ok else ("503 Service Unavailable" if path == "/readyz" else "404 Not Found")
            body = b"ok\n" if ok else b"no\n"
            writer.write(f"HTTP/1.0 {status}\r\nContent-Length: {len(body)}\r\n\r\n".encode() + body)
            await writer.drain()
        except (TimeoutError, OSError, IndexError):
            pass
        finally:
            writer.close()

    return await asyncio.start_server(answer, "0.0.0.0", port)  # noqa: S104 - the pod's probe port
