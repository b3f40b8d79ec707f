"""The month close.

`month-close` (one, long-lived): sleeps until the 1st of the next month (a day is `day_s` seconds), starts
`platform-invoices-{previous month}` and continues as new for the month after.

`platform-invoices-{YYYY-MM}`: issues every seller's platform invoice of the month, a page of sellers per
activity call, each invoice once (unique seller and month); a long run continues as new where it stopped.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

from temporalio import workflow
from temporalio.common import WorkflowIDReusePolicy
from temporalio.exceptions import WorkflowAlreadyStartedError
from temporalio.workflow import ParentClosePolicy

from domain.billing.platform_invoices import (
    IssuePage,
    MonthCloseRequest,
    PlatformInvoicesDone,
    PlatformInvoicesRequest,
    next_close,
    previous_period,
)
from domain.workflow_ids import platform_invoices_id
from workflows.policies import BATCH_STEP, ShortLived, run_step

with workflow.unsafe.imports_passed_through():
    from activities.platform_invoices import PlatformInvoiceActivities


@workflow.defn(name="PlatformInvoices", versioning_behavior=ShortLived.behaviour)
class PlatformInvoicesWorkflow:
    def __init__(self) -> None:
        self.issued = 0

    @workflow.run
    async def run(self, req: PlatformInvoicesRequest) -> PlatformInvoicesDone:
        after, self.issued = req.after_seller_id, req.issued
        while True:
            page = await run_step(
                PlatformInvoiceActivities.issue_platform_invoices, IssuePage(req.period, after), BATCH_STEP
            )
            self.issued += page.issued
            if page.last_seller_id is None:
                return PlatformInvoicesDone(req.period, self.issued)
            after = page.last_seller_id
            if workflow.info().is_continue_as_new_suggested():
                workflow.continue_as_new(PlatformInvoicesRequest(req.period, after, self.issued))

    @workflow.query
    def issued_so_far(self) -> int:
        return self.issued


@workflow.defn(name="MonthClose")
class MonthCloseWorkflow:
    def __init__(self) -> None:
        self.next_close = ""

    @workflow.run
    async def run(self, req: MonthCloseRequest) -> None:
        today = workflow.now().date()
        close = date.fromisoformat(req.next_close) if req.next_close else next_close(today)
        self.next_close = close.isoformat()
        if not req.next_close:
            # the first run sleeps the real time left until the 1st (scaled); later months a calendar month each
            left = datetime.combine(close, time(), workflow.now().tzinfo) - workflow.now()
            wait = left.total_seconds() / 86_400 * req.day_s
        else:
            wait = (close - previous_close(close)).days * req.day_s
        await workflow.sleep(timedelta(seconds=max(wait, 0)))
        period = previous_period(close)
        try:
            await workflow.start_child_workflow(
                PlatformInvoicesWorkflow.run,
                PlatformInvoicesRequest(period),
                id=platform_invoices_id(period),
                parent_close_policy=ParentClosePolicy.ABANDON,
                id_reuse_policy=WorkflowIDReusePolicy.REJECT_DUPLICATE,
            )
        except WorkflowAlreadyStartedError:
            pass  # a manager closed the month by hand already
        workflow.continue_as_new(MonthCloseRequest(req.day_s, next_close(close).isoformat()))

    @workflow.query
    def closes_next(self) -> str:
        return self.next_close


def previous_close(close: date) -> date:
    """The 1st of the month before `close` (a 1st)."""
    return date(close.year - 1, 12, 1) if close.month == 1 else date(close.year, close.month - 1, 1)
