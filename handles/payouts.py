"""The API's side of the Payout workflow: started for a payee (a seller, a publisher, a team member) on first need,
then signalled."""

from __future__ import annotations

from temporalio.client import Client
from temporalio.common import WorkflowIDConflictPolicy, WorkflowIDReusePolicy
from temporalio.service import RPCError

from core.search import attributes
from core.settings import get_settings
from domain.keys import payee_of_end_to_end_id
from domain.ledger.ledger import PayeeType
from domain.ledger.payouts import BankAnswer, PayoutInput, PayoutStatus
from domain.workflow_ids import payout_id
from handles.errors import answered
from workflows.payout import PayoutWorkflow


async def payouts_running(client: Client, seller_id: int, payee_type: PayeeType = PayeeType.seller) -> None:
    """Starts `payout-{payee type}-{id}` unless it runs (one per payee, for the payee's whole life): a seller's, or
    with `payee_type` a publisher's or a team member's (their user id)."""
    s = get_settings()
    await client.start_workflow(
        PayoutWorkflow.run,
        PayoutInput(payee_type=payee_type, payee_id=seller_id, day_s=s.payout_day_s),
        id=payout_id(payee_type.value, seller_id),
        task_queue=s.temporal_task_queue,
        id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
        id_reuse_policy=WorkflowIDReusePolicy.ALLOW_DUPLICATE,
        search_attributes=attributes(
            seller_id=seller_id if payee_type == PayeeType.seller else None,
            payee=f"{payee_type.value}-{seller_id}",
        ),
    )


def _handle(client: Client, payee_id: int, payee_type: PayeeType = PayeeType.seller):  # noqa: ANN202 - typed handle
    return client.get_workflow_handle_for(PayoutWorkflow.run, payout_id(payee_type.value, payee_id))


async def cashout_requested(client: Client, seller_id: int, payee_type: PayeeType = PayeeType.seller) -> str:
    """The available balance now: "issued", or 409 with why nothing could leave (`payout_not_eligible`) or that a
    cashout is being prepared already (`cashout_pending`)."""
    await payouts_running(client, seller_id, payee_type)
    return await answered(
        _handle(client, seller_id, payee_type).execute_update(PayoutWorkflow.request_cashout)
    )


async def settings_changed(client: Client, seller_id: int, payee_type: PayeeType = PayeeType.seller) -> None:
    await payouts_running(client, seller_id, payee_type)
    await _handle(client, seller_id, payee_type).signal(PayoutWorkflow.settings_changed)


async def payout_status(
    client: Client, seller_id: int, payee_type: PayeeType = PayeeType.seller
) -> PayoutStatus:
    await payouts_running(client, seller_id, payee_type)
    return await _handle(client, seller_id, payee_type).query(PayoutWorkflow.status)


async def bank_answered(client: Client, answer: BankAnswer) -> bool:
    payee = payee_of_end_to_end_id(answer.end_to_end_id)
    if payee is None:
        return False
    try:
        await _handle(client, payee[1], PayeeType(payee[0])).signal(PayoutWorkflow.bank_answered, answer)
    except RPCError:
        return False
    return True
