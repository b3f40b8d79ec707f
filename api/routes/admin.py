"""`/v1/admin` (manager): find an order's workflows and read their histories; close a month; the transfers the
bank reported, the unmatched ones to be paid back."""

from __future__ import annotations

from datetime import UTC, datetime

from fastapi import APIRouter, Request, Response

from api.deps import DB, CurrentManager, IdempotencyKey, Temporal
from api.listing import CSV_ANSWER, csv_answer, list_openapi, list_params
from api.schemas.admin import IncomingTransferList, IncomingTransferRow, WorkflowHistory, WorkflowList
from api.schemas.fields import Id
from api.schemas.ledger import MonthCloseIn, MonthCloseStarted
from domain.bookkeeping import period_bounds
from domain.errors import invalid
from handles.exports import month_closed
from handles.ops import history, workflows_of_order, workflows_of_seller
from store.orders.bank_wire import INCOMING_FILTERS, INCOMING_LIST, incoming_listed

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


@router.get(
    "/incoming_transfers",
    response_model=IncomingTransferList,
    openapi_extra=list_openapi(INCOMING_LIST, INCOMING_FILTERS),
)
async def incoming_transfers(request: Request, manager: CurrentManager, s: DB) -> IncomingTransferList:
    """Every transfer the bank reported to the collection account, matched to its order or unmatched (no such
    order, or it came after its order lapsed or was paid: a person pays it back)."""
    rows, total = await incoming_listed(s, list_params(request))
    return IncomingTransferList.model_validate({"list": rows, "total_count": total})


@router.get(
    "/incoming_transfers/csv",
    response_class=Response,
    openapi_extra=list_openapi(INCOMING_LIST, INCOMING_FILTERS),
    responses=CSV_ANSWER,
)
async def incoming_transfers_csv(request: Request, manager: CurrentManager, s: DB) -> Response:
    return await csv_answer(
        lambda p: incoming_listed(s, p),
        list_params(request),
        IncomingTransferRow,
        "incoming-transfers.csv",
        money=("amount", "returned_amount"),
    )
