"""The month close with a fake activity: every page of sellers is issued once and the run continues as new on a
long history; the long-lived scheduler closes the month before each 1st, once per month, with a compressed day."""

from __future__ import annotations

import asyncio
import uuid

from temporalio import activity
from temporalio.client import WorkflowExecutionStatus
from temporalio.worker import Worker

from activities.platform_invoices import PlatformInvoiceActivities
from domain.billing.platform_invoices import (
    IssuedPage,
    IssuePage,
    MonthCloseRequest,
    PlatformInvoicesDone,
    PlatformInvoicesRequest,
)
from domain.workflow_ids import platform_invoices_id
from tests.workflows.fakes import assert_fake_matches
from worker.main import RUNNER
from workflows.platform_invoices import MonthCloseWorkflow, PlatformInvoicesWorkflow


class FakeIssuer:
    """Sellers 1..`sellers`, `page` per call; remembers every page asked for."""

    def __init__(self, sellers: int, page: int) -> None:
        self.sellers, self.page = sellers, page
        self.calls: list[tuple[str, int]] = []

    @activity.defn(name="issue_platform_invoices")
    async def issue_platform_invoices(self, req: IssuePage) -> IssuedPage:
        self.calls.append((req.period, req.after_seller_id))
        ids = list(range(req.after_seller_id + 1, min(req.after_seller_id + self.page, self.sellers) + 1))
        last = ids[-1] if ids and ids[-1] < self.sellers else None
        return IssuedPage(issued=len(ids), last_seller_id=last)


async def test_every_seller_of_the_month_is_issued_page_by_page(client, record):
    fake = FakeIssuer(sellers=5, page=2)
    task_queue = f"test-{uuid.uuid4().hex[:8]}"
    async with Worker(
        client,
        task_queue=task_queue,
        workflows=[PlatformInvoicesWorkflow],
        activities=[fake.issue_platform_invoices],
        workflow_runner=RUNNER,
    ):
        handle = await client.start_workflow(
            PlatformInvoicesWorkflow.run,
            PlatformInvoicesRequest("2026-10"),
            id=platform_invoices_id(f"2026-10-{task_queue}"),
            task_queue=task_queue,
        )
        assert await asyncio.wait_for(handle.result(), 20) == PlatformInvoicesDone("2026-10", 5)
    assert fake.calls == [("2026-10", 0), ("2026-10", 2), ("2026-10", 4)]
    await record(handle, "platform_invoices")


async def test_a_long_close_continues_as_new_where_it_stopped(short_history_client):
    fake = FakeIssuer(sellers=40, page=1)
    task_queue = f"test-{uuid.uuid4().hex[:8]}"
    async with Worker(
        short_history_client,
        task_queue=task_queue,
        workflows=[PlatformInvoicesWorkflow],
        activities=[fake.issue_platform_invoices],
        workflow_runner=RUNNER,
    ):
        handle = await short_history_client.start_workflow(
            PlatformInvoicesWorkflow.run,
            PlatformInvoicesRequest("2026-10"),
            id=platform_invoices_id(f"2026-10-{task_queue}"),
            task_queue=task_queue,
        )
        done = await asyncio.wait_for(handle.result(follow_runs=True), 60)
    assert done == PlatformInvoicesDone("2026-10", 40)
    assert [after for _, after in fake.calls] == list(range(40))  # every seller once, none twice
    first = short_history_client.get_workflow_handle(handle.id, run_id=handle.result_run_id)
    assert (await first.describe()).status == WorkflowExecutionStatus.CONTINUED_AS_NEW


async def test_the_scheduler_closes_each_month_once_before_its_first(client, record):
    """A day is 0.05 s: the scheduler started for the close of 1 Dec closes November, continues as new, and
    31 compressed days later closes December."""
    fake = FakeIssuer(sellers=1, page=10)
    task_queue = f"test-{uuid.uuid4().hex[:8]}"
    async with Worker(
        client,
        task_queue=task_queue,
        workflows=[MonthCloseWorkflow, PlatformInvoicesWorkflow],
        activities=[fake.issue_platform_invoices],
        workflow_runner=RUNNER,
    ):
        handle = await client.start_workflow(
            MonthCloseWorkflow.run,
            MonthCloseRequest(day_s=0.05, next_close="2026-12-01"),
            id=f"month-close-{task_queue}",
            task_queue=task_queue,
        )
        deadline = asyncio.get_running_loop().time() + 30
        while len(fake.calls) < 2 and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.1)
        assert [p for p, _ in fake.calls[:2]] == ["2026-11", "2026-12"]
        assert await handle.query(MonthCloseWorkflow.closes_next) >= "2027-01-01"
        november = client.get_workflow_handle_for(
            PlatformInvoicesWorkflow.run, platform_invoices_id("2026-11")
        )
        done = await asyncio.wait_for(november.result(), 10)
        assert done == PlatformInvoicesDone("2026-11", 1)
        first_run = client.get_workflow_handle(handle.id, run_id=handle.first_execution_run_id)
        await record(first_run, "platform_invoices")
        await handle.terminate()


def test_the_fake_stands_in_for_real_activities_with_their_types():
    assert_fake_matches(FakeIssuer, PlatformInvoiceActivities)
