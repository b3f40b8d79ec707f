"""The API's side of the Subscription and Claim workflows: signals, each refused with a clear 409 when the
workflow has ended (or never ran)."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

from temporalio.client import Client, WorkflowFailureError
from temporalio.common import WorkflowIDConflictPolicy, WorkflowIDReusePolicy
from temporalio.service import RPCError, RPCStatusCode

from domain.errors import DomainError, ErrorCode
from domain.inkasso import AgencyEvent
from domain.subscriptions import RatePaymentInput, RatePaymentResult
from domain.workflow_ids import claim_id, rate_payment_id, subscription_id
from sellflow.settings import get_settings
from workflows.claim import ClaimWorkflow
from workflows.rate_payment import RatePaymentWorkflow
from workflows.subscription import SubscriptionWorkflow


async def _signal(client: Client, workflow_id: str, signal: Any, arg: Any, gone: str) -> None:
    try:
        handle = client.get_workflow_handle(workflow_id)
        if arg is None:
            await handle.signal(signal)
        else:
            await handle.signal(signal, arg)
    except RPCError as e:
        if e.status in (RPCStatusCode.NOT_FOUND, RPCStatusCode.FAILED_PRECONDITION):
            raise DomainError(ErrorCode.CONFLICT, gone) from e
        raise


async def signal_subscription(client: Client, token: str, signal: Any, arg: Any = None) -> None:
    await _signal(client, subscription_id(token), signal, arg, "This order has no running subscription.")


async def signal_claim(client: Client, token: str, rate: int, signal: Any, arg: Any = None) -> None:
    await _signal(client, claim_id(token, rate), signal, arg, "This claim is closed.")


RATE_PAYMENT_WAIT_S = 60


async def rate_payment(client: Client, token: str, rate: int) -> RatePaymentResult:
    """Starts `rate-payment-{token}-{rate}`, or joins the run in progress (two clicks, one charge), and waits for
    its answer; a run that ended (declined) is followed by a new one with the next attempt."""
    handle = await client.start_workflow(
        RatePaymentWorkflow.run,
        RatePaymentInput(token, rate),
        id=rate_payment_id(token, rate),
        task_queue=get_settings().temporal_task_queue,
        id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
        id_reuse_policy=WorkflowIDReusePolicy.ALLOW_DUPLICATE,
        execution_timeout=timedelta(hours=1),
    )
    try:
        return await asyncio.wait_for(handle.result(), RATE_PAYMENT_WAIT_S)
    except (TimeoutError, WorkflowFailureError) as e:
        raise DomainError(
            ErrorCode.MS_UNAVAILABLE,
            "The payment could not be finished right now; reload the page in a moment. "
            "You will not be charged twice.",
        ) from e


SUBSCRIPTION_SIGNALS = {
    "pause": SubscriptionWorkflow.pause,
    "resume": SubscriptionWorkflow.resume,
}
CLAIM_SIGNALS = {
    "pause_dunning": ClaimWorkflow.pause_dunning,
    "resume_dunning": ClaimWorkflow.resume_dunning,
}


async def agency_reported(client: Client, reference: str, event: AgencyEvent) -> bool:
    """The agency's event to the claim's workflow (`claim-{token}-{rate}` is the reference); False when that
    claim has ended or never existed."""
    try:
        await client.get_workflow_handle(reference).signal(ClaimWorkflow.agency_event, event)
    except RPCError as e:
        if e.status in (RPCStatusCode.NOT_FOUND, RPCStatusCode.FAILED_PRECONDITION):
            return False
        raise
    return True
