"""Pay later in the Checkout workflow, with fake activities on a compressed calendar: the goods and the invoice at
once, reminders before the due day, a transfer with the order's reference pays it (once, however often the bank
reports it); unpaid on the day, the claim of its one rate runs (reminders only: there is no card to charge again),
and a late transfer closes that claim as collected."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable

import pytest
from temporalio.client import Client, WithStartWorkflowOperation, WorkflowUpdateFailedError
from temporalio.common import WorkflowIDConflictPolicy
from temporalio.exceptions import ApplicationError
from temporalio.worker import Worker

from domain.orders.checkout import CheckoutInput, WireIncoming
from domain.orders.orders import PaymentState
from domain.workflow_ids import checkout_id, claim_id
from tests.workflows.billing import FakeBilling, monthly
from tests.workflows.fakes import FakeCheckout
from worker.main import RUNNER
from workflows.checkout import CheckoutWorkflow
from workflows.claim import ClaimWorkflow

DELIVERED = ["issue_invoice", "grant_access", "send_order_mails"]


class Later:
    """One order paid later: a "day" of `day_s` seconds (the invoice is due on day 14), the claim's day 0.2 s."""

    def __init__(self, client: Client, task_queue: str, billing: FakeBilling | None = None) -> None:
        self.client, self.task_queue = client, task_queue
        self.fake = FakeCheckout()
        self.billing = billing or FakeBilling(monthly(1), stage_days=(1, 2, 3))
        self.token = secrets.token_hex(10)
        self.inp = CheckoutInput(order_token=self.token, day_s=1, open_days=1, billing_day_s=0.2)
        self.handle = client.get_workflow_handle(checkout_id(self.token))
        self.claim = client.get_workflow_handle(claim_id(self.token, 1))

    def worker(self) -> Worker:
        return Worker(
            self.client,
            task_queue=self.task_queue,
            workflows=[CheckoutWorkflow, ClaimWorkflow],
            activities=[*self.fake.activities(), *self.billing.activities()],
            workflow_runner=RUNNER,
        )

    async def choose(self):
        start = WithStartWorkflowOperation(
            CheckoutWorkflow.run,
            self.inp,
            id=checkout_id(self.token),
            task_queue=self.task_queue,
            id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
        )
        return await self.client.execute_update_with_start_workflow(
            CheckoutWorkflow.choose_pay_later, start_workflow_operation=start
        )

    async def transfer(self, event_id: str, amount: int) -> None:
        await self.handle.signal(CheckoutWorkflow.wire_received, WireIncoming(event_id, amount, "eur"))


async def _eventually(check: Callable[[], bool], timeout: float) -> None:
    async with asyncio.timeout(timeout):
        while not check():
            await asyncio.sleep(0.05)


async def test_pay_later_delivers_at_once_and_the_transfer_pays_it_once(client, task_queue, record):
    later = Later(client, task_queue)
    async with later.worker():
        told = await later.choose()
        assert told.later and told.reference == f"SF-{later.token.upper()}"
        await _eventually(lambda: "send_wire_mail:0" in later.fake.calls, 10)
        # the goods and the unpaid invoice before any money; the order is `paying`
        assert later.fake.calls[:4] == ["start_pay_later", *DELIVERED]
        assert (await later.handle.query(CheckoutWorkflow.progress)).state == PaymentState.paying
        assert await later.handle.execute_update(CheckoutWorkflow.choose_pay_later) == told  # the same answer
        for refuse, reason in ((CheckoutWorkflow.choose_wire, "pay_later_chosen"),):
            with pytest.raises(WorkflowUpdateFailedError) as refused:
                await later.handle.execute_update(refuse)
            assert isinstance(refused.value.cause, ApplicationError) and refused.value.cause.type == reason
        await later.transfer("bankevt_1", 3400)
        await later.transfer("bankevt_1", 3400)  # the bank's callback again
        assert await asyncio.wait_for(later.handle.result(), 20) == PaymentState.paid
    calls = later.fake.calls
    paid = calls.index("record_order_paid:bankevt_1")
    assert calls[paid + 1 :] == ["book_seller_balance"]  # booked once; delivered before, not again
    assert [c for c in calls if c in DELIVERED] == DELIVERED
    assert "pay_later_overdue" not in calls and later.billing.opened == []
    await record(later.handle, "checkout")


async def test_unpaid_on_its_day_the_claim_reminds_and_a_late_transfer_closes_it_collected(
    client, task_queue, record
):
    """Reminders on days 7 and 12, none after; day 14 unpaid: the rate overdue (access paused), its claim opened
    as a hard decline (reminders, never a charge); the transfer then pays the order and the claim is collected."""
    later = Later(client, task_queue, FakeBilling(monthly(1), stage_days=(1, 40, 80)))
    async with later.worker():
        await later.choose()
        await _eventually(lambda: later.billing.reminders != [], 30)
        assert [c for c in later.fake.calls if c.startswith("send_wire_mail")] == [
            "send_wire_mail:0",
            "send_wire_mail:1",
            "send_wire_mail:2",
        ]
        assert "pay_later_overdue" in later.fake.calls and later.billing.opened == [1]
        assert later.billing.reminders[0] == (1, "first", True)  # nothing to charge again: a hard decline
        await later.transfer("bankevt_late", 3400)
        assert await asyncio.wait_for(later.handle.result(), 20) == PaymentState.paid
        assert await asyncio.wait_for(later.claim.result(), 10) == "collected"
        await record(later.handle, "checkout")
        await record(later.claim, "claim")
    assert later.billing.charges == []  # no card was ever charged
    assert [(c.rate, c.outcome) for c in later.billing.closed] == [(1, "collected")]
    # after the day, the transfer is booked as the rate's part when it comes: the sale once, not again when paid
    assert later.fake.calls.count("book_late_transfer:bankevt_late") == 1
    assert "book_seller_balance" not in later.fake.calls and later.fake.returned == {}


async def test_after_the_day_transfers_and_the_agency_pay_the_rate_part_by_part_and_the_rest_goes_back(
    client, task_queue
):
    """A part before the day (10.00), the agency's part during the claim (14.00), then the buyer transfers the
    whole 34.00 again: 10.00 of it pays the rest, 24.00 is owed back to them; the sale is booked by the parts, never
    as a whole on top of them."""
    later = Later(client, task_queue, FakeBilling(monthly(1), stage_days=(1, 40, 80)))
    async with later.worker():
        await later.choose()
        await _eventually(lambda: "send_wire_mail:0" in later.fake.calls, 10)
        await later.transfer("bankevt_part", 1000)
        await _eventually(lambda: later.billing.opened == [1], 30)
        assert "book_late_transfer:bankevt_part" in later.fake.calls  # the part before the day, booked now
        later.fake.agency_paid = 1400
        await later.transfer("bankevt_all", 3400)
        await later.transfer("bankevt_all", 3400)  # the bank's callback again
        assert await asyncio.wait_for(later.handle.result(), 20) == PaymentState.paid
        assert await asyncio.wait_for(later.claim.result(), 10) == "collected"
    calls = later.fake.calls
    assert later.fake.late_paid == 1000 + 1000 and calls.count("book_late_transfer:bankevt_all") == 1
    assert "book_seller_balance" not in calls
    assert later.fake.returned == {}  # the booking itself recorded the 24.00 owed back


async def test_a_transfer_above_the_amount_or_after_the_payment_is_owed_back(client, task_queue, record):
    """40.00 for an invoice of 34.00: paid, 6.00 owed back; a second transfer after it: owed back whole; one in
    another currency: owed back whole."""
    later = Later(client, task_queue)
    async with later.worker():
        await later.choose()
        await _eventually(lambda: "send_wire_mail:0" in later.fake.calls, 10)
        await later.handle.signal(CheckoutWorkflow.wire_received, WireIncoming("bankevt_usd", 3400, "usd"))
        await later.transfer("bankevt_more", 4000)
        await later.transfer("bankevt_again", 3400)
        assert await asyncio.wait_for(later.handle.result(), 20) == PaymentState.paid
        await record(later.handle, "checkout")
    assert later.fake.returned == {"bankevt_usd": 3400, "bankevt_more": 600, "bankevt_again": 3400}
    assert later.fake.calls.count("book_seller_balance") == 1 and "book_late_transfer" not in str(
        later.fake.calls
    )


async def test_a_claim_that_ends_uncollected_leaves_the_order_owing(client, task_queue):
    later = Later(client, task_queue)
    async with later.worker():
        await later.choose()
        assert await asyncio.wait_for(later.handle.result(), 40) == "paying"
        assert await later.claim.result() == "not_collected"
    calls = later.fake.calls
    assert calls[-1] == "settle_pay_later" and not any(c.startswith("record_order_paid") for c in calls)
    assert "book_seller_balance" not in calls and "expire_checkout" not in calls
    assert [r[1] for r in later.billing.reminders] == ["first", "second", "third"]
