"""The notifications' workflows with fake activities: a closed day's summaries page through every seller once; the
clock summarises each day once, one after the other, with a compressed day; the mailer runs round after round."""

from __future__ import annotations

import asyncio
import uuid

from temporalio import activity
from temporalio.worker import Worker

from activities.notifications import NotificationActivities
from domain.notifications import (
    IncomeClockRequest,
    IncomeSummariesDone,
    IncomeSummariesRequest,
    NoticeMailRound,
    SummaryPage,
    SummaryPageDone,
)
from domain.workflow_ids import income_summaries_id
from tests.workflows.fakes import assert_fake_matches
from worker.main import RUNNER
from workflows.notifications import IncomeClockWorkflow, IncomeSummariesWorkflow, NotificationMailsWorkflow


class FakeNotices:
    """Sellers 1..`sellers` with sales, `page` per call, two summaries each; remembers every call."""

    def __init__(self, sellers: int = 3, page: int = 2) -> None:
        self.sellers, self.page = sellers, page
        self.pages: list[tuple[str, int]] = []
        self.rounds = 0

    @activity.defn(name="write_income_summaries")
    async def write_income_summaries(self, req: SummaryPage) -> SummaryPageDone:
        self.pages.append((req.day, req.after_seller_id))
        ids = list(range(req.after_seller_id + 1, min(req.after_seller_id + self.page, self.sellers) + 1))
        return SummaryPageDone(2 * len(ids), ids[-1] if ids and ids[-1] < self.sellers else None)

    @activity.defn(name="mail_notifications")
    async def mail_notifications(self, req: NoticeMailRound) -> int:
        self.rounds += 1
        await asyncio.sleep(req.window_s)
        return 1


def _worker(client, task_queue: str, fake: FakeNotices, *workflows) -> Worker:
    return Worker(
        client,
        task_queue=task_queue,
        workflows=list(workflows),
        activities=[fake.write_income_summaries, fake.mail_notifications],
        workflow_runner=RUNNER,
    )


async def test_a_closed_days_summaries_go_to_every_seller_page_by_page(client, record):
    fake = FakeNotices(sellers=5, page=2)
    tq = f"test-{uuid.uuid4().hex[:8]}"
    async with _worker(client, tq, fake, IncomeSummariesWorkflow):
        handle = await client.start_workflow(
            IncomeSummariesWorkflow.run,
            IncomeSummariesRequest("2031-03-30"),
            id=income_summaries_id(f"2031-03-30-{tq}"),
            task_queue=tq,
        )
        assert await asyncio.wait_for(handle.result(), 20) == IncomeSummariesDone("2031-03-30", 10)
    assert fake.pages == [("2031-03-30", 0), ("2031-03-30", 2), ("2031-03-30", 4)]
    await record(handle, "notifications")


async def test_the_clock_summarises_each_day_once_one_after_the_other(client, record):
    """A day is 0.05 s: the clock started for 30 Mar 2031 summarises it, continues as new, and summarises the
    31st a compressed day later (the month's summary is the activity's to write)."""
    fake = FakeNotices(sellers=1, page=10)
    tq = f"test-{uuid.uuid4().hex[:8]}"
    async with _worker(client, tq, fake, IncomeClockWorkflow, IncomeSummariesWorkflow):
        handle = await client.start_workflow(
            IncomeClockWorkflow.run,
            IncomeClockRequest(day_s=0.05, next_day="2031-03-30"),
            id=f"income-clock-{tq}",
            task_queue=tq,
        )
        deadline = asyncio.get_running_loop().time() + 30
        while len(fake.pages) < 2 and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.1)
        assert [d for d, _ in fake.pages[:2]] == ["2031-03-30", "2031-03-31"]
        assert await handle.query(IncomeClockWorkflow.summarises_next) >= "2031-04-01"
        day = client.get_workflow_handle_for(IncomeSummariesWorkflow.run, income_summaries_id("2031-03-30"))
        assert await asyncio.wait_for(day.result(), 10) == IncomeSummariesDone("2031-03-30", 2)
        first_run = client.get_workflow_handle(handle.id, run_id=handle.first_execution_run_id)
        await record(first_run, "notifications")
        await handle.terminate()


async def test_the_mailer_goes_round_after_round(client, record):
    fake = FakeNotices()
    tq = f"test-{uuid.uuid4().hex[:8]}"
    async with _worker(client, tq, fake, NotificationMailsWorkflow):
        handle = await client.start_workflow(
            NotificationMailsWorkflow.run,
            NoticeMailRound(poll_s=0.01, window_s=0.05),
            id=f"mails-{tq}",
            task_queue=tq,
        )
        deadline = asyncio.get_running_loop().time() + 20
        while fake.rounds < 3 and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.05)
        assert fake.rounds >= 3
        await handle.terminate("the test has seen enough rounds")
    await record(handle, "notifications")


def test_the_fake_stands_in_for_real_activities_with_their_types():
    assert_fake_matches(FakeNotices, NotificationActivities)
