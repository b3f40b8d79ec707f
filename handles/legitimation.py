"""The API's side of the Legitimation workflow: start it with the first saved profile, then signal it."""

from __future__ import annotations

from temporalio.client import Client
from temporalio.common import WorkflowIDReusePolicy
from temporalio.exceptions import WorkflowAlreadyStartedError
from temporalio.service import RPCError

from core.search import attributes
from core.settings import get_settings
from domain.errors import Refusal
from domain.keys import seller_of_kyc_reference
from domain.legitimation.legitimation import (
    KycAnswer,
    LegitimationInput,
    LimitChange,
    ManagerDecision,
    ProfileFacts,
)
from domain.workflow_ids import legitimation_id
from handles.errors import answered, is_gone
from workflows.legitimation import LegitimationWorkflow


def seller_of_reference(reference: str) -> int | None:
    return seller_of_kyc_reference(reference)


async def profile_saved(client: Client, seller_id: int, facts: ProfileFacts) -> bool:
    """Signal-with-start: the first saved profile starts `legitimation-{seller id}`, later ones inform it. A
    finished legitimation (rejected) is never started again. False when there is no running workflow."""
    s = get_settings()
    try:
        await client.start_workflow(
            LegitimationWorkflow.run,
            LegitimationInput(
                seller_id=seller_id, day_s=s.legitimation_day_s, reminder_days=s.legitimation_reminder_days
            ),
            id=legitimation_id(seller_id),
            task_queue=s.temporal_task_queue,
            id_reuse_policy=WorkflowIDReusePolicy.REJECT_DUPLICATE,
            start_signal=LegitimationWorkflow.profile_saved.__name__,
            start_signal_args=[facts],
            search_attributes=attributes(seller_id=seller_id),
        )
    except WorkflowAlreadyStartedError:
        return False
    return True


def _handle(client: Client, seller_id: int):  # noqa: ANN202 - a typed workflow handle
    return client.get_workflow_handle_for(LegitimationWorkflow.run, legitimation_id(seller_id))


async def submitted(client: Client, seller_id: int) -> None:
    await answered(
        _handle(client, seller_id).execute_update(LegitimationWorkflow.submit_for_review),
        Refusal.legitimation_closed,
    )


async def decided(client: Client, seller_id: int, decision: ManagerDecision) -> None:
    await answered(
        _handle(client, seller_id).execute_update(LegitimationWorkflow.decide_review, decision),
        Refusal.legitimation_closed,
    )


async def limit_set(client: Client, seller_id: int, change: LimitChange) -> None:
    await answered(
        _handle(client, seller_id).execute_update(LegitimationWorkflow.change_limit, change),
        Refusal.legitimation_closed,
    )


async def kyc_answered(client: Client, seller_id: int, answer: KycAnswer) -> bool:
    """False when the seller has no running legitimation (the answer is stored and acknowledged anyway)."""
    try:
        await _handle(client, seller_id).signal(LegitimationWorkflow.kyc_answered, answer)
    except RPCError as e:
        if is_gone(e):
            return False
        raise
    return True
