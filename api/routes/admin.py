"""`/v1/admin` (manager): find an order's workflows and read their histories."""

from __future__ import annotations

from fastapi import APIRouter

from api.deps import CurrentManager, Temporal
from api.schemas.admin import WorkflowHistory, WorkflowList
from api.workflows import history, workflows_of_order

router = APIRouter(prefix="/v1/admin", tags=["admin"])


@router.get("/orders/{token}/workflows", response_model=WorkflowList)
async def order_workflows(token: str, manager: CurrentManager, client: Temporal) -> WorkflowList:
    return WorkflowList(list=await workflows_of_order(client, token.strip()))


@router.get("/workflows/{workflow_id}/history", response_model=WorkflowHistory)
async def workflow_history(
    workflow_id: str, manager: CurrentManager, client: Temporal, run_id: str | None = None
) -> WorkflowHistory:
    return WorkflowHistory(
        workflow_id=workflow_id, run_id=run_id, events=await history(client, workflow_id, run_id)
    )
