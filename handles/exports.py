"""The API's side of the Bookkeeping export (`export-{seller}-{period}`) and the month close
(`platform-invoices-{YYYY-MM}`): started on request, each once at a time."""

from __future__ import annotations

from temporalio.client import Client
from temporalio.common import WorkflowIDConflictPolicy, WorkflowIDReusePolicy

from core.search import attributes
from core.settings import get_settings
from domain.billing.platform_invoices import PlatformInvoicesRequest
from domain.ledger.bookkeeping import ExportRequest
from domain.workflow_ids import export_id, platform_invoices_id
from workflows.export import ExportWorkflow
from workflows.platform_invoices import PlatformInvoicesWorkflow


async def export_started(client: Client, req: ExportRequest) -> str:
    wid = export_id(req.seller_id, req.period)
    await client.start_workflow(
        ExportWorkflow.run,
        req,
        id=wid,
        task_queue=get_settings().temporal_task_queue,
        id_reuse_policy=WorkflowIDReusePolicy.ALLOW_DUPLICATE,  # a month may be exported again
        id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,  # but not twice at once
        search_attributes=attributes(seller_id=req.seller_id),
    )
    return wid


async def month_closed(client: Client, period: str) -> str:
    wid = platform_invoices_id(period)
    await client.start_workflow(
        PlatformInvoicesWorkflow.run,
        PlatformInvoicesRequest(period),
        id=wid,
        task_queue=get_settings().temporal_task_queue,
        id_reuse_policy=WorkflowIDReusePolicy.ALLOW_DUPLICATE,  # closing again issues only what is missing
        id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
    )
    return wid
