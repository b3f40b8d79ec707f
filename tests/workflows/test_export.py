"""The bookkeeping export workflow with a fake activity: it builds once and reports its progress."""

from __future__ import annotations

import asyncio
import uuid

from temporalio import activity
from temporalio.worker import Worker

from activities.export import ExportActivities
from domain.ledger.bookkeeping import ExportDone, ExportRequest
from domain.workflow_ids import export_id
from tests.workflows.fakes import assert_fake_matches
from worker.main import RUNNER
from workflows.export import ExportWorkflow


class FakeExport:
    def __init__(self) -> None:
        self.built: list[str] = []

    @activity.defn(name="build_export")
    async def build_export(self, req: ExportRequest) -> ExportDone:
        self.built.append(req.period)
        return ExportDone(bookings=5)


async def test_a_month_is_exported_once(client, record):
    fake = FakeExport()
    task_queue = f"test-{uuid.uuid4().hex[:8]}"
    async with Worker(
        client,
        task_queue=task_queue,
        workflows=[ExportWorkflow],
        activities=[fake.build_export],
        workflow_runner=RUNNER,
    ):
        handle = await client.start_workflow(
            ExportWorkflow.run,
            ExportRequest(seller_id=7, period="2026-11", created_at="2026-12-01T08:00:00+00:00"),
            id=export_id(7, f"2026-11-{task_queue}"),
            task_queue=task_queue,
        )
        assert await asyncio.wait_for(handle.result(), 20) == ExportDone(bookings=5)
        assert await handle.query(ExportWorkflow.progress) == "ready"
    assert fake.built == ["2026-11"]
    await record(handle, "export")


def test_the_fake_stands_in_for_real_activities_with_their_types():
    assert_fake_matches(FakeExport, ExportActivities)
