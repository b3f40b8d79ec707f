"""`/v1/cabinet/exports`: the bookkeeping export of a month (core §2 implied screen, §4 states), built by the
`export-{seller}-{period}` workflow; the CSV and the DATEV EXTF file for the accountant."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Literal

from fastapi import APIRouter
from fastapi.responses import FileResponse
from temporalio.common import WorkflowIDConflictPolicy, WorkflowIDReusePolicy

from api.deps import DB, CurrentSeller, Temporal
from api.schemas.fields import Id
from api.schemas.ledger import ExportIn, ExportList, ExportOut, ExportStarted, ExportStateIn
from domain.bookkeeping import ExportRequest, ExportState, period_bounds
from domain.errors import invalid
from domain.workflow_ids import export_id
from providers.storage.local import storage
from sellflow.settings import get_settings
from store.ledger.exports import export_of, exports_of
from workflows.export import ExportWorkflow

router = APIRouter()


@router.post("/exports", response_model=ExportStarted, status_code=202)
async def start_export(body: ExportIn, seller: CurrentSeller, client: Temporal) -> ExportStarted:
    try:
        start, _ = period_bounds(body.period)
    except ValueError:
        raise invalid(period="must be YYYY-MM") from None
    if start > datetime.now(UTC).date():
        raise invalid(period="must not be in the future")
    wid = export_id(seller.id, body.period)
    await client.start_workflow(
        ExportWorkflow.run,
        ExportRequest(seller_id=seller.id, period=body.period, created_at=datetime.now(UTC).isoformat()),
        id=wid,
        task_queue=get_settings().temporal_task_queue,
        id_reuse_policy=WorkflowIDReusePolicy.ALLOW_DUPLICATE,  # a month may be exported again
        id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,  # but not twice at once
    )
    return ExportStarted(period=body.period, workflow_id=wid)


@router.get("/exports", response_model=ExportList)
async def list_exports(seller: CurrentSeller, s: DB) -> ExportList:
    return ExportList(
        list=[ExportOut.model_validate(e, from_attributes=True) for e in await exports_of(s, seller.id)]
    )


@router.get("/exports/{export_id}/{format}", response_class=FileResponse)
async def export_file(
    export_id: Id, format: Literal["csv", "datev"], seller: CurrentSeller, s: DB
) -> FileResponse:
    e = await export_of(s, seller.id, export_id)
    key = e.csv_key if format == "csv" else e.datev_key
    if key is None:
        raise invalid(format="not ready")
    name = f"sellflow-{e.period}.csv" if format == "csv" else f"EXTF_Buchungsstapel_{e.period}.csv"
    media = "text/csv; charset=utf-8" if format == "csv" else "text/csv; charset=windows-1252"
    return FileResponse(storage().path(key), filename=name, media_type=media)


@router.post("/exports/{export_id}/state", response_model=ExportOut)
async def mark_export(export_id: Id, body: ExportStateIn, seller: CurrentSeller, s: DB) -> ExportOut:
    e = await export_of(s, seller.id, export_id)
    e.state = ExportState(body.state)
    return ExportOut.model_validate(e, from_attributes=True)
