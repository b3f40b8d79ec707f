"""Retention (`retention-platform`, and `retention-{seller id}` for each seller; domain/retention.py): purges, once a
day, what may go, and keeps what the law keeps.

    purge (a batch at a time; the platform's also starts the retention of every seller that has none yet)
        a deleted account whose records are past their time ──► done
        sellers left whose retention the platform's had no time to start ──► continue as new at once
        else ──► sleep a day ──► continue as new (each day a fresh, short history)
"""

from __future__ import annotations

from datetime import timedelta

from temporalio import workflow

from domain.retention import PurgeInput, RetentionRequest
from workflows.policies import RETENTION_STEP, run_step

with workflow.unsafe.imports_passed_through():
    from activities.retention import RetentionActivities


@workflow.defn(name="Retention")
class RetentionWorkflow:
    def __init__(self) -> None:
        self.last: dict[str, int] = {}

    @workflow.run
    async def run(self, req: RetentionRequest) -> str:
        purged = await run_step(RetentionActivities.purge, PurgeInput(req.scope, req.day_s), RETENTION_STEP)
        self.last = purged.counts
        if purged.ended:
            return "ended"
        # sellers are left whose retention the platform's had no time to start: on at once, not after a day
        if not (purged.more and workflow.patched("retention-starts-all-sellers")):
            await workflow.sleep(timedelta(seconds=req.day_s))
        workflow.continue_as_new(RetentionRequest(req.scope, req.day_s, req.cycles + 1))

    @workflow.query
    def last_purge(self) -> dict[str, int]:
        return self.last
