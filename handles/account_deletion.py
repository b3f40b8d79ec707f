"""The API's side of the Account deletion workflow: start it, ask it to check again, confirm, cancel, reactivate,
and read its status; a refused update (not ready, already confirmed) answers 409."""

from __future__ import annotations

from typing import Any

from temporalio.client import Client
from temporalio.common import WorkflowIDConflictPolicy, WorkflowIDReusePolicy
from temporalio.exceptions import WorkflowAlreadyStartedError
from temporalio.service import RPCError

from core.search import attributes
from core.settings import get_settings
from domain.accounts.account_deletion import DeletionInput, DeletionStatus, FlowKind, SubscriptionChoice
from domain.errors import DomainError, ErrorCode, Refusal
from domain.workflow_ids import account_deletion_id
from handles.errors import answered, is_gone
from workflows.account_deletion import AccountDeletionWorkflow


async def started(client: Client, seller_id: int, kind: FlowKind, subscriptions: SubscriptionChoice) -> None:
    s = get_settings()
    try:
        await client.start_workflow(
            AccountDeletionWorkflow.run,
            DeletionInput(
                seller_id=seller_id, flow_kind=kind, subscriptions=subscriptions, day_s=s.billing_day_s
            ),
            id=account_deletion_id(seller_id),
            task_queue=s.temporal_task_queue,
            id_reuse_policy=WorkflowIDReusePolicy.ALLOW_DUPLICATE,
            id_conflict_policy=WorkflowIDConflictPolicy.FAIL,
            search_attributes=attributes(seller_id=seller_id),
        )
    except WorkflowAlreadyStartedError as e:
        raise DomainError(ErrorCode.CONFLICT, "A request to close this account is already running.") from e


def _handle(client: Client, seller_id: int) -> Any:
    return client.get_workflow_handle_for(AccountDeletionWorkflow.run, account_deletion_id(seller_id))


async def status(client: Client, seller_id: int) -> DeletionStatus | None:
    try:
        return await _handle(client, seller_id).query(AccountDeletionWorkflow.status)
    except RPCError as e:
        if is_gone(e):
            return None
        raise


async def _update(client: Client, seller_id: int, update: Any) -> None:
    """An update of the seller's running request; 409 with the refusal's code when it does not apply or none
    runs."""
    await answered(_handle(client, seller_id).execute_update(update), Refusal.deletion_closed)


async def check_again(client: Client, seller_id: int) -> None:
    await _update(client, seller_id, AccountDeletionWorkflow.run_checks_again)


async def end_subscriptions(client: Client, seller_id: int) -> None:
    """The running subscriptions cancelled at the end of their period, asked for after the start."""
    await _update(client, seller_id, AccountDeletionWorkflow.end_running_subscriptions)


async def confirm(client: Client, seller_id: int) -> None:
    await _update(client, seller_id, AccountDeletionWorkflow.confirm)


async def cancel(client: Client, seller_id: int) -> None:
    await _update(client, seller_id, AccountDeletionWorkflow.cancel)


async def reactivate(client: Client, seller_id: int) -> None:
    await _update(client, seller_id, AccountDeletionWorkflow.reactivate)
