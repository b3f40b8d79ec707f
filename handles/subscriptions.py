"""The API's side of the Subscription, Claim and RatePayment workflows. What a seller or payer asks for is an update:
refused with 409 and the refusal's code when it does not apply (or the workflow has ended); the chargeback's cancel
and the agency's reports are signals (a webhook is acknowledged whatever the workflow makes of it)."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from temporalio.client import Client, WorkflowFailureError
from temporalio.common import WorkflowIDConflictPolicy, WorkflowIDReusePolicy
from temporalio.service import RPCError

from core.search import attributes
from core.settings import get_settings
from domain.billing.inkasso import AgencyEvent
from domain.billing.subscriptions import Cancel, CancelMode, RatePaymentInput, RatePaymentResult
from domain.errors import DomainError, ErrorCode, Refusal
from domain.keys import chargeback_request_id
from domain.workflow_ids import claim_id, rate_payment_id, subscription_id
from handles.errors import answered, is_gone
from workflows.claim import ClaimWorkflow
from workflows.rate_payment import RatePaymentWorkflow
from workflows.subscription import SubscriptionWorkflow


def _subscription(client: Client, token: str):  # noqa: ANN202 - a typed workflow handle
    return client.get_workflow_handle_for(SubscriptionWorkflow.run, subscription_id(token))


def _claim(client: Client, token: str, rate: int):  # noqa: ANN202 - a typed workflow handle
    return client.get_workflow_handle_for(ClaimWorkflow.run, claim_id(token, rate))


async def paused(client: Client, token: str) -> str:
    return await answered(
        _subscription(client, token).execute_update(SubscriptionWorkflow.pause_payments),
        Refusal.subscription_ended,
    )


async def resumed(client: Client, token: str) -> str:
    return await answered(
        _subscription(client, token).execute_update(SubscriptionWorkflow.resume_payments),
        Refusal.subscription_ended,
    )


async def canceled(client: Client, token: str, mode: CancelMode, request_id: str) -> str:
    """`request_id` (the request's Idempotency-Key) makes a repeated request get the first one's answer."""
    return await answered(
        _subscription(client, token).execute_update(
            SubscriptionWorkflow.cancel_payments, Cancel(mode, request_id)
        ),
        Refusal.subscription_ended,
    )


async def card_changed(client: Client, token: str) -> str:
    """The payer saved another card: every open claim charges it at once."""
    return await answered(
        _subscription(client, token).execute_update(SubscriptionWorkflow.change_card),
        Refusal.subscription_ended,
    )


async def canceled_by_chargeback(client: Client, token: str, dispute_id: str) -> bool:
    """A dispute ends the subscription at once (a signal: the webhook is acknowledged either way); False when none
    runs."""
    try:
        await _subscription(client, token).signal(
            SubscriptionWorkflow.cancel, Cancel(CancelMode.now, chargeback_request_id(dispute_id))
        )
    except RPCError as e:
        if is_gone(e):
            return False
        raise
    return True


async def claim_paused(client: Client, token: str, rate: int, pause: bool) -> str:
    update = ClaimWorkflow.pause_reminders if pause else ClaimWorkflow.resume_reminders
    return await answered(_claim(client, token, rate).execute_update(update), Refusal.claim_closed)


async def claim_resolved(client: Client, token: str, rate: int, outcome: str) -> str:
    return await answered(
        _claim(client, token, rate).execute_update(ClaimWorkflow.resolve_claim, outcome), Refusal.claim_closed
    )


RATE_PAYMENT_WAIT_S = 60


async def rate_payment(
    client: Client, token: str, rate: int, seller_id: int | None = None
) -> RatePaymentResult:
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
        search_attributes=attributes(seller_id=seller_id, order_token=token),
    )
    try:
        return await asyncio.wait_for(handle.result(), RATE_PAYMENT_WAIT_S)
    except (TimeoutError, WorkflowFailureError) as e:
        raise DomainError(
            ErrorCode.MS_UNAVAILABLE,
            "The payment could not be finished right now; reload the page in a moment. "
            "You will not be charged twice.",
        ) from e


async def agency_reported(client: Client, reference: str, event: AgencyEvent) -> bool:
    """The agency's event to the claim's workflow (`claim-{token}-{rate}` is the reference); False when that
    claim has ended or never existed."""
    try:
        await client.get_workflow_handle(reference).signal(ClaimWorkflow.agency_event, event)
    except RPCError as e:
        if is_gone(e):
            return False
        raise
    return True
