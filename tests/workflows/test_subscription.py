"""The Subscription and RatePayment workflows with fake activities and a compressed day: an installment paid to
its last rate; a test period; pause and resume; cancellation now and at the period's end; a card expiring before the
next rate; an open-ended subscription whose long history continues as new; a debt paid by the payer; every action a
person takes refused when it does not apply. The Claim workflow's own scenarios are test_claim.py."""

from __future__ import annotations

import asyncio
import dataclasses
import uuid

import pytest
from temporalio import activity
from temporalio.client import Client, WorkflowExecutionStatus
from temporalio.worker import Worker

from activities.claim import ClaimActivities
from activities.rates import RateActivities
from activities.subscription import SubscriptionActivities
from domain.billing.subscriptions import (
    Cancel,
    CancelMode,
    ChargeOutcome,
    ChargeRate,
    RateOwed,
    RatePaymentInput,
    RatePaymentResult,
)
from domain.errors import DomainError
from domain.orders.orders import PaymentType
from domain.workflow_ids import rate_payment_id
from handles import subscriptions
from tests.workflows.billing import (
    FakeBilling,
    daily_installment,
    monthly,
    subscription_worker,
    until,
)
from tests.workflows.fakes import assert_fake_matches
from worker.main import RUNNER
from workflows.rate_payment import RatePaymentWorkflow
from workflows.subscription import SubscriptionWorkflow


async def test_a_twelve_rate_installment_is_paid_to_its_last_rate(client, record):
    fake = FakeBilling(daily_installment(12))
    token = f"inst{uuid.uuid4().hex[:10]}"
    worker, start = await subscription_worker(client, fake, token)
    async with worker:
        handle = await start()
        assert await asyncio.wait_for(handle.result(), 30) == "completed"
    assert fake.charges == [(n, 1) for n in range(2, 13)]  # rate 1 was the checkout's
    assert fake.paid == list(range(2, 13)) and fake.failed == []
    assert fake.moves == ["paying"] and [e.reason for e in fake.ends] == ["completed"]
    assert fake.ends[0].last_rate == 12
    await record(handle, "subscription")


async def test_a_test_period_defers_the_first_rate_to_its_day(client, record):
    """Ten test days: the checkout charged nothing, so rate 1 is the subscription's, charged on day 10 and not
    before; the rates after it follow their period."""
    fake = FakeBilling(dataclasses.replace(daily_installment(3), test_days=10))
    token = f"test{uuid.uuid4().hex[:10]}"
    charged_at: list[float] = []
    charge = fake.charge_rate

    @activity.defn(name="charge_rate")
    async def timed_charge(req: ChargeRate) -> ChargeOutcome:
        charged_at.append(asyncio.get_running_loop().time())
        return await charge(req)

    fake.charge_rate = timed_charge  # type: ignore[method-assign]
    worker, start = await subscription_worker(client, fake, token, day=0.1, first_rate=1)
    async with worker:
        began = asyncio.get_running_loop().time()
        handle = await start()
        assert await asyncio.wait_for(handle.result(), 30) == "completed"
    assert fake.charges == [(1, 1), (2, 1), (3, 1)] and fake.paid == [1, 2, 3]
    assert charged_at[0] - began >= 10 * 0.1  # a timer never fires early
    assert charged_at[1] - began >= 11 * 0.1  # rate 2 one period after rate 1
    await record(handle, "subscription")


async def test_cancel_during_the_test_period_charges_nothing(client, record):
    fake = FakeBilling(dataclasses.replace(monthly(), test_days=14))
    token = f"trial{uuid.uuid4().hex[:10]}"
    worker, start = await subscription_worker(client, fake, token, day=0.2, first_rate=1)
    async with worker:
        handle = await start()
        await until(lambda: fake.moves == ["paying"])
        await handle.signal(SubscriptionWorkflow.cancel, Cancel("period_end", "req-1"))
        assert await asyncio.wait_for(handle.result(), 30) == "canceled"
    assert fake.charges == [] and fake.paid == []
    await record(handle, "subscription")


async def test_pause_moves_the_rates_and_resume_goes_on(client, record):
    fake = FakeBilling(monthly(3, PaymentType.limited_subscription))
    token = f"pause{uuid.uuid4().hex[:10]}"
    worker, start = await subscription_worker(client, fake, token, day=0.1)
    async with worker:
        handle = await start()
        await until(lambda: fake.moves == ["paying"])
        await handle.signal(SubscriptionWorkflow.pause)
        await until(lambda: "payment_paused" in fake.moves)
        await asyncio.sleep(40 * 0.1)  # rate 2 (due after 28 days) would have been charged by now
        assert fake.charges == []
        status = await handle.query(SubscriptionWorkflow.status)
        assert status.phase == "paused"
        await handle.signal(SubscriptionWorkflow.resume)
        assert await asyncio.wait_for(handle.result(), 30) == "completed"
    assert fake.moves[0] == "paying" and fake.moves[1] == "payment_paused"
    assert fake.moves[2].startswith("paying:")  # resumed, the rates to come moved by the paused days
    assert int(fake.moves[2].split(":")[1]) >= 40
    assert fake.paid == [2, 3]
    await record(handle, "subscription")


async def test_cancel_at_the_period_end_charges_nothing_more(client, record):
    fake = FakeBilling(monthly())
    token = f"cancel{uuid.uuid4().hex[:10]}"
    # a month of 3 s: the cancellation arrives well before rate 3 falls due, even on a slow machine
    worker, start = await subscription_worker(client, fake, token, day=0.1)
    async with worker:
        handle = await start()
        await until(lambda: fake.paid == [2])
        await handle.signal(SubscriptionWorkflow.cancel, Cancel("period_end", "req-1"))
        await handle.signal(SubscriptionWorkflow.cancel, Cancel("period_end", "req-1"))  # a repeated request
        assert await asyncio.wait_for(handle.result(), 30) == "canceled"
    assert fake.paid == [2] and fake.charges == [(2, 1)]
    assert [(e.reason, e.last_rate) for e in fake.ends] == [("canceled", 2)]
    await record(handle, "subscription")


async def test_a_card_expiring_before_the_next_rate_is_reminded_once_and_the_new_card_pays(client, record):
    """Bought 31 Jan with a card valid through February: rate 2 (28 Feb) is charged to it; before rate 3 (31 Mar)
    the payer is asked once to save another card, and after the change no reminder follows."""
    fake = FakeBilling(monthly(4, PaymentType.limited_subscription), card="2026-02")
    token = f"card{uuid.uuid4().hex[:10]}"
    worker, start = await subscription_worker(client, fake, token)
    async with worker:
        handle = await start()
        await until(lambda: fake.card_reminders != [])
        assert fake.card_reminders == [("2026-02", 3, 1)]  # after rate 2 was charged, before rate 3
        assert fake.paid == [2] and fake.failed == []
        fake.card = "2029-12"
        loads = fake.loads
        await handle.signal(SubscriptionWorkflow.payment_method_changed)
        assert await asyncio.wait_for(handle.result(), 30) == "completed"
    assert fake.loads > loads  # the new card's expiry was looked up
    assert fake.card_reminders == [("2026-02", 3, 1)]
    assert fake.paid == [2, 3, 4]
    await record(handle, "subscription")


async def test_an_expiring_card_is_reminded_of_once_however_many_rates_follow(client):
    fake = FakeBilling(monthly(4, PaymentType.limited_subscription), card="2026-02")
    token = f"card{uuid.uuid4().hex[:10]}"
    worker, start = await subscription_worker(client, fake, token, day=0.02)
    async with worker:
        handle = await start()
        assert await asyncio.wait_for(handle.result(), 30) == "completed"
    assert fake.card_reminders == [("2026-02", 3, 1)]  # not again before rate 4


async def test_cancel_now_ends_at_once(client, record):
    fake = FakeBilling(monthly())
    token = f"now{uuid.uuid4().hex[:10]}"
    worker, start = await subscription_worker(client, fake, token, day=10)
    async with worker:
        handle = await start()
        await until(lambda: fake.moves == ["paying"])
        await handle.signal(SubscriptionWorkflow.cancel, Cancel("now"))
        assert await asyncio.wait_for(handle.result(), 10) == "canceled"
    assert fake.charges == [] and [e.reason for e in fake.ends] == ["canceled"]


async def test_cancel_now_while_catching_up_on_past_due_rates_charges_nothing_more(client, record):
    """Rates all past due (a day is 0.5 ms, as after a long outage): a cancellation asked while the subscription
    charges them one after the other ends it at once (found by the chaos suite: it used to charge on to the last)."""
    fake = FakeBilling(monthly(120, PaymentType.limited_subscription))
    token = f"catch{uuid.uuid4().hex[:10]}"
    worker, start = await subscription_worker(client, fake, token, day=0.0005)
    async with worker:
        handle = await start()
        await until(lambda: len(fake.charges) >= 5)
        await handle.execute_update(SubscriptionWorkflow.cancel_payments, Cancel(CancelMode.now, "stop"))
        at_cancel = len(fake.charges)
        assert await asyncio.wait_for(handle.result(), 30) == "canceled"
    assert len(fake.charges) <= at_cancel + 1  # at most the charge already under way
    assert [e.reason for e in fake.ends] == ["canceled"]
    await record(handle, "subscription")


async def test_ten_years_of_monthly_rates(client, record):
    """120 monthly rates in one history: each charged once; the history is kept for the replay test."""
    fake = FakeBilling(monthly(120, PaymentType.limited_subscription))
    token = f"ten{uuid.uuid4().hex[:10]}"
    worker, start = await subscription_worker(client, fake, token, day=0.0005)
    async with worker:
        handle = await start()
        assert await asyncio.wait_for(handle.result(), 120) == "completed"
    assert fake.charges == [(n, 1) for n in range(2, 121)] and fake.paid == list(range(2, 121))
    await record(handle, "subscription")


async def test_a_long_history_continues_as_new(short_history_client: Client):
    fake = FakeBilling(monthly(12, PaymentType.limited_subscription))
    token = f"long{uuid.uuid4().hex[:10]}"
    worker, start = await subscription_worker(short_history_client, fake, token, day=0.0005)
    async with worker:
        handle = await start()
        assert await asyncio.wait_for(handle.result(follow_runs=True), 120) == "completed"
        first = short_history_client.get_workflow_handle(handle.id, run_id=handle.first_execution_run_id)
        assert (await first.describe()).status == WorkflowExecutionStatus.CONTINUED_AS_NEW
    assert fake.paid == list(range(2, 13))  # every rate once, none twice, across the runs
    assert fake.charges == [(n, 1) for n in range(2, 13)]


async def _pay_rate(
    client: Client, fake: FakeBilling, token: str, rate: int
) -> tuple[RatePaymentResult, object]:
    task_queue = f"test-{uuid.uuid4().hex[:8]}"
    async with Worker(
        client,
        task_queue=task_queue,
        workflows=[RatePaymentWorkflow],
        activities=fake.activities(),
        workflow_runner=RUNNER,
    ):
        handle = await client.start_workflow(
            RatePaymentWorkflow.run,
            RatePaymentInput(token, rate),
            id=f"{rate_payment_id(token, rate)}-{uuid.uuid4().hex[:6]}",
            task_queue=task_queue,
        )
        return await asyncio.wait_for(handle.result(), 30), handle


async def test_a_debt_is_paid_by_the_payer_with_the_next_attempt_and_only_what_is_owed(client, record):
    """Rate 2's claim closed with 500 of 1000 collected by the agency; the payer pays the rest: one charge of
    500 as attempt 5 (the claim made four), booked once."""
    fake = FakeBilling(monthly(), owed=RateOwed(500, 5))
    result, handle = await _pay_rate(client, fake, "debt1", 2)
    assert result == RatePaymentResult(paid=True, amount=500)
    assert fake.charges == [(2, 5)] and fake.booked == [(2, 500)]
    await record(handle, "rate_payment")


async def test_a_declined_card_pays_nothing_and_says_why(client, record):
    fake = FakeBilling(monthly(), declines={(2, 3): "soft"}, owed=RateOwed(1000, 3))
    result, handle = await _pay_rate(client, fake, "debt2", 2)
    assert not result.paid and fake.booked == [] and fake.charges == [(2, 3)]
    await record(handle, "rate_payment")


async def test_a_rate_in_a_running_claim_is_not_charged_here(client, record):
    reason = "This rate is being collected: save a card and it is charged at once."
    fake = FakeBilling(monthly(), owed=RateOwed(0, 0, reason))
    result, handle = await _pay_rate(client, fake, "debt3", 2)
    assert result == RatePaymentResult(paid=False, message=reason) and fake.charges == []
    await record(handle, "rate_payment")


def test_the_fake_stands_in_for_real_activities_with_their_types():
    assert_fake_matches(FakeBilling, SubscriptionActivities, RateActivities, ClaimActivities)


async def test_what_a_person_asks_of_a_subscription_is_refused_when_it_does_not_apply(client, record):
    """Pause, resume and cancel are updates: one that does not apply in the subscription's phase is refused before
    it reaches the history (409 with the refusal's code at the API) and changes nothing."""
    fake = FakeBilling(monthly())
    token = f"refuse{uuid.uuid4().hex[:10]}"
    worker, start = await subscription_worker(client, fake, token, day=10)
    async with worker:
        handle = await start()
        await until(lambda: fake.moves == ["paying"])
        with pytest.raises(DomainError) as refused:
            await subscriptions.resumed(client, token)  # running: nothing to resume
        assert (refused.value.status, refused.value.reason) == (409, "subscription_not_paused")
        assert await subscriptions.paused(client, token) == "paused"
        await until(lambda: "payment_paused" in fake.moves)
        with pytest.raises(DomainError) as refused:
            await subscriptions.paused(client, token)  # paused already
        assert refused.value.reason == "subscription_not_active"
        assert (await handle.query(SubscriptionWorkflow.status)).phase == "paused"
        assert await subscriptions.resumed(client, token) == "active"
        await until(lambda: any(m.startswith("paying:") for m in fake.moves))
        assert await subscriptions.canceled(client, token, CancelMode.period_end, "key-1") == "ending"
        # the same request again (its Idempotency-Key) gets the first answer; another one is refused
        assert await subscriptions.canceled(client, token, CancelMode.period_end, "key-1") == "ending"
        with pytest.raises(DomainError) as refused:
            await subscriptions.canceled(client, token, CancelMode.period_end, "key-2")
        assert refused.value.reason == "subscription_ending"
        assert await subscriptions.canceled(client, token, CancelMode.now, "key-3") == "ending"
        assert await asyncio.wait_for(handle.result(), 10) == "canceled"
        history = await handle.fetch_history()
        updates = [
            e for e in history.events if e.HasField("workflow_execution_update_accepted_event_attributes")
        ]
        assert len(updates) == 5  # the refused ones never reached the history
        for ask in (subscriptions.paused, subscriptions.resumed, subscriptions.card_changed):
            with pytest.raises(DomainError) as refused:
                await ask(client, token)
            assert (refused.value.status, refused.value.reason) == (409, "subscription_ended")
    assert fake.charges == [] and [e.reason for e in fake.ends] == ["canceled"]
    await record(handle, "subscription")


@dataclasses.dataclass
class TimedBilling(FakeBilling):
    """The fake billing, noting when each charge reached the provider's queue."""

    at: list[float] = dataclasses.field(default_factory=list)

    @activity.defn(name="charge_rate")
    async def charge_rate(self, req: ChargeRate) -> ChargeOutcome:
        self.at.append(asyncio.get_running_loop().time())
        return await super().charge_rate(req)


async def test_the_provider_queue_holds_its_rate_limit_and_still_charges_every_rate_once(client):
    """Eleven daily rates fall due within about half a second (a day of 0.05 s); the provider's task queue lets four
    charges a second through, for every worker that polls it, so they spread over at least 2.5 s, and each rate is
    charged once and booked."""
    fake = TimedBilling(daily_installment(12))
    token = f"rl{uuid.uuid4().hex[:10]}"
    worker, start = await subscription_worker(client, fake, token, charges_per_s=4)
    async with worker:
        handle = await start()
        assert await asyncio.wait_for(handle.result(), 60) == "completed"
    assert fake.charges == [(n, 1) for n in range(2, 13)] and fake.paid == list(range(2, 13))
    assert (
        fake.at[-1] - fake.at[0] >= 10 / 4 * 0.8
    )  # ten gaps at four a second (the server's limiter is coarse)
