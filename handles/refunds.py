"""The API's side of the Refund workflow."""

from __future__ import annotations

from temporalio.client import Client
from temporalio.common import WorkflowIDReusePolicy

from core.search import attributes
from core.settings import get_settings
from domain.ledger.refunds import RefundInput
from domain.workflow_ids import refund_id
from workflows.refund import RefundWorkflow


async def refund_started(client: Client, order_token: str, number: int, seller_id: int | None = None) -> None:
    """Starts `refund-{token}-{n}`; the refund's row is in the request's transaction, which commits right after
    (the workflow's first step retries until it sees it)."""
    await client.start_workflow(
        RefundWorkflow.run,
        RefundInput(order_token=order_token, number=number),
        id=refund_id(order_token, number),
        task_queue=get_settings().temporal_task_queue,
        id_reuse_policy=WorkflowIDReusePolicy.REJECT_DUPLICATE,
        search_attributes=attributes(seller_id=seller_id, order_token=order_token),
    )
