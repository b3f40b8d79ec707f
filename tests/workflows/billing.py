"""The Subscription, Claim and RatePayment workflows' fake activities and helpers, shared by their test modules
(a helper module, as fakes.py: test modules never import each other)."""

from __future__ import annotations

import asyncio
import uuid
from dataclasses import dataclass, field
from datetime import date

from temporalio import activity
from temporalio.client import Client
from temporalio.worker import Worker

from domain.billing.billing_calendar import PlanTerms, parse_period, schedule
from domain.billing.claims import ClaimClosed, ClaimOpened, ClaimSettings, ClaimStageMail, OpenClaim
from domain.billing.inkasso import AgencyStatus, ClaimPayment, HandOver
from domain.billing.subscriptions import (
    CardExpiryReminder,
    ChargeOutcome,
    ChargeRate,
    LoadRates,
    RateDue,
    RateEvent,
    RateOwed,
    RatePaymentInput,
    SubscriptionEnd,
    SubscriptionInput,
    SubscriptionMove,
    SubscriptionPlan,
)
from domain.orders.orders import PaymentType
from domain.workflow_ids import provider_task_queue, subscription_id
from worker.main import RUNNER
from workflows.claim import ClaimWorkflow
from workflows.policies import STRIPE
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
    opened: list[int] = field(default_factory=list)  # open_claim: the rates whose claim has opened
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
        self.opened.append(req.rate)
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


async def until(check, timeout: float = 30) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not check():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError("condition not reached")
        await asyncio.sleep(0.05)


class Workers:
    """Several workers run together as one (`async with`): a workflow's and its provider's task queue's."""

    def __init__(self, *workers: Worker) -> None:
        self.workers = workers

    async def __aenter__(self) -> Workers:
        for w in self.workers:
            await w.__aenter__()
        return self

    async def __aexit__(self, *exc: object) -> None:
        for w in reversed(self.workers):
            await w.__aexit__(*exc)  # type: ignore[arg-type]


async def subscription_worker(
    client: Client,
    fake: FakeBilling,
    token: str,
    *,
    day: float = DAY,
    first_rate: int = 2,
    charges_per_s: float | None = None,
):
    """The Subscription's worker and, as the worker process runs it, the provider queue's worker that charges the
    rates (`charges_per_s`: its task-queue rate limit)."""
    task_queue = f"test-{uuid.uuid4().hex[:8]}"
    worker = Workers(
        Worker(
            client,
            task_queue=task_queue,
            workflows=[SubscriptionWorkflow, ClaimWorkflow],
            activities=fake.activities(),
            workflow_runner=RUNNER,
        ),
        Worker(
            client,
            task_queue=provider_task_queue(task_queue, STRIPE),
            activities=[fake.charge_rate],
            max_task_queue_activities_per_second=charges_per_s,
        ),
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
