"""The API's side of the Subscription and Claim workflows: signals, each refused with a clear 409 when the
workflow has ended (or never ran)."""

from __future__ import annotations

from typing import Any

from temporalio.client import Client
from temporalio.service import RPCError, RPCStatusCode

from domain.errors import DomainError, ErrorCode
from domain.inkasso import AgencyEvent
from domain.workflow_ids import claim_id, subscription_id
from workflows.claim import ClaimWorkflow
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
