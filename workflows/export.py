"""Bookkeeping export (`export-{seller id}-{period}`): one period's invoices, credit memos and fees as CSV and DATEV
EXTF, built by one idempotent activity; `progress` tells the cabinet where it stands."""

from __future__ import annotations

from temporalio import workflow

from domain.ledger.bookkeeping import ExportDone, ExportRequest
from workflows.policies import BATCH_STEP, ShortLived, run_step

with workflow.unsafe.imports_passed_through():
    from activities.export import ExportActivities


@workflow.defn(name="BookkeepingExport", versioning_behavior=ShortLived.behaviour)
class ExportWorkflow:
    def __init__(self) -> None:
        self.stage = "collecting"

    @workflow.run
    async def run(self, req: ExportRequest) -> ExportDone:
        done = await run_step(ExportActivities.build_export, req, BATCH_STEP)
        self.stage = "ready"
        return done

    @workflow.query
    def progress(self) -> str:
        return self.stage
