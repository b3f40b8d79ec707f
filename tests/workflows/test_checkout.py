"""The Checkout workflow, branch by branch of its diagram, with fake activities (no database, no Stripe).
Each test drives it as the API does (update-with-start `pay`, the `authenticated` update, the webhook signal)
and checks what a buyer and the books would notice: the pay answer, the workflow's end, which steps ran."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from datetime import datetime, timedelta

import pytest
from temporalio.api.enums.v1 import EventType
from temporalio.client import Client, WithStartWorkflowOperation, WorkflowHandle, WorkflowUpdateFailedError
from temporalio.common import WorkflowIDConflictPolicy, WorkflowIDReusePolicy
from temporalio.exceptions import ApplicationError, WorkflowAlreadyStartedError
from temporalio.worker import Worker

from domain.orders.checkout import (
    CheckoutInput,
    PaymentEvent,
    PayOutcome,
    PayRequest,
    PayResult,
    WireIncoming,
)
from domain.orders.orders import PaymentState
from domain.workflow_ids import checkout_id, subscription_id
from tests.workflows.fakes import FakeCheckout
from worker.main import RUNNER
from workflows.checkout import CheckoutWorkflow

FULFILMENT = ["issue_invoice", "book_seller_balance", "grant_access"]


class Shop:
    """One checkout on a worker with fake activities, on a compressed calendar: one "day" lasts `day_s`
    seconds, and an unpaid checkout stays open one day."""

    def __init__(self, client: Client, task_queue: str, fake: FakeCheckout, day_s: int = 60) -> None:
        self.client, self.task_queue, self.fake = client, task_queue, fake
        self.token = secrets.token_hex(10)
        self.inp = CheckoutInput(order_token=self.token, day_s=day_s, open_days=1)
        self.handle: WorkflowHandle = client.get_workflow_handle(checkout_id(self.token))

    def worker(self) -> Worker:
        return Worker(
            self.client,
            task_queue=self.task_queue,
            workflows=[CheckoutWorkflow],
            activities=self.fake.activities(),
            workflow_runner=RUNNER,
        )

    async def pay(self, payment_method: str = "pm_card_a", kind: str = "card") -> PayResult:
        start = WithStartWorkflowOperation(
            CheckoutWorkflow.run,
            self.inp,
            id=checkout_id(self.token),
            task_queue=self.task_queue,
            id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
            id_reuse_policy=WorkflowIDReusePolicy.REJECT_DUPLICATE,  # as the API: one checkout per order
        )
        return await self.client.execute_update_with_start_workflow(
            CheckoutWorkflow.pay, PayRequest(payment_method, kind), start_workflow_operation=start
        )

    async def authenticated(self) -> PayResult:
        return await self.handle.execute_update(CheckoutWorkflow.authenticated)

    async def result(self) -> str:
        return await asyncio.wait_for(self.handle.result(), 30)


def _fulfilled(calls: list[str], intent: str) -> None:
    """Paid once: recorded paid with the paying intent, then invoice, balance and access (any order), mails last."""
    paid_at = calls.index(f"record_order_paid:{intent}")
    assert sorted(calls[paid_at + 1 : paid_at + 4]) == sorted(FULFILMENT)
    assert calls[paid_at + 4 :] == ["send_order_mails"]
    assert sum(c.startswith("record_order_paid") for c in calls) == 1


async def test_paid(client, task_queue, record):
    shop = Shop(client, task_queue, FakeCheckout())
    async with shop.worker():
        r = await shop.pay()
        assert (r.outcome, r.payment_state) == (PayOutcome.succeeded, PaymentState.paid)
        assert await shop.result() == PaymentState.paid
    _fulfilled(shop.fake.calls, "pi_fake_1")
    assert shop.fake.charged_attempts() == [1]
    await record(shop.handle, "checkout")


async def test_a_deferred_first_rate_saves_the_card_and_charges_nothing(client, task_queue, record):
    """A test period (or a start day still to come): the buyer's card is saved, access and mails follow, and no
    PaymentIntent, invoice or sale exists; a card that was not saved is a failed attempt the buyer repeats."""
    shop = Shop(client, task_queue, FakeCheckout(saved={1: False}))
    shop.inp.deferred = True
    async with shop.worker():
        r = await shop.pay("pm_unsaved")
        assert (r.outcome, r.payment_state) == (PayOutcome.failed, PaymentState.payment_waiting)
        assert r.message == "The card was not saved. Please enter it again."
        r = await shop.pay("pm_saved")
        assert (r.outcome, r.payment_state) == (PayOutcome.succeeded, PaymentState.paying)
        assert await shop.result() == PaymentState.paying
        progress = await shop.handle.query(CheckoutWorkflow.progress)
    calls = shop.fake.calls
    assert calls == [
        "save_card",
        "save_card",
        "record_order_started:pm_saved",
        "grant_access",
        "send_order_mails",
    ]
    assert shop.fake.charged_attempts() == []  # never a PaymentIntent
    assert progress.state == PaymentState.paying
    assert {s.key: s.state for s in progress.steps}["invoice"] == "skipped"
    await record(shop.handle, "checkout")


async def test_declined_then_paid_with_another_card(client, task_queue, record):
    shop = Shop(client, task_queue, FakeCheckout(ensure={1: PayOutcome.failed, 2: PayOutcome.succeeded}))
    async with shop.worker():
        r = await shop.pay("pm_declined")
        assert (r.outcome, r.payment_state) == (PayOutcome.failed, PaymentState.payment_waiting)
        assert r.message == "Your card was declined."
        r = await shop.pay("pm_good")
        assert r.outcome == PayOutcome.succeeded
        assert await shop.result() == PaymentState.paid
    assert shop.fake.charged_attempts() == [1, 2]  # a new attempt, a new PaymentIntent
    _fulfilled(shop.fake.calls, "pi_fake_2")
    await record(shop.handle, "checkout")


async def test_three_d_secure_completed_in_the_browser(client, task_queue, record):
    fake = FakeCheckout(ensure={1: PayOutcome.requires_action}, refresh=[PayOutcome.succeeded])
    shop = Shop(client, task_queue, fake)
    async with shop.worker():
        r = await shop.pay()
        assert (r.outcome, r.payment_state) == (PayOutcome.requires_action, PaymentState.payment_pending)
        assert r.client_secret
        r = await shop.authenticated()
        assert r.outcome == PayOutcome.succeeded
        assert await shop.result() == PaymentState.paid
    _fulfilled(fake.calls, "pi_fake_1")
    await record(shop.handle, "checkout")


async def test_three_d_secure_learned_from_the_webhook_alone(client, task_queue, record):
    fake = FakeCheckout(ensure={1: PayOutcome.requires_action}, refresh=[PayOutcome.succeeded])
    shop = Shop(client, task_queue, fake)
    async with shop.worker():
        assert (await shop.pay()).outcome == PayOutcome.requires_action
        await shop.handle.signal(
            CheckoutWorkflow.payment_event, PaymentEvent("pi_fake_1", "payment_intent.succeeded")
        )
        assert await shop.result() == PaymentState.paid
    assert "refresh_payment_intent" in fake.calls  # the hint was checked with the provider, not believed
    _fulfilled(fake.calls, "pi_fake_1")
    await record(shop.handle, "checkout")


async def test_three_d_secure_failed_then_expired(client, task_queue, record):
    fake = FakeCheckout(ensure={1: PayOutcome.requires_action}, refresh=[PayOutcome.failed])
    shop = Shop(client, task_queue, fake, day_s=3)
    async with shop.worker():
        assert (await shop.pay()).outcome == PayOutcome.requires_action
        r = await shop.authenticated()
        assert (r.outcome, r.payment_state) == (PayOutcome.failed, PaymentState.payment_waiting)
        assert await shop.result() == PaymentState.payment_not_completed
    assert fake.calls[-1] == "expire_checkout"
    assert not any(c.startswith("record_order_paid") for c in fake.calls)
    await record(shop.handle, "checkout")


async def test_abandoned_checkout_expires_on_its_own_calendar(client, task_queue, record):
    fake = FakeCheckout(ensure={1: PayOutcome.requires_action}, refresh=[PayOutcome.requires_action])
    shop = Shop(client, task_queue, fake, day_s=2)
    async with shop.worker():
        assert (await shop.pay()).outcome == PayOutcome.requires_action
        assert await shop.result() == PaymentState.payment_not_completed
        with pytest.raises(WorkflowAlreadyStartedError):  # closed: no payment can start again
            await shop.pay("pm_too_late")
    assert fake.calls == ["ensure_payment_intent", "expire_checkout"]
    await record(shop.handle, "checkout")


async def test_another_card_while_three_d_secure_waits_cancels_the_waiting_attempt(
    client, task_queue, record
):
    fake = FakeCheckout(
        ensure={1: PayOutcome.requires_action, 2: PayOutcome.succeeded},
        refresh=[PayOutcome.requires_action],
        cancel=PayOutcome.failed,
    )
    shop = Shop(client, task_queue, fake)
    async with shop.worker():
        assert (await shop.pay("pm_3ds")).outcome == PayOutcome.requires_action
        assert (await shop.pay("pm_other")).outcome == PayOutcome.succeeded
        assert await shop.result() == PaymentState.paid
    # cancelled before the second attempt started: at most one attempt can ever take money
    assert fake.calls.index("cancel_payment_intent") < len(fake.calls) - fake.calls[::-1].index(
        "ensure_payment_intent"
    )
    assert fake.charged_attempts() == [1, 2]
    _fulfilled(fake.calls, "pi_fake_2")
    await record(shop.handle, "checkout")


async def test_another_card_when_the_waiting_attempt_succeeded_meanwhile_is_never_charged(
    client, task_queue, record
):
    fake = FakeCheckout(
        ensure={1: PayOutcome.requires_action},
        refresh=[PayOutcome.requires_action],
        cancel=PayOutcome.succeeded,
    )
    shop = Shop(client, task_queue, fake)
    async with shop.worker():
        assert (await shop.pay("pm_3ds")).outcome == PayOutcome.requires_action
        assert (await shop.pay("pm_other")).outcome == PayOutcome.succeeded
        assert await shop.result() == PaymentState.paid
    assert fake.charged_attempts() == [1]  # the new card was never used
    _fulfilled(fake.calls, "pi_fake_1")
    await record(shop.handle, "checkout")


async def test_concurrent_pay_requests_charge_once(client, task_queue, record):
    fake = FakeCheckout(ensure_delay_s=0.3)
    shop = Shop(client, task_queue, fake)
    # six requests at once (a double click, a retrying proxy), all in before a worker takes the first task: one
    # starts the workflow, the others find it; the lock lets one payment step run, the others see its outcome
    requests = [asyncio.create_task(shop.pay()) for _ in range(6)]
    await asyncio.sleep(0.5)
    async with shop.worker():
        results = await asyncio.gather(*requests)
        assert {(r.outcome, r.payment_state) for r in results} == {(PayOutcome.succeeded, PaymentState.paid)}
        assert await shop.result() == PaymentState.paid
    assert fake.calls.count("ensure_payment_intent") == 1
    _fulfilled(fake.calls, "pi_fake_1")
    kinds = [e.event_type for e in (await shop.handle.fetch_history()).events]
    first_done = kinds.index(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_COMPLETED)
    # they were handled side by side (in this run all six; on a loaded machine a late one may come after)
    assert kinds[:first_done].count(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED) >= 2
    await record(shop.handle, "checkout")


async def test_processing_waits_for_the_provider(client, task_queue, record):
    fake = FakeCheckout(ensure={1: PayOutcome.processing}, refresh=[PayOutcome.succeeded])
    shop = Shop(client, task_queue, fake)
    async with shop.worker():
        r = await shop.pay()
        assert (r.outcome, r.payment_state, r.client_secret) == (
            PayOutcome.processing,
            PaymentState.payment_pending,
            None,
        )
        await shop.handle.signal(
            CheckoutWorkflow.payment_event, PaymentEvent("pi_fake_1", "payment_intent.succeeded")
        )
        assert await shop.result() == PaymentState.paid
    _fulfilled(fake.calls, "pi_fake_1")
    await record(shop.handle, "checkout")


async def test_a_long_wait_continues_as_new_with_its_state(short_history_client, task_queue, record):
    """Webhook hints that change nothing grow the history until Temporal suggests a continue-as-new; the next
    run restores the attempt, its waiting intent and the deadline from its input, and pays that same attempt."""
    fake = FakeCheckout(ensure={1: PayOutcome.requires_action}, refresh=[PayOutcome.requires_action])
    shop = Shop(short_history_client, task_queue, fake)
    async with shop.worker():
        assert (await shop.pay()).outcome == PayOutcome.requires_action
        first = await shop.handle.describe()
        for hints in range(1, 20):
            await shop.handle.signal(
                CheckoutWorkflow.payment_event, PaymentEvent("pi_fake_1", "payment_intent.requires_action")
            )
            await _until(lambda n=hints: fake.calls.count("refresh_payment_intent") >= n)
            if await _continued(shop.handle, first.run_id):
                break
        else:
            pytest.fail("no continue-as-new was suggested")

        history = await shop.handle.fetch_history()  # the new run's
        started = history.events[0].workflow_execution_started_event_attributes
        [carried] = await short_history_client.data_converter.decode(started.input.payloads, [CheckoutInput])
        assert carried.order_token == shop.token and carried.state is not None
        assert (carried.state.attempt, carried.state.method) == (1, "pm_card_a")
        assert carried.state.intent is not None and carried.state.intent.intent_id == "pi_fake_1"
        assert carried.state.intent.outcome == PayOutcome.requires_action
        deadline = datetime.fromisoformat(carried.state.deadline_at or "")
        assert abs(deadline - (first.start_time + timedelta(seconds=60))) < timedelta(seconds=2)  # not reset

        fake.refresh = [PayOutcome.succeeded]
        assert (await shop.authenticated()).outcome == PayOutcome.succeeded
        assert await shop.result() == PaymentState.paid
    assert fake.charged_attempts() == [1]
    _fulfilled(fake.calls, "pi_fake_1")
    first_run = short_history_client.get_workflow_handle(checkout_id(shop.token), run_id=first.run_id)
    await record(first_run, "checkout", "_first_run")
    await record(shop.handle, "checkout")


async def _until(check: Callable[[], bool], timeout_s: float = 10) -> None:
    async with asyncio.timeout(timeout_s):
        while not check():
            await asyncio.sleep(0.02)


async def _continued(handle: WorkflowHandle, first_run_id: str | None) -> bool:
    """True once the workflow runs on in a new run (the first one continued as new), False once the first run
    has handled everything it was sent and still runs."""
    async with asyncio.timeout(10):
        while True:
            desc = await handle.describe()
            if desc.run_id != first_run_id:
                return True
            if not desc.raw_description.HasField("pending_workflow_task"):
                return False
            await asyncio.sleep(0.02)


async def test_a_recurring_plan_paid_hands_its_rates_to_the_subscription(client, task_queue, record):
    """A recurring plan's checkout, paid, starts `subscription-{token}` (rate 2 onwards) as a child it abandons:
    the Subscription outlives the checkout. Its history is recorded, so a change to this hand-over fails replay."""
    shop = Shop(client, task_queue, FakeCheckout())
    shop.inp.recurring = True
    async with shop.worker():
        r = await shop.pay()
        assert r.outcome == PayOutcome.succeeded
        assert await shop.result() == PaymentState.paid
    child = client.get_workflow_handle(subscription_id(shop.token))
    described = await child.describe()
    assert described.workflow_type == "Subscription" and described.parent_id == checkout_id(shop.token)
    await child.terminate("the test's subscription needs no worker")
    await record(shop.handle, "checkout")


async def test_a_bank_wire_waits_its_days_reminds_and_is_paid_once_the_transfers_cover_it(
    client, task_queue, record
):
    """The buyer chooses the bank wire: the instructions are mailed at once and a reminder on each reminder day;
    a transfer short of the amount leaves the order waiting, the bank's callback delivered twice counts once, and
    the transfer that completes the amount pays it and fulfils the order like a card."""
    shop = Shop(client, task_queue, FakeCheckout(), day_s=2)
    start = WithStartWorkflowOperation(
        CheckoutWorkflow.run,
        shop.inp,
        id=checkout_id(shop.token),
        task_queue=shop.task_queue,
        id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
    )
    async with shop.worker():
        told = await client.execute_update_with_start_workflow(
            CheckoutWorkflow.choose_wire, start_workflow_operation=start
        )
        assert (told.amount, told.reference) == (3400, f"SF-{shop.token.upper()}")
        assert datetime.fromisoformat(told.due_at) - datetime.fromisoformat(told.started_at) == timedelta(
            seconds=14
        )
        again = await shop.handle.execute_update(CheckoutWorkflow.choose_wire)
        assert again.due_at == told.due_at  # the same instructions, one waiting payment
        with pytest.raises(WorkflowUpdateFailedError) as refused:
            await shop.pay()  # no card once the transfer is awaited
        assert isinstance(refused.value.cause, ApplicationError) and refused.value.cause.type == "wire_chosen"
        await _eventually(lambda: "send_wire_mail:1" in shop.fake.calls, 12)  # day 3's reminder
        await shop.handle.signal(CheckoutWorkflow.wire_received, WireIncoming("bankevt_1", 3000, "eur"))
        await shop.handle.signal(CheckoutWorkflow.wire_received, WireIncoming("bankevt_1", 3000, "eur"))
        await asyncio.sleep(0.5)
        assert (await shop.handle.query(CheckoutWorkflow.progress)).state != PaymentState.paid
        await shop.handle.signal(CheckoutWorkflow.wire_received, WireIncoming("bankevt_2", 400, "eur"))
        assert await shop.result() == PaymentState.paid
    calls = shop.fake.calls
    assert calls.count("start_wire") == 1 and "ensure_payment_intent" not in calls
    assert [c for c in calls if c.startswith("send_wire_mail")] == ["send_wire_mail:0", "send_wire_mail:1"]
    _fulfilled([c for c in calls if not c.startswith(("send_wire_mail", "start_wire"))], "bankevt_2")
    await record(shop.handle, "checkout")


async def test_a_bank_wire_never_paid_lapses_on_its_day_after_every_reminder(client, task_queue):
    shop = Shop(client, task_queue, FakeCheckout(), day_s=1)
    start = WithStartWorkflowOperation(
        CheckoutWorkflow.run,
        shop.inp,
        id=checkout_id(shop.token),
        task_queue=shop.task_queue,
        id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
    )
    async with shop.worker():
        await client.execute_update_with_start_workflow(
            CheckoutWorkflow.choose_wire, start_workflow_operation=start
        )
        assert await shop.result() == PaymentState.payment_not_completed
    mails = [c for c in shop.fake.calls if c.startswith("send_wire_mail")]
    assert mails == ["send_wire_mail:0", "send_wire_mail:1", "send_wire_mail:2"]
    assert shop.fake.calls[-1] == "expire_checkout"


async def test_a_direct_debit_waits_past_the_checkouts_day_asked_daily_and_is_paid_when_it_settles(
    client, task_queue, record
):
    """A SEPA Direct Debit is `processing` for days: the checkout waits past its own day (up to SEPA_DAYS), asks
    the provider each day in case a webhook was lost, refuses another method meanwhile (the debit cannot be called
    back), and is paid and fulfilled once, when the debit settles."""
    fake = FakeCheckout(
        ensure={1: PayOutcome.processing},
        refresh=[PayOutcome.processing, PayOutcome.processing, PayOutcome.succeeded],
    )
    shop = Shop(client, task_queue, fake, day_s=1)
    async with shop.worker():
        r = await shop.pay("pm_sepa_a", kind="sepa")
        assert (r.outcome, r.payment_state) == (PayOutcome.processing, PaymentState.payment_pending)
        again = await shop.pay("pm_sepa_a", kind="sepa")  # the same account sent twice: the same debit
        assert again.outcome == PayOutcome.processing
        with pytest.raises(WorkflowUpdateFailedError) as refused:
            await shop.pay("pm_card_b")
        assert isinstance(refused.value.cause, ApplicationError)
        assert refused.value.cause.type == "sepa_in_progress"
        assert await shop.result() == PaymentState.paid
    calls = fake.calls
    assert calls.count("ensure_payment_intent") == 1 and "expire_checkout" not in calls
    assert calls.count("refresh_payment_intent") >= 3  # asked on its days, no webhook at all
    _fulfilled(calls, "pi_fake_1")
    await record(shop.handle, "checkout")


async def test_a_refused_debit_gives_the_buyer_the_checkouts_own_day_back(client, task_queue):
    fake = FakeCheckout(ensure={1: PayOutcome.processing}, refresh=[PayOutcome.failed])
    shop = Shop(client, task_queue, fake, day_s=2)
    async with shop.worker():
        assert (await shop.pay("pm_sepa_a", kind="sepa")).outcome == PayOutcome.processing
        await shop.handle.signal(
            CheckoutWorkflow.payment_event, PaymentEvent("pi_fake_1", "payment_intent.payment_failed")
        )
        # not the debit's 14 days: the checkout's own day, then it lapses
        assert await shop.result() == PaymentState.payment_not_completed
    assert fake.calls[-1] == "expire_checkout"


async def test_a_direct_debit_pays_one_payment(client, task_queue):
    shop = Shop(client, task_queue, FakeCheckout())
    shop.inp.recurring = True
    async with shop.worker():
        with pytest.raises(WorkflowUpdateFailedError) as refused:
            await shop.pay("pm_sepa_a", kind="sepa")
        assert isinstance(refused.value.cause, ApplicationError)
        assert refused.value.cause.type == "sepa_not_for_plan"
        assert (await shop.pay()).outcome == PayOutcome.succeeded  # the card pays it


async def test_a_free_order_is_taken_without_a_payment_and_delivered_without_invoice_or_sale(
    client, task_queue, record
):
    """A coupon took the whole price: no provider is asked; the goods are set aside, the order recorded paid,
    access granted and the mails sent; no invoice and no sale (nothing was paid). Taken twice, the same answer."""
    shop = Shop(client, task_queue, FakeCheckout())
    shop.inp.free = True
    start = WithStartWorkflowOperation(
        CheckoutWorkflow.run,
        shop.inp,
        id=checkout_id(shop.token),
        task_queue=shop.task_queue,
        id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
    )
    async with shop.worker():
        r = await client.execute_update_with_start_workflow(
            CheckoutWorkflow.take_free, start_workflow_operation=start
        )
        assert (r.outcome, r.payment_state) == (PayOutcome.succeeded, PaymentState.paid)
        assert await shop.result() == PaymentState.paid
        steps = {s.key: s.state for s in (await shop.handle.query(CheckoutWorkflow.progress)).steps}
    assert steps["invoice"] == steps["balance"] == "skipped"
    calls = shop.fake.calls
    assert calls == [
        "reserve_free",
        f"record_order_paid:free-{shop.token}",
        "grant_access",
        "send_order_mails",
    ]
    await record(shop.handle, "checkout")


async def test_an_order_with_a_price_cannot_be_taken_for_free(client, task_queue):
    shop = Shop(client, task_queue, FakeCheckout())
    start = WithStartWorkflowOperation(
        CheckoutWorkflow.run,
        shop.inp,
        id=checkout_id(shop.token),
        task_queue=shop.task_queue,
        id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
    )
    async with shop.worker():
        with pytest.raises(WorkflowUpdateFailedError) as refused:
            await client.execute_update_with_start_workflow(
                CheckoutWorkflow.take_free, start_workflow_operation=start
            )
        assert isinstance(refused.value.cause, ApplicationError) and refused.value.cause.type == "not_free"
        assert (await shop.pay()).outcome == PayOutcome.succeeded


async def _eventually(check: Callable[[], bool], timeout: float) -> None:
    async with asyncio.timeout(timeout):
        while not check():
            await asyncio.sleep(0.05)


def test_the_fake_stands_in_for_real_activities_with_their_types():
    from activities.checkout import CheckoutActivities
    from tests.workflows.fakes import assert_fake_matches

    assert_fake_matches(FakeCheckout, CheckoutActivities)
