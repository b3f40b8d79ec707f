"""The API's side of the Payout workflow: started for a seller on first need, then signalled."""

from __future__ import annotations

from temporalio.client import Client
from temporalio.common import WorkflowIDConflictPolicy, WorkflowIDReusePolicy
from temporalio.service import RPCError

from core.search import attributes
from core.settings import get_settings
from domain.keys import seller_of_end_to_end_id
from domain.ledger import PayeeType
from domain.payouts import BankAnswer, PayoutInput, PayoutStatus
from domain.workflow_ids import payout_id
from handles.errors import answered
from workflows.payout import PayoutWorkflow


async def payouts_running(client: Client, seller_id: int) -> None:
    """Starts `payout-seller-{id}` unless it runs (one per payee, for the payee's whole life)."""
    s = get_settings()
    await client.start_workflow(
        PayoutWorkflow.run,
        PayoutInput(payee_type=PayeeType.seller, payee_id=seller_id, day_s=s.payout_day_s),
        id=payout_id(PayeeType.seller.value, seller_id),
        task_queue=s.temporal_task_queue,
        id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
        id_reuse_policy=WorkflowIDReusePolicy.ALLOW_DUPLICATE,
        search_attributes=attributes(seller_id=seller_id, payee=f"{PayeeType.seller.value}-{seller_id}"),
    )


def _handle(client: Client, seller_id: int):  # noqa: ANN202 - a typed workflow handle
    return client.get_workflow_handle_for(PayoutWorkflow.run, payout_id(PayeeType.seller.value, seller_id))


async def cashout_requested(client: Client, seller_id: int) -> str:
    """The available balance now: "issued", or 409 with why nothing could leave (`payout_not_eligible`) or that a
    cashout is being prepared already (`cashout_pending`)."""
    await payouts_running(client, seller_id)
    return await answered(_handle(client, seller_id).execute_update(PayoutWorkflow.request_cashout))


async def settings_changed(client: Client, seller_id: int) -> None:
    await payouts_running(client, seller_id)
    await _handle(client, seller_id).signal(PayoutWorkflow.settings_changed)


async def payout_status(client: Client, seller_id: int) -> PayoutStatus:
    await payouts_running(client, seller_id)
    return await _handle(client, seller_id).query(PayoutWorkflow.status)


async def bank_answered(client: Client, answer: BankAnswer) -> bool:
    seller_id = seller_of_end_to_end_id(answer.end_to_end_id)
    if seller_id is None:
        return False
    try:
        await _handle(client, seller_id).signal(PayoutWorkflow.bank_answered, answer)
    except RPCError:
        return False
    return True
