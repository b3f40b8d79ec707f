"""The Payout workflow with fake activities on a compressed calendar (one day = 0.2 s): it waits while the
payee may not receive money or has too little, pays the available balance once the checks pass, takes the bank's
answer once, pays a cashout at once, and continues as new with its state."""

from __future__ import annotations

import asyncio
import uuid

import pytest
from temporalio import activity
from temporalio.worker import Worker

from activities.payout import PayoutActivities
from domain.errors import DomainError
from domain.ledger.ledger import PayeeType
from domain.ledger.payouts import (
    BankAnswer,
    BankOutcome,
    Eligibility,
    PayeeRef,
    PayoutCheck,
    PayoutInput,
    PayoutRequest,
    PayoutSchedule,
    PayoutSettings,
)
from domain.workflow_ids import payout_id
from handles.errors import answered
from tests.workflows.fakes import assert_fake_matches
from worker.main import RUNNER
from workflows.payout import PayoutWorkflow


class FakePayouts:
    def __init__(self, checks: list[Eligibility]) -> None:
        self.checks = checks
        self.issued: list[PayoutRequest] = []
        self.answers: list[BankAnswer] = []

    @activity.defn(name="load_settings")
    async def load_settings(self, payee: PayeeRef) -> PayoutSettings:
        return PayoutSettings(schedule=PayoutSchedule.daily, minimum=1000, hold_days=1)

    @activity.defn(name="check_payout")
    async def check_payout(self, check: PayoutCheck) -> Eligibility:
        return self.checks.pop(0) if len(self.checks) > 1 else self.checks[0]

    @activity.defn(name="issue_payout")
    async def issue_payout(self, req: PayoutRequest) -> str:
        self.issued.append(req)
        self.checks = [Eligibility(ok=True, available=0, held=0, currency="eur")]
        return req.end_to_end_id

    @activity.defn(name="apply_bank_answer")
    async def apply_bank_answer(self, answer: BankAnswer) -> bool:
        self.answers.append(answer)
        return True

    def all(self) -> list:
        return [self.load_settings, self.check_payout, self.issue_payout, self.apply_bank_answer]


async def _until(check, timeout: float = 40) -> None:
    async def poll() -> None:
        while not check():
            await asyncio.sleep(0.05)

    await asyncio.wait_for(poll(), timeout)


async def test_waits_for_legitimation_and_the_minimum_then_pays_once(client, record):
    fake = FakePayouts(
        [
            Eligibility(ok=False, available=5000, held=0, currency="eur", reason="not_legitimated"),
            Eligibility(ok=True, available=500, held=4500, currency="eur"),
            Eligibility(ok=True, available=5000, held=0, currency="eur"),
        ]
    )
    task_queue, sid = f"test-{uuid.uuid4().hex[:8]}", uuid.uuid4().int % 10**9
    async with Worker(
        client,
        task_queue=task_queue,
        workflows=[PayoutWorkflow],
        activities=fake.all(),
        workflow_runner=RUNNER,
    ):
        handle = await client.start_workflow(
            PayoutWorkflow.run,
            PayoutInput(payee_type=PayeeType.seller, payee_id=sid, day_s=0.2),
            id=payout_id("seller", sid),
            task_queue=task_queue,
        )
        await _until(lambda: len(fake.issued) == 1)
        e2e = fake.issued[0].end_to_end_id
        assert fake.issued[0].amount == 5000 and e2e == f"payout-seller-{sid}-1"
        booked = BankAnswer(event_id="evt-1", end_to_end_id=e2e, outcome=BankOutcome.booked)
        for answer in (booked, booked, BankAnswer("evt-2", "payout-seller-1-1", BankOutcome.returned)):
            await handle.signal(PayoutWorkflow.bank_answered, answer)
        await _until(lambda: len(fake.answers) == 1)
        for _ in range(3):  # more runs (each at least a day apart): nothing available, nothing paid
            deadline = asyncio.get_running_loop().time() + 15
            status = await handle.query(PayoutWorkflow.status)
            while status.last_reason != "nothing_available" and asyncio.get_running_loop().time() < deadline:
                await asyncio.sleep(0.1)
                status = await handle.query(PayoutWorkflow.status)
            await asyncio.sleep(0.3)
        assert len(fake.issued) == 1 and len(fake.answers) == 1
        status = await handle.query(PayoutWorkflow.status)
        assert status.waiting == [] and status.last_reason == "nothing_available"
        await handle.terminate("test over")
    await record(handle, "payout")


async def test_a_cashout_goes_at_once_without_the_minimum(client, record):
    fake = FakePayouts([Eligibility(ok=True, available=300, held=0, currency="eur")])
    task_queue, sid = f"test-{uuid.uuid4().hex[:8]}", uuid.uuid4().int % 10**9
    async with Worker(
        client,
        task_queue=task_queue,
        workflows=[PayoutWorkflow],
        activities=fake.all(),
        workflow_runner=RUNNER,
    ):
        handle = await client.start_workflow(
            PayoutWorkflow.run,
            PayoutInput(
                payee_type=PayeeType.seller, payee_id=sid, day_s=3600
            ),  # no scheduled run during the test
            id=payout_id("seller", sid),
            task_queue=task_queue,
        )
        await handle.signal(PayoutWorkflow.cashout)
        await _until(lambda: len(fake.issued) == 1)
        assert fake.issued[0].kind.value == "cashout" and fake.issued[0].amount == 300
        await handle.terminate("test over")
    await record(handle, "payout")


async def test_continue_as_new_keeps_the_payout_state(short_history_client):
    fake = FakePayouts([Eligibility(ok=True, available=0, held=0, currency="eur")])
    task_queue, sid = f"test-{uuid.uuid4().hex[:8]}", uuid.uuid4().int % 10**9
    async with Worker(
        short_history_client,
        task_queue=task_queue,
        workflows=[PayoutWorkflow],
        activities=fake.all(),
        workflow_runner=RUNNER,
    ):
        handle = await short_history_client.start_workflow(
            PayoutWorkflow.run,
            PayoutInput(payee_type=PayeeType.seller, payee_id=sid, day_s=0.1),
            id=payout_id("seller", sid),
            task_queue=task_queue,
        )
        first = (await handle.describe()).run_id
        deadline = asyncio.get_running_loop().time() + 20
        while (await handle.describe()).run_id == first and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.2)
        assert (await handle.describe()).run_id != first
        fake.checks = [Eligibility(ok=True, available=2000, held=0, currency="eur")]
        await _until(lambda: len(fake.issued) == 1)
        assert fake.issued[0].number == 1
        await handle.terminate("test over")


def test_the_fake_stands_in_for_real_activities_with_their_types():
    assert_fake_matches(FakePayouts, PayoutActivities)


async def test_a_cashout_answers_with_the_payout_or_why_none_could_leave(client, record):
    """A cashout is an update: answered "issued" once its payout is issued; refused (409) with the reason while the
    seller may not receive payouts, and nothing is issued."""
    fake = FakePayouts(
        [Eligibility(ok=False, available=5000, held=0, currency="eur", reason="not_legitimated")]
    )
    task_queue, sid = f"test-{uuid.uuid4().hex[:8]}", uuid.uuid4().int % 10**9
    async with Worker(
        client,
        task_queue=task_queue,
        workflows=[PayoutWorkflow],
        activities=fake.all(),
        workflow_runner=RUNNER,
    ):
        handle = await client.start_workflow(
            PayoutWorkflow.run,
            PayoutInput(payee_type=PayeeType.seller, payee_id=sid, day_s=1000),
            id=payout_id("seller", sid),
            task_queue=task_queue,
        )
        with pytest.raises(DomainError) as refused:
            await answered(handle.execute_update(PayoutWorkflow.request_cashout))
        assert (refused.value.status, refused.value.reason) == (409, "payout_not_eligible")
        assert fake.issued == []
        assert (await handle.query(PayoutWorkflow.status)).last_reason == "not_legitimated"
        fake.checks = [
            Eligibility(ok=True, available=700, held=0, currency="eur")
        ]  # below the minimum: a cashout
        assert await answered(handle.execute_update(PayoutWorkflow.request_cashout)) == "issued"
        assert [(p.kind, p.amount) for p in fake.issued] == [("cashout", 700)]
        with pytest.raises(DomainError) as refused:  # nothing left
            await answered(handle.execute_update(PayoutWorkflow.request_cashout))
        assert refused.value.reason == "payout_not_eligible" and len(fake.issued) == 1
        await handle.terminate("test over")
