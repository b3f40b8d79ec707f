"""`/v1/cabinet/exports`: the bookkeeping export of a month (core §2 implied screen, §4 states), built by the
`export-{seller}-{period}` workflow; the CSV and the DATEV EXTF file for the accountant."""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter
from fastapi.responses import FileResponse

from api.deps import DB, CurrentSeller, IdempotencyKey, Temporal
from api.files import stored_file
from api.schemas.fields import Id
from api.schemas.ledger import ExportIn, ExportList, ExportOut, ExportStarted, ExportStateIn
from domain.errors import invalid
from domain.ledger.bookkeeping import ExportState
from providers.storage.local import storage
from services import exports
from store.ledger.exports import export_of, exports_of

router = APIRouter()


@router.post("/exports", response_model=ExportStarted, status_code=202)
async def start_export(
    idempotency_key: IdempotencyKey, body: ExportIn, seller: CurrentSeller, client: Temporal
) -> ExportStarted:
    wid = await exports.export_asked(client, seller.id, body.period)
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
    return stored_file(storage().path(key), name, media)


@router.post("/exports/{export_id}/state", response_model=ExportOut)
async def mark_export(export_id: Id, body: ExportStateIn, seller: CurrentSeller, s: DB) -> ExportOut:
    e = await export_of(s, seller.id, export_id)
    e.state = ExportState(body.state)
    return ExportOut.model_validate(e, from_attributes=True)
