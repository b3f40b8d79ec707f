"""The lean reference's workflow: the Checkout's shape (started when the checkout opens, paid by
update-with-start whose pay step is a local activity, then the fulfilment activities one after another) and no
more. In its own module so the worker's sandbox can import it again."""

from __future__ import annotations

from datetime import timedelta

from temporalio import workflow

with workflow.unsafe.imports_passed_through():
    from bench.lean_work import LeanActivities, Pay

PAY_STEP = timedelta(seconds=15)
STEP = timedelta(seconds=30)
CHECKOUT_DAY = timedelta(days=1)


@workflow.defn(name="BenchLeanCheckout")
class LeanCheckout:
    def __init__(self) -> None:
        self.paid = False

    @workflow.run
    async def run(self, token: str) -> str:
        try:
            await workflow.wait_condition(lambda: self.paid, timeout=CHECKOUT_DAY)
        except TimeoutError:
            return "expired"
        await workflow.execute_activity_method(LeanActivities.record_paid, token, start_to_close_timeout=STEP)
        await workflow.execute_activity_method(
            LeanActivities.issue_invoice, token, start_to_close_timeout=STEP
        )
        await workflow.execute_activity_method(LeanActivities.book_sale, token, start_to_close_timeout=STEP)
        await workflow.execute_activity_method(
            LeanActivities.grant_access, token, start_to_close_timeout=STEP
        )
        await workflow.execute_activity_method(LeanActivities.send_mails, token, start_to_close_timeout=STEP)
        await workflow.wait_condition(workflow.all_handlers_finished)
        return "paid"

    @workflow.update
    async def pay(self, payment_method: str) -> str:
        status = await workflow.execute_local_activity_method(
            LeanActivities.pay,
            Pay(workflow.info().workflow_id.removeprefix("lean-checkout-"), payment_method),
            start_to_close_timeout=PAY_STEP,
        )
        if status == "succeeded":
            self.paid = True
        return status

    @pay.validator
    def _may_pay(self, payment_method: str) -> None:
        if self.paid:
            raise ValueError("already paid")
