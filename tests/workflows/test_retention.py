"""The Retention workflow with a fake purge: it purges once a (compressed) day, each day a fresh run, and a scope
with nothing ever left to purge ends."""

from __future__ import annotations

import asyncio
import uuid

from temporalio import activity
from temporalio.client import WorkflowExecutionStatus
from temporalio.worker import Worker

from activities.retention import RetentionActivities
from domain.retention import Purged, PurgeInput, RetentionRequest
from tests.workflows.fakes import assert_fake_matches
from worker.main import RUNNER
from workflows.retention import RetentionWorkflow


class FakePurge:
    """Purges `days_left` times, then says the scope has ended."""

    def __init__(self, days_left: int) -> None:
        self.days_left = days_left
        self.calls: list[PurgeInput] = []

    @activity.defn(name="purge")
    async def purge(self, req: PurgeInput) -> Purged:
        self.calls.append(req)
        self.days_left -= 1
        return Purged(counts={"webhook_payloads": 3}, ended=self.days_left <= 0)


async def test_a_scope_is_purged_once_a_day_until_nothing_is_left(client, record):
    fake = FakePurge(days_left=3)
    tq = f"test-{uuid.uuid4().hex[:8]}"
    async with Worker(
        client, task_queue=tq, workflows=[RetentionWorkflow], activities=[fake.purge], workflow_runner=RUNNER
    ):
        handle = await client.start_workflow(
            RetentionWorkflow.run, RetentionRequest(42, day_s=0.05), id=f"retention-42-{tq}", task_queue=tq
        )
        assert await asyncio.wait_for(handle.result(follow_runs=True), 30) == "ended"
    assert [c.scope for c in fake.calls] == [42, 42, 42]
    assert {c.day_s for c in fake.calls} == {0.05}
    first = client.get_workflow_handle(handle.id, run_id=handle.first_execution_run_id)
    assert (await first.describe()).status == WorkflowExecutionStatus.CONTINUED_AS_NEW  # a fresh run each day
    await record(first, "retention")


def test_the_fake_stands_in_for_real_activities_with_their_types():
    assert_fake_matches(FakePurge, RetentionActivities)


class FakeStarts(FakePurge):
    """The platform's purge with sellers left to start twice (`more`), then a scope that ends."""

    @activity.defn(name="purge")
    async def purge(self, req: PurgeInput) -> Purged:
        self.calls.append(req)
        self.days_left -= 1
        return Purged(started=500, more=self.days_left > 0, ended=self.days_left <= 0)


async def test_sellers_left_to_start_are_started_at_once_not_after_a_day(client, record):
    fake = FakeStarts(days_left=3)
    tq = f"test-{uuid.uuid4().hex[:8]}"
    async with Worker(
        client, task_queue=tq, workflows=[RetentionWorkflow], activities=[fake.purge], workflow_runner=RUNNER
    ):
        # a day of an hour: only the last run (no sellers left) would sleep, and it ends instead
        handle = await client.start_workflow(
            RetentionWorkflow.run, RetentionRequest(0, day_s=3600), id=f"retention-0-{tq}", task_queue=tq
        )
        assert await asyncio.wait_for(handle.result(follow_runs=True), 30) == "ended"
    assert len(fake.calls) == 3
    await record(client.get_workflow_handle(handle.id, run_id=handle.first_execution_run_id), "retention")
