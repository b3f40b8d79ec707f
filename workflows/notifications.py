"""The seller's notifications (issue 24 item 6; domain/notifications.py).

NotificationMails (`notification-mails`, one for the platform, started by the worker): sends the mails of new
notifications, one activity run per half minute, and continues as new when Temporal suggests it (the shape of
WebhookDispatch).

IncomeClock (`income-clock`, one, long-lived): sleeps until the next UTC midnight (a day is `day_s` seconds),
starts `income-summaries-{the day that ended}` and continues as new for the day after.

IncomeSummaries (`income-summaries-{YYYY-MM-DD}`): the day's income summary of every seller who sold, and the
week's (on a Sunday) and the month's (on its last day), a page of sellers per activity call, each summary once
(its key); a long run continues as new where it stopped.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

from temporalio import workflow
from temporalio.common import WorkflowIDReusePolicy
from temporalio.exceptions import WorkflowAlreadyStartedError
from temporalio.workflow import ParentClosePolicy

from domain.notifications import (
    IncomeClockRequest,
    IncomeSummariesDone,
    IncomeSummariesRequest,
    NoticeMailRound,
    SummaryPage,
)
from domain.workflow_ids import income_summaries_id
from workflows.policies import BATCH_STEP, OUTBOX_ROUND, ShortLived, run_step

with workflow.unsafe.imports_passed_through():
    from activities.notifications import NotificationActivities


@workflow.defn(name="NotificationMails")
class NotificationMailsWorkflow:
    @workflow.run
    async def run(self, req: NoticeMailRound) -> None:
        rounds = req.rounds
        while True:
            await run_step(NotificationActivities.mail_notifications, req, OUTBOX_ROUND)
            rounds += 1
            if workflow.info().is_continue_as_new_suggested() or rounds % 500 == 0:
                workflow.continue_as_new(NoticeMailRound(req.poll_s, req.window_s, rounds))


@workflow.defn(name="IncomeSummaries", versioning_behavior=ShortLived.behaviour)
class IncomeSummariesWorkflow:
    def __init__(self) -> None:
        self.written = 0

    @workflow.run
    async def run(self, req: IncomeSummariesRequest) -> IncomeSummariesDone:
        after, self.written = req.after_seller_id, req.written
        while True:
            page = await run_step(
                NotificationActivities.write_income_summaries, SummaryPage(req.day, after), BATCH_STEP
            )
            self.written += page.written
            if page.last_seller_id is None:
                return IncomeSummariesDone(req.day, self.written)
            after = page.last_seller_id
            if workflow.info().is_continue_as_new_suggested():
                workflow.continue_as_new(IncomeSummariesRequest(req.day, after, self.written))

    @workflow.query
    def written_so_far(self) -> int:
        return self.written


@workflow.defn(name="IncomeClock")
class IncomeClockWorkflow:
    def __init__(self) -> None:
        self.next_day = ""

    @workflow.run
    async def run(self, req: IncomeClockRequest) -> None:
        day = date.fromisoformat(req.next_day) if req.next_day else workflow.now().date()
        self.next_day = day.isoformat()
        if not req.next_day:
            # the first run sleeps the real time left until midnight (scaled); later days a whole day each
            left = datetime.combine(day + timedelta(days=1), time(), workflow.now().tzinfo) - workflow.now()
            wait = left.total_seconds() / 86_400 * req.day_s
        else:
            wait = req.day_s
        await workflow.sleep(timedelta(seconds=max(wait, 0)))
        try:
            await workflow.start_child_workflow(
                IncomeSummariesWorkflow.run,
                IncomeSummariesRequest(day.isoformat()),
                id=income_summaries_id(day.isoformat()),
                parent_close_policy=ParentClosePolicy.ABANDON,
                id_reuse_policy=WorkflowIDReusePolicy.REJECT_DUPLICATE,
            )
        except WorkflowAlreadyStartedError:
            pass
        workflow.continue_as_new(IncomeClockRequest(req.day_s, (day + timedelta(days=1)).isoformat()))

    @workflow.query
    def summarises_next(self) -> str:
        return self.next_day
