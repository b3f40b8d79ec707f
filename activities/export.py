"""The bookkeeping export's one side effect: collect the period, render CSV and DATEV EXTF (Windows-1252, as DATEV
imports it), store both files and record the export (upsert on seller and period: a rerun replaces it)."""

from __future__ import annotations

from datetime import datetime

from temporalio import activity

from domain.ledger.bookkeeping import ExportDone, ExportRequest, bookings, csv_export, datev_extf
from providers.storage.local import Storage
from store.db import session
from store.ledger.exports import export_recorded, export_source


class ExportActivities:
    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    @activity.defn
    async def build_export(self, req: ExportRequest) -> ExportDone:
        async with session() as s:
            rows = bookings(await export_source(s, req.seller_id, req.period))
        created = datetime.fromisoformat(req.created_at)
        csv_key, _ = self.storage.put(csv_export(rows).encode("utf-8"), ".csv")
        extf = datev_extf(rows, period=req.period, created=created).encode("cp1252", "replace")
        datev_key, _ = self.storage.put(extf, ".csv")
        async with session() as s:
            await export_recorded(s, req.seller_id, req.period, len(rows), csv_key, datev_key)
        return ExportDone(bookings=len(rows))
