"""The API's side of the Domain SSL workflow (`domain-{domain id}`): every call is a signal-with-start, so a
domain whose workflow was never started (the API stopped between the commit and the start) gets one with the
seller's next action."""

from __future__ import annotations

from typing import Protocol

from temporalio.client import Client, WithStartWorkflowOperation
from temporalio.common import WorkflowIDConflictPolicy, WorkflowIDReusePolicy
from temporalio.exceptions import WorkflowAlreadyStartedError
from temporalio.service import RPCError

from core.search import attributes
from core.settings import get_settings
from domain.domains import DomainInput, DomainKind, DomainStatus, dcv_target
from domain.errors import Refusal
from domain.workflow_ids import domain_id
from handles.errors import answered, is_gone
from workflows.domains import DomainWorkflow


class DomainRow(Protocol):
    """What the workflow's input is built from (the store's Domain row has these)."""

    id: int
    seller_id: int
    hostname: str
    kind: DomainKind
    token: str


def domain_input(row: DomainRow) -> DomainInput:
    s = get_settings()
    return DomainInput(
        domain_id=row.id,
        hostname=row.hostname,
        kind=row.kind,
        token=row.token,
        day_s=s.domain_day_s,
        check_first_s=s.domain_check_first_s,
        check_max_s=s.domain_check_max_s,
        check_attempts=s.domain_check_attempts,
        renew_margin_days=s.domain_renew_margin_days,
        dcv_target=dcv_target(row.token, s.domain_platform_suffix) if row.kind == DomainKind.custom else "",
    )


def _start(row: DomainRow) -> WithStartWorkflowOperation:
    return WithStartWorkflowOperation(
        DomainWorkflow.run,
        domain_input(row),
        id=domain_id(row.id),
        task_queue=get_settings().temporal_task_queue,
        id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
        id_reuse_policy=WorkflowIDReusePolicy.ALLOW_DUPLICATE,
        search_attributes=attributes(seller_id=row.seller_id),
    )


async def added(client: Client, row: DomainRow) -> None:
    """Starts the domain's workflow (after the row is committed: its first step records onto the row)."""
    try:
        await client.start_workflow(
            DomainWorkflow.run,
            domain_input(row),
            id=domain_id(row.id),
            task_queue=get_settings().temporal_task_queue,
            id_reuse_policy=WorkflowIDReusePolicy.ALLOW_DUPLICATE,
            search_attributes=attributes(seller_id=row.seller_id),
        )
    except WorkflowAlreadyStartedError:
        pass


async def check_requested(client: Client, row: DomainRow) -> str:
    """Update-with-start: a domain whose start was lost gets its workflow with this action; 409 when there is
    nothing to check (verified) or the domain is being removed."""
    return await answered(
        client.execute_update_with_start_workflow(
            DomainWorkflow.check_now, start_workflow_operation=_start(row)
        ),
        Refusal.domain_deleted,
    )


async def delete_requested(client: Client, row: DomainRow) -> str:
    return await answered(
        client.execute_update_with_start_workflow(
            DomainWorkflow.remove, start_workflow_operation=_start(row)
        ),
        Refusal.domain_deleted,
    )


async def domain_status(client: Client, row: DomainRow) -> DomainStatus | None:
    """The running workflow's view (next check, renewal date); None when it does not answer."""
    try:
        return await client.get_workflow_handle(domain_id(row.id)).query(DomainWorkflow.status)
    except RPCError as e:
        if is_gone(e):
            return None
        raise
    except Exception:  # noqa: BLE001 - a closed workflow or a query failure: the projection answers alone
        return None
