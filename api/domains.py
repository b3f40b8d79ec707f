"""The API's side of the Domain SSL workflow (`domain-{domain id}`): every call is a signal-with-start, so a
domain whose workflow was never started (the API stopped between the commit and the start) gets one with the
seller's next action."""

from __future__ import annotations

from temporalio.client import Client
from temporalio.common import WorkflowIDReusePolicy
from temporalio.service import RPCError, RPCStatusCode

from domain.domains import DomainInput, DomainKind, DomainStatus, dcv_target
from domain.workflow_ids import domain_id
from sellflow.settings import get_settings
from store.domains.models import Domain
from workflows.domains import DomainWorkflow


def domain_input(row: Domain) -> DomainInput:
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


async def _signal_with_start(client: Client, row: Domain, signal: str | None) -> None:
    await client.start_workflow(
        DomainWorkflow.run,
        domain_input(row),
        id=domain_id(row.id),
        task_queue=get_settings().temporal_task_queue,
        id_reuse_policy=WorkflowIDReusePolicy.ALLOW_DUPLICATE,
        start_signal=signal,
    )


async def added(client: Client, row: Domain) -> None:
    """Starts the domain's workflow (after the row is committed: its first step records onto the row)."""
    from temporalio.exceptions import WorkflowAlreadyStartedError

    try:
        await _signal_with_start(client, row, None)
    except WorkflowAlreadyStartedError:
        pass


async def check_requested(client: Client, row: Domain) -> None:
    await _signal_with_start(client, row, DomainWorkflow.check_again.__name__)


async def delete_requested(client: Client, row: Domain) -> None:
    await _signal_with_start(client, row, DomainWorkflow.delete.__name__)


async def domain_status(client: Client, row: Domain) -> DomainStatus | None:
    """The running workflow's view (next check, renewal date); None when it does not answer."""
    try:
        return await client.get_workflow_handle(domain_id(row.id)).query(DomainWorkflow.status)
    except RPCError as e:
        if e.status in (RPCStatusCode.NOT_FOUND, RPCStatusCode.FAILED_PRECONDITION):
            return None
        raise
    except Exception:  # noqa: BLE001 - a closed workflow or a query failure: the projection answers alone
        return None
