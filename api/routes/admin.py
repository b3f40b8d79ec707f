"""`/v1/admin` (manager): find an order's workflows and read their histories; close a month."""

from __future__ import annotations

from datetime import UTC, datetime

from fastapi import APIRouter

from api.deps import CurrentManager, IdempotencyKey, Temporal
from api.schemas.admin import WorkflowHistory, WorkflowList
from api.schemas.fields import Id
from api.schemas.ledger import MonthCloseIn, MonthCloseStarted
from domain.bookkeeping import period_bounds
from domain.errors import invalid
from handles.exports import month_closed
from handles.ops import history, workflows_of_order, workflows_of_seller

router = APIRouter(prefix="/v1/admin", tags=["admin"])


@router.get("/orders/{token}/workflows", response_model=WorkflowList)
async def order_workflows(token: str, manager: CurrentManager, client: Temporal) -> WorkflowList:
    return WorkflowList(list=await workflows_of_order(client, token.strip()))


@router.get("/sellers/{seller_id}/workflows", response_model=WorkflowList)
async def seller_workflows(seller_id: Id, manager: CurrentManager, client: Temporal) -> WorkflowList:
    """Every workflow of a seller (its orders', legitimation, payouts, domains, deletion, exports), newest first."""
    return WorkflowList(list=await workflows_of_seller(client, seller_id))


@router.get("/workflows/{workflow_id}/history", response_model=WorkflowHistory)
async def workflow_history(
    workflow_id: str, manager: CurrentManager, client: Temporal, run_id: str | None = None
) -> WorkflowHistory:
    return WorkflowHistory(
        workflow_id=workflow_id, run_id=run_id, events=await history(client, workflow_id, run_id)
    )


@router.post("/platform_invoices", response_model=MonthCloseStarted, status_code=202)
async def close_month(
    idempotency_key: IdempotencyKey, body: MonthCloseIn, manager: CurrentManager, client: Temporal
) -> MonthCloseStarted:
    """Closes a past month now (the `month-close` workflow does it on the 1st): every seller's platform invoice
    of the month, each once however often the month is closed."""
    try:
        _, end = period_bounds(body.period)
    except ValueError:
        raise invalid(period="must be YYYY-MM") from None
    if end > datetime.now(UTC).date():
        raise invalid(period="must be a month that has ended")
    wid = await month_closed(client, body.period)
    return MonthCloseStarted(period=body.period, workflow_id=wid)
