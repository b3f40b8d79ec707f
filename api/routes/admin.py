"""`/v1/admin` (manager): find an order's workflows and read their histories; close a month; the transfers the
bank reported, the unmatched ones to be paid back; the sending domain's mail authentication records."""

from __future__ import annotations

from dataclasses import asdict
from datetime import date
from typing import Annotated

from fastapi import APIRouter, Request, Response
from pydantic import AfterValidator, BaseModel, ConfigDict, StringConstraints

from api.deps import DB, CurrentManager, IdempotencyKey, Temporal
from api.listing import CSV_ANSWER, csv_answer, list_openapi, list_params
from api.schemas.admin import (
    IncomingTransferList,
    IncomingTransferRow,
    MailAuthenticationOut,
    MailRecordOut,
    WorkflowHistory,
    WorkflowList,
)
from api.schemas.fields import Id
from api.schemas.ledger import MonthCloseIn, MonthCloseStarted
from domain.notifications import TEXT_MAX, TITLE_MAX
from handles.ops import history, workflows_of_order, workflows_of_seller
from services import notices, operations
from services.mail_authentication import mail_authentication
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
    wid = await operations.month_closed_now(client, body.period)
    return MonthCloseStarted(period=body.period, workflow_id=wid)


class IncomeSummariesIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    day: date  # a UTC day that has ended


class IncomeSummariesStarted(BaseModel):
    day: date
    workflow_id: str


@router.post("/income_summaries", response_model=IncomeSummariesStarted, status_code=202)
async def run_income_summaries(
    idempotency_key: IdempotencyKey, body: IncomeSummariesIn, manager: CurrentManager, client: Temporal
) -> IncomeSummariesStarted:
    """Writes a closed day's income summaries now (the `income-clock` does it each midnight, UTC): the day's, and
    the week's on a Sunday and the month's on its last day, each once however often the day is run."""
    wid = await operations.summaries_written_now(client, body.day)
    return IncomeSummariesStarted(day=body.day, workflow_id=wid)


def _one_line(v: str) -> str:
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in v):
        raise ValueError("must be one line without control characters")
    return v


class CustomNotificationIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seller_id: Id | None = None  # none: every active seller
    # one line: it is the mail's subject
    title: Annotated[
        str,
        StringConstraints(strip_whitespace=True, min_length=1, max_length=TITLE_MAX),
        AfterValidator(_one_line),
    ]
    text: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=TEXT_MAX)]


class CustomNotificationSent(BaseModel):
    sellers: int  # how many sellers it reached (again with the same key: 0)


@router.post("/notifications", response_model=CustomNotificationSent, status_code=201)
async def send_custom_notification(
    idempotency_key: IdempotencyKey, body: CustomNotificationIn, manager: CurrentManager, s: DB
) -> CustomNotificationSent:
    """A message from the platform to one seller or to every active seller, as a `custom_notification` (shown
    and mailed as each seller chose); once per seller under the request's idempotency key."""
    n = await notices.custom_notification(s, idempotency_key, body.seller_id, body.title, body.text)
    return CustomNotificationSent(sellers=n)


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


@router.get("/mail_authentication", response_model=MailAuthenticationOut)
async def mail_authentication_records(manager: CurrentManager) -> MailAuthenticationOut:
    """The records the sending domain publishes so inboxes accept its mail (SPF, DMARC, the DKIM key), each checked
    against the resolver's answer."""
    found = await mail_authentication()
    return MailAuthenticationOut(
        domain=found.domain,
        signed=found.signed,
        records=[MailRecordOut(**asdict(record), published=published) for record, published in found.records],
    )
