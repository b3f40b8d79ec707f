"""The Subscription and Claim workflows with fake activities and a compressed day: an installment paid to its
last rate; a soft decline that goes through the reminders and is paid on a retry; a hard decline that is never
retried and is paid at once when the payment method changes; pause and resume; cancellation now and at the
period's end; and an open-ended subscription whose long history continues as new."""

from __future__ import annotations

import asyncio
import dataclasses
import uuid
from dataclasses import dataclass, field
from datetime import date

import pytest
from temporalio import activity
from temporalio.client import Client, WorkflowExecutionStatus
from temporalio.service import RPCError
from temporalio.worker import Worker

from activities.claim import ClaimActivities
from activities.subscription import SubscriptionActivities
from domain.billing_calendar import PlanTerms, parse_period, schedule
from domain.claims import ClaimClosed, ClaimOpened, ClaimSettings, ClaimStageMail, ClaimStatus, OpenClaim
from domain.errors import DomainError
from domain.inkasso import AgencyEvent, AgencyStatus, ClaimPayment, HandOver
from domain.orders import PaymentType
from domain.subscriptions import (
    Cancel,
    CancelMode,
    CardExpiryReminder,
    ChargeOutcome,
    ChargeRate,
    LoadRates,
    RateDue,
    RateEvent,
    RateOwed,
    RatePaymentInput,
    RatePaymentResult,
    SubscriptionEnd,
    SubscriptionInput,
    SubscriptionMove,
    SubscriptionPlan,
)
from domain.workflow_ids import claim_id, rate_payment_id, subscription_id
from handles import subscriptions
from tests.workflows.fakes import assert_fake_matches
from worker.main import RUNNER
from workflows.claim import ClaimWorkflow
from workflows.rate_payment import RatePaymentWorkflow
from workflows.subscription import SubscriptionWorkflow

PURCHASED = date(2026, 1, 31)
DAY = 0.05  # seconds


@dataclass
class FakeBilling:
    """The subscription's and claim's activities: rates from the real calendar, charges answered from a script
    (`declines[(rate, attempt)] = "soft" | "hard"`), every call recorded with the workflow time it came at."""

    terms: PlanTerms
    declines: dict[tuple[int, int], str] = field(default_factory=dict)
    stage_days: tuple[int, int, int] = (1, 2, 3)
    strategy: str = "dunning"
    charges: list[tuple[int, int]] = field(default_factory=list)
    paid: list[int] = field(default_factory=list)
    failed: list[int] = field(default_factory=list)
    moves: list[str] = field(default_factory=list)
    ends: list[SubscriptionEnd] = field(default_factory=list)
    reminders: list[tuple[int, str, bool]] = field(default_factory=list)
    closed: list[ClaimClosed] = field(default_factory=list)
    loads: int = 0
    handed: list[int] = field(default_factory=list)
    statuses: list[str] = field(default_factory=list)
    collected: list[tuple[int, str]] = field(default_factory=list)
    card: str | None = None  # the saved card's expiry ("YYYY-MM") the next load answers
    card_reminders: list[tuple[str, int, int]] = field(default_factory=list)  # (expiry, rate, charges so far)
    owed: RateOwed = RateOwed(0, 0, "This rate is not due.")  # what the next owed_on_rate answers
    booked: list[tuple[int, int]] = field(default_factory=list)  # record_rate_paid: (rate, amount)

    @activity.defn(name="load_subscription")
    async def load_subscription(self, req: LoadRates) -> SubscriptionPlan:
        self.loads += 1
        rates = schedule(self.terms, PURCHASED, horizon=req.from_rate + req.horizon)
        return SubscriptionPlan(
            order_token=req.order_token,
            purchased=PURCHASED.isoformat(),
            currency="eur",
            rates=[
                RateDue(r.number, r.due.isoformat(), r.amount) for r in rates if r.number >= req.from_rate
            ],
            count=self.terms.payments_count,
            paid_through=1,
            card_expires=self.card,
        )

    @activity.defn(name="remind_card_expiry")
    async def remind_card_expiry(self, req: CardExpiryReminder) -> None:
        self.card_reminders.append((req.expires, req.rate, len(self.charges)))

    @activity.defn(name="charge_rate")
    async def charge_rate(self, req: ChargeRate) -> ChargeOutcome:
        self.charges.append((req.rate, req.attempt))
        kind = self.declines.get((req.rate, req.attempt))
        if kind is None:
            return ChargeOutcome(paid=True, intent_id=f"pi_{req.rate}_{req.attempt}")
        code = "lost_card" if kind == "hard" else "insufficient_funds"
        return ChargeOutcome(paid=False, intent_id=f"pi_{req.rate}_{req.attempt}", decline=kind, code=code)

    @activity.defn(name="owed_on_rate")
    async def owed_on_rate(self, req: RatePaymentInput) -> RateOwed:
        return self.owed

    @activity.defn(name="record_rate_paid")
    async def record_rate_paid(self, ev: RateEvent) -> int:
        self.paid.append(ev.rate)
        self.booked.append((ev.rate, ev.amount))
        return ev.rate

    @activity.defn(name="record_rate_failed")
    async def record_rate_failed(self, ev: RateEvent) -> None:
        self.failed.append(ev.rate)

    @activity.defn(name="move_subscription")
    async def move_subscription(self, req: SubscriptionMove) -> None:
        self.moves.append(f"{req.state}:{req.shift_days}" if req.shift_days else req.state)

    @activity.defn(name="end_subscription")
    async def end_subscription(self, end: SubscriptionEnd) -> None:
        self.ends.append(end)

    @activity.defn(name="open_claim")
    async def open_claim(self, req: OpenClaim) -> ClaimOpened:
        return ClaimOpened(ClaimSettings(self.strategy, self.stage_days))

    @activity.defn(name="send_claim_reminder")
    async def send_claim_reminder(self, req: ClaimStageMail) -> None:
        self.reminders.append((req.rate, req.stage, req.hard))

    @activity.defn(name="close_claim")
    async def close_claim(self, req: ClaimClosed) -> None:
        self.closed.append(req)

    @activity.defn(name="hand_to_agency")
    async def hand_to_agency(self, req: HandOver) -> str:
        self.handed.append(req.rate)
        return f"case_{req.rate}"

    @activity.defn(name="record_agency_status")
    async def record_agency_status(self, req: AgencyStatus) -> None:
        self.statuses.append(req.status)

    @activity.defn(name="book_claim_payment")
    async def book_claim_payment(self, req: ClaimPayment) -> bool:
        self.collected.append((req.amount, req.event_id))
        return sum(a for a, _ in self.collected) >= 1000

    def activities(self) -> list:
        return [
            self.hand_to_agency,
            self.record_agency_status,
            self.book_claim_payment,
            self.load_subscription,
            self.charge_rate,
            self.record_rate_paid,
            self.record_rate_failed,
            self.move_subscription,
            self.end_subscription,
            self.open_claim,
            self.send_claim_reminder,
            self.remind_card_expiry,
            self.close_claim,
            self.owed_on_rate,
        ]


def monthly(count: int | None = None, kind: PaymentType = PaymentType.subscription) -> PlanTerms:
    return PlanTerms(kind, "eur", 1000, 1000, payments_count=count, period=parse_period("1m"))


def daily_installment(count: int) -> PlanTerms:
    return PlanTerms(
        PaymentType.installment, "eur", 5000, 2500, payments_count=count, period=parse_period("1d")
    )


async def _until(check, timeout: float = 30) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not check():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError("condition not reached")
        await asyncio.sleep(0.05)


async def _run(client: Client, fake: FakeBilling, token: str, *, day: float = DAY, first_rate: int = 2):
    task_queue = f"test-{uuid.uuid4().hex[:8]}"
    worker = Worker(
        client,
        task_queue=task_queue,
        workflows=[SubscriptionWorkflow, ClaimWorkflow],
        activities=fake.activities(),
        workflow_runner=RUNNER,
    )
    handle = None

    async def start():
        nonlocal handle
        handle = await client.start_workflow(
            SubscriptionWorkflow.run,
            SubscriptionInput(token, day_s=day, first_rate=first_rate),
            id=subscription_id(token),
            task_queue=task_queue,
        )
        return handle

    return worker, start


async def test_a_twelve_rate_installment_is_paid_to_its_last_rate(client, record):
    fake = FakeBilling(daily_installment(12))
    token = f"inst{uuid.uuid4().hex[:10]}"
    worker, start = await _run(client, fake, token)
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
    worker, start = await _run(client, fake, token, day=0.1, first_rate=1)
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
    worker, start = await _run(client, fake, token, day=0.2, first_rate=1)
    async with worker:
        handle = await start()
        await _until(lambda: fake.moves == ["paying"])
        await handle.signal(SubscriptionWorkflow.cancel, Cancel("period_end", "req-1"))
        assert await asyncio.wait_for(handle.result(), 30) == "canceled"
    assert fake.charges == [] and fake.paid == []
    await record(handle, "subscription")


async def test_a_soft_decline_is_reminded_and_retried_until_paid(client, record):
    """Rate 3 fails softly; the claim reminds on day 1 and retries (still declined), reminds on day 2 and
    retries (paid): no third reminder, no further charge; later rates go on."""
    fake = FakeBilling(
        monthly(4, PaymentType.limited_subscription), declines={(3, 1): "soft", (3, 2): "soft"}
    )
    token = f"soft{uuid.uuid4().hex[:10]}"
    worker, start = await _run(client, fake, token)
    async with worker:
        handle = await start()
        assert await asyncio.wait_for(handle.result(), 60) == "completed"
        claim = client.get_workflow_handle_for(ClaimWorkflow.run, claim_id(token, 3))
        assert await asyncio.wait_for(claim.result(), 30) == "collected"
        status: ClaimStatus = await claim.query(ClaimWorkflow.status)
        assert (status.stage, status.attempt, status.paid) == (2, 3, True)
        await record(claim, "claim")
    assert [(r, a) for r, a in fake.charges if r == 3] == [(3, 1), (3, 2), (3, 3)]
    assert fake.reminders == [(3, "first", False), (3, "second", False)]
    assert fake.failed == [3] and sorted(fake.paid) == [2, 3, 4]
    assert [(c.rate, c.outcome, c.dunning, c.charges) for c in fake.closed] == [
        (3, "collected", "completed", 3)
    ]
    await record(handle, "subscription")


async def test_a_hard_decline_is_never_retried_and_the_new_method_is_charged_at_once(client, record):
    fake = FakeBilling(
        monthly(3, PaymentType.limited_subscription), declines={(2, 1): "hard"}, stage_days=(1, 40, 80)
    )
    token = f"hard{uuid.uuid4().hex[:10]}"
    worker, start = await _run(client, fake, token)
    async with worker:
        handle = await start()
        await _until(lambda: fake.reminders == [(2, "first", True)])
        await asyncio.sleep(5 * DAY)
        assert [c for c in fake.charges if c[0] == 2] == [(2, 1)]  # the first reminder came, no retry
        await handle.signal(SubscriptionWorkflow.payment_method_changed)
        claim = client.get_workflow_handle_for(ClaimWorkflow.run, claim_id(token, 2))
        assert await asyncio.wait_for(claim.result(), 30) == "collected"
        assert [c for c in fake.charges if c[0] == 2] == [(2, 1), (2, 2)]
        assert await asyncio.wait_for(handle.result(), 60) == "completed"
        await record(claim, "claim")
    assert fake.reminders == [(2, "first", True)]  # no second reminder after the payment
    status = fake.closed[0]
    assert (status.outcome, status.charges) == ("collected", 2)


async def test_a_card_saved_while_the_seller_paused_the_dunning_is_charged_at_once(client, record):
    """The seller paused the claim: no reminder and no retry comes, but the payer who saves another card is
    charged at once, and the claim is collected without a reminder."""
    fake = FakeBilling(
        monthly(3, PaymentType.limited_subscription), declines={(2, 1): "soft"}, stage_days=(5, 40, 80)
    )
    token = f"paused{uuid.uuid4().hex[:10]}"
    worker, start = await _run(client, fake, token, day=0.1)
    async with worker:
        handle = await start()
        await _until(lambda: fake.failed == [2])
        claim = client.get_workflow_handle_for(ClaimWorkflow.run, claim_id(token, 2))
        for _ in range(50):  # the claim starts right after the failure is recorded
            try:
                await claim.signal(ClaimWorkflow.pause_dunning)
                break
            except RPCError:
                await asyncio.sleep(0.01)
        await asyncio.sleep(1.0)  # past the first stage's day (0.5 s): paused, so nothing
        assert fake.reminders == [] and [c for c in fake.charges if c[0] == 2] == [(2, 1)]
        await handle.signal(SubscriptionWorkflow.payment_method_changed)
        assert await asyncio.wait_for(claim.result(), 30) == "collected"
        await record(claim, "claim")
    assert fake.reminders == []
    assert [c for c in fake.charges if c[0] == 2] == [(2, 1), (2, 2)]


async def test_unpaid_after_the_third_reminder_the_rate_is_a_debt(client, record):
    fake = FakeBilling(
        monthly(2, PaymentType.limited_subscription),
        declines={(2, a): "soft" for a in range(1, 5)},
        strategy="dunning",
    )
    token = f"debt{uuid.uuid4().hex[:10]}"
    worker, start = await _run(client, fake, token)
    async with worker:
        handle = await start()
        claim = client.get_workflow_handle_for(ClaimWorkflow.run, claim_id(token, 2))
        await _until(lambda: fake.closed != [])
        assert await claim.result() == "not_collected"
        await record(claim, "claim")
        await asyncio.wait_for(handle.result(), 30)
    assert [s for _, s, _ in fake.reminders] == ["first", "second", "third"]  # each once
    assert fake.charges.count((2, 1)) == 1 and [a for r, a in fake.charges if r == 2] == [1, 2, 3, 4]
    closed = fake.closed[0]
    assert (closed.outcome, closed.dunning, closed.inkasso) == ("not_collected", "completed", "no")
    assert fake.handed == []  # dunning only: never to the agency


async def test_pause_moves_the_rates_and_resume_goes_on(client, record):
    fake = FakeBilling(monthly(3, PaymentType.limited_subscription))
    token = f"pause{uuid.uuid4().hex[:10]}"
    worker, start = await _run(client, fake, token, day=0.1)
    async with worker:
        handle = await start()
        await _until(lambda: fake.moves == ["paying"])
        await handle.signal(SubscriptionWorkflow.pause)
        await _until(lambda: "payment_paused" in fake.moves)
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
    worker, start = await _run(client, fake, token, day=0.1)
    async with worker:
        handle = await start()
        await _until(lambda: fake.paid == [2])
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
    worker, start = await _run(client, fake, token)
    async with worker:
        handle = await start()
        await _until(lambda: fake.card_reminders != [])
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
    worker, start = await _run(client, fake, token, day=0.02)
    async with worker:
        handle = await start()
        assert await asyncio.wait_for(handle.result(), 30) == "completed"
    assert fake.card_reminders == [("2026-02", 3, 1)]  # not again before rate 4


async def test_cancel_now_ends_at_once(client, record):
    fake = FakeBilling(monthly())
    token = f"now{uuid.uuid4().hex[:10]}"
    worker, start = await _run(client, fake, token, day=10)
    async with worker:
        handle = await start()
        await _until(lambda: fake.moves == ["paying"])
        await handle.signal(SubscriptionWorkflow.cancel, Cancel("now"))
        assert await asyncio.wait_for(handle.result(), 10) == "canceled"
    assert fake.charges == [] and [e.reason for e in fake.ends] == ["canceled"]


async def test_ten_years_of_monthly_rates(client, record):
    """120 monthly rates in one history: each charged once; the history is kept for the replay test."""
    fake = FakeBilling(monthly(120, PaymentType.limited_subscription))
    token = f"ten{uuid.uuid4().hex[:10]}"
    worker, start = await _run(client, fake, token, day=0.0005)
    async with worker:
        handle = await start()
        assert await asyncio.wait_for(handle.result(), 120) == "completed"
    assert fake.charges == [(n, 1) for n in range(2, 121)] and fake.paid == list(range(2, 121))
    await record(handle, "subscription")


async def test_a_long_history_continues_as_new(short_history_client: Client):
    fake = FakeBilling(monthly(12, PaymentType.limited_subscription))
    token = f"long{uuid.uuid4().hex[:10]}"
    worker, start = await _run(short_history_client, fake, token, day=0.0005)
    async with worker:
        handle = await start()
        assert await asyncio.wait_for(handle.result(follow_runs=True), 120) == "completed"
        first = short_history_client.get_workflow_handle(handle.id, run_id=handle.first_execution_run_id)
        assert (await first.describe()).status == WorkflowExecutionStatus.CONTINUED_AS_NEW
    assert fake.paid == list(range(2, 13))  # every rate once, none twice, across the runs
    assert fake.charges == [(n, 1) for n in range(2, 13)]


async def test_inkasso_at_once_takes_the_agencys_reports_each_once(client, record):
    """Strategy inkasso: no reminder; the claim goes to the agency, which reports in_inkasso, half paid (sent
    twice), pre_court and the end: partially collected, the payment booked once."""
    fake = FakeBilling(
        monthly(2, PaymentType.limited_subscription), declines={(2, 1): "soft"}, strategy="inkasso"
    )
    token = f"ink{uuid.uuid4().hex[:10]}"
    worker, start = await _run(client, fake, token)
    async with worker:
        handle = await start()
        await _until(lambda: fake.handed == [2])
        claim = client.get_workflow_handle_for(ClaimWorkflow.run, claim_id(token, 2))
        half = AgencyEvent("evt-2", "payment", amount=500)
        for event in (
            AgencyEvent("evt-1", "status", status="in_inkasso"),
            half,
            half,
            AgencyEvent("evt-3", "status", status="pre_court"),
            AgencyEvent("evt-4", "closed", outcome="partially_collected"),
        ):
            await claim.signal(ClaimWorkflow.agency_event, event)
        assert await asyncio.wait_for(claim.result(), 30) == "partially_collected"
        await record(claim, "claim")
        await asyncio.wait_for(handle.result(), 30)
    assert fake.reminders == [] and fake.charges == [(2, 1)]
    assert fake.collected == [(500, "evt-2")] and fake.statuses == ["in_inkasso", "pre_court"]
    closed = fake.closed[0]
    assert (closed.outcome, closed.dunning, closed.inkasso) == ("partially_collected", "skipped", "pre_court")


async def test_dunning_then_inkasso_collects_in_full(client, record):
    fake = FakeBilling(
        monthly(2, PaymentType.limited_subscription),
        declines={(2, a): "soft" for a in range(1, 5)},
        strategy="dunning_inkasso",
    )
    token = f"dink{uuid.uuid4().hex[:10]}"
    worker, start = await _run(client, fake, token)
    async with worker:
        handle = await start()
        await _until(lambda: fake.handed == [2])
        assert [s for _, s, _ in fake.reminders] == ["first", "second", "third"]
        claim = client.get_workflow_handle_for(ClaimWorkflow.run, claim_id(token, 2))
        await claim.signal(ClaimWorkflow.agency_event, AgencyEvent("e1", "status", status="in_inkasso"))
        await claim.signal(ClaimWorkflow.agency_event, AgencyEvent("e2", "payment", amount=1000))
        assert await asyncio.wait_for(claim.result(), 30) == "collected"
        await record(claim, "claim")
        await asyncio.wait_for(handle.result(), 30)
    closed = fake.closed[0]
    assert (closed.outcome, closed.dunning, closed.inkasso) == ("collected", "completed", "in_inkasso")


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
    assert_fake_matches(FakeBilling, SubscriptionActivities, ClaimActivities)


async def test_what_a_person_asks_of_a_subscription_is_refused_when_it_does_not_apply(client, record):
    """Pause, resume and cancel are updates: one that does not apply in the subscription's phase is refused before
    it reaches the history (409 with the refusal's code at the API) and changes nothing."""
    fake = FakeBilling(monthly())
    token = f"refuse{uuid.uuid4().hex[:10]}"
    worker, start = await _run(client, fake, token, day=10)
    async with worker:
        handle = await start()
        await _until(lambda: fake.moves == ["paying"])
        with pytest.raises(DomainError) as refused:
            await subscriptions.resumed(client, token)  # running: nothing to resume
        assert (refused.value.status, refused.value.reason) == (409, "subscription_not_paused")
        assert await subscriptions.paused(client, token) == "paused"
        await _until(lambda: "payment_paused" in fake.moves)
        with pytest.raises(DomainError) as refused:
            await subscriptions.paused(client, token)  # paused already
        assert refused.value.reason == "subscription_not_active"
        assert (await handle.query(SubscriptionWorkflow.status)).phase == "paused"
        assert await subscriptions.resumed(client, token) == "active"
        await _until(lambda: any(m.startswith("paying:") for m in fake.moves))
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


async def test_what_a_seller_asks_of_a_claim_is_refused_when_it_does_not_apply(client, record):
    """Pause and resume of a claim's reminders are updates: refused when they do not apply, and on a closed claim."""
    fake = FakeBilling(monthly(), declines={(2, 1): "soft", (2, 2): "soft"}, stage_days=(50, 60, 70))
    token = f"claimref{uuid.uuid4().hex[:8]}"
    worker, start = await _run(client, fake, token, day=0.05)
    async with worker:
        await start()
        await _until(lambda: fake.failed == [2])
        claim = client.get_workflow_handle(claim_id(token, 2))
        await _until(lambda: bool(fake.loads))
        with pytest.raises(DomainError) as refused:
            await subscriptions.claim_paused(client, token, 2, pause=False)
        assert refused.value.reason == "claim_not_paused"
        assert await subscriptions.claim_paused(client, token, 2, pause=True) == "paused"
        with pytest.raises(DomainError) as refused:
            await subscriptions.claim_paused(client, token, 2, pause=True)
        assert refused.value.reason == "claim_paused"
        assert (await claim.query(ClaimWorkflow.status)).paused
        assert await subscriptions.claim_resolved(client, token, 2, "manually_resolved_dunning")
        await asyncio.wait_for(claim.result(), 10)
        for ask in (
            subscriptions.claim_paused(client, token, 2, pause=False),
            subscriptions.claim_resolved(client, token, 2, "collected"),
        ):
            with pytest.raises(DomainError) as refused:
                await ask
            assert (refused.value.status, refused.value.reason) == (409, "claim_closed")
    assert [c.outcome for c in fake.closed] == ["manually_resolved_dunning"]
    await record(claim, "claim")
