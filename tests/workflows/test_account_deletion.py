"""The Account deletion workflow with fake activities on a compressed calendar (one day = 0.3 s): each blocking
check of core §8 blocks until it clears (on the re-check timer or when the seller asks), a confirmed deletion
scrambles and deletes, a deactivation is reactivated, a cancel before confirmation restores the account, and a
confirmation while a check fails is refused."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from temporalio import activity
from temporalio.client import WorkflowExecutionStatus, WorkflowUpdateFailedError
from temporalio.worker import Worker

from activities.account_deletion import AccountDeletionActivities
from domain.accounts.account_deletion import (
    CHECK_ORDER,
    CheckKind,
    CheckRequest,
    CheckResult,
    Completion,
    DeletionInput,
    DeletionMail,
    DeletionPhase,
    EndingSubscriptions,
    FlowKind,
    SellerRef,
    SubscriptionChoice,
    checks_for,
)
from domain.errors import DomainError, Refusal
from domain.workflow_ids import account_deletion_id
from handles.errors import answered
from tests.workflows.fakes import assert_fake_matches
from worker.main import RUNNER
from workflows.account_deletion import AccountDeletionWorkflow

DAY_S = 0.3


class FakeClosing:
    """Every activity of AccountDeletionActivities; `blocked` holds the checks that still fail."""

    def __init__(
        self,
        blocked: set[CheckKind] | None = None,
        subscriptions: list[str] | None = None,
        domains: list[int] | None = None,
    ) -> None:
        self.domains = domains or []
        self.blocked = set(blocked or ())
        self.subscriptions = subscriptions or []
        self.done: list[str] = []
        self.mails: list[DeletionMail] = []
        self.checks = 0
        self.ending: list[str] = []

    @activity.defn(name="run_checks")
    async def run_checks(self, req: CheckRequest) -> list[CheckResult]:
        self.checks += 1
        return [
            CheckResult(k, k not in self.blocked, 1 if k in self.blocked else 0)
            for k in checks_for(req.flow_kind)
        ]

    @activity.defn(name="take_products_off")
    async def take_products_off(self, ref: SellerRef) -> int:
        self.done.append("products_off")
        return 2

    @activity.defn(name="running_subscriptions")
    async def running_subscriptions(self, ref: SellerRef) -> list[str]:
        return list(self.subscriptions)

    @activity.defn(name="record_ending")
    async def record_ending(self, ending: EndingSubscriptions) -> None:
        self.ending.extend(ending.tokens)

    @activity.defn(name="record_confirmed")
    async def record_confirmed(self, ref: SellerRef) -> None:
        self.done.append("confirmed")

    @activity.defn(name="record_canceled")
    async def record_canceled(self, ref: SellerRef) -> None:
        self.done.append("canceled")

    @activity.defn(name="deactivate")
    async def deactivate(self, ref: SellerRef) -> None:
        self.done.append("deactivated")

    @activity.defn(name="reactivate")
    async def reactivate(self, ref: SellerRef) -> bool:
        self.done.append("reactivated")
        return True

    @activity.defn(name="scramble_personal_data")
    async def scramble_personal_data(self, done: Completion) -> None:
        assert done.retention_until is not None
        self.done.append("scrambled")

    @activity.defn(name="mark_deleted")
    async def mark_deleted(self, ref: SellerRef) -> None:
        self.done.append("deleted")

    @activity.defn(name="remove_domains")
    async def remove_domains(self, ref: SellerRef) -> list[int]:
        self.done.append("domains_removed")
        return list(self.domains)

    @activity.defn(name="send_closing_mail")
    async def send_closing_mail(self, mail: DeletionMail) -> bool:
        self.mails.append(mail)
        return True

    def all(self) -> list[Callable[..., Any]]:
        return [
            self.run_checks,
            self.take_products_off,
            self.running_subscriptions,
            self.record_ending,
            self.record_confirmed,
            self.record_canceled,
            self.deactivate,
            self.reactivate,
            self.scramble_personal_data,
            self.mark_deleted,
            self.remove_domains,
            self.send_closing_mail,
        ]


async def _until(check: Callable[[], Any], timeout: float = 15) -> None:
    async def poll() -> None:
        while not check():
            await asyncio.sleep(0.05)

    await asyncio.wait_for(poll(), timeout)


async def _phase(handle: Any, phase: DeletionPhase, timeout: float = 15) -> Any:
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        status = await handle.query(AccountDeletionWorkflow.status)
        if status.phase == phase:
            return status
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"never reached {phase}: {status}")
        await asyncio.sleep(0.05)


async def _checked(handle: Any, timeout: float = 15) -> Any:
    """The status once the workflow holds the checks' answer."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        status = await handle.query(AccountDeletionWorkflow.status)
        if status.checks:
            return status
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"no checks yet: {status}")
        await asyncio.sleep(0.05)


@pytest.mark.parametrize("blocker", CHECK_ORDER, ids=lambda k: k.value)
async def test_each_blocking_check_blocks_then_clears(client, blocker: CheckKind):
    fake = FakeClosing({blocker})
    task_queue, sid = f"test-{uuid.uuid4().hex[:8]}", uuid.uuid4().int % 10**9
    async with Worker(
        client,
        task_queue=task_queue,
        workflows=[AccountDeletionWorkflow],
        activities=fake.all(),
        workflow_runner=RUNNER,
    ):
        handle = await client.start_workflow(
            AccountDeletionWorkflow.run,
            DeletionInput(seller_id=sid, flow_kind=FlowKind.deletion, day_s=3600),  # no timer in the test
            id=account_deletion_id(sid),
            task_queue=task_queue,
        )
        status = await _phase(handle, DeletionPhase.preparing)
        await _until(lambda: fake.checks >= 1)
        status = await _checked(handle)  # the checks' answer reaches the workflow after the activity ran
        assert [c.kind for c in status.checks if not c.ok] == [blocker]
        assert fake.done == ["products_off"]  # products are off at once, whatever blocks
        with pytest.raises(WorkflowUpdateFailedError):  # nothing to confirm while a check fails
            await handle.execute_update(AccountDeletionWorkflow.confirm)
        fake.blocked.clear()
        await handle.signal(AccountDeletionWorkflow.check_again)  # the seller's "check again"
        await _phase(handle, DeletionPhase.ready)
        await handle.execute_update(AccountDeletionWorkflow.confirm)
        assert await handle.result() == "deleted"
    assert fake.done == ["products_off", "confirmed", "scrambled", "deleted", "domains_removed"]


async def test_a_blocked_deletion_clears_on_its_own_schedule_and_deletes(client, record):
    # the seller's two domains: one workflow ended long ago (nothing to tell), one never ran
    fake = FakeClosing(
        {CheckKind.active_orders, CheckKind.payouts_not_paid_out}, domains=[910000001, 910000002]
    )
    task_queue, sid = f"test-{uuid.uuid4().hex[:8]}", uuid.uuid4().int % 10**9
    async with Worker(
        client,
        task_queue=task_queue,
        workflows=[AccountDeletionWorkflow],
        activities=fake.all(),
        workflow_runner=RUNNER,
    ):
        handle = await client.start_workflow(
            AccountDeletionWorkflow.run,
            DeletionInput(seller_id=sid, flow_kind=FlowKind.deletion, day_s=DAY_S),
            id=account_deletion_id(sid),
            task_queue=task_queue,
        )
        await _until(lambda: fake.checks >= 2)  # looked again by itself a day later
        assert (await handle.query(AccountDeletionWorkflow.status)).phase == DeletionPhase.preparing
        fake.blocked = {CheckKind.payouts_not_paid_out}
        await _until(lambda: fake.checks >= 4)
        status = await handle.query(AccountDeletionWorkflow.status)
        assert [c.kind for c in status.checks if not c.ok] == [CheckKind.payouts_not_paid_out]
        fake.blocked.clear()
        await _phase(handle, DeletionPhase.ready)  # on the timer, no signal needed
        await handle.execute_update(AccountDeletionWorkflow.confirm)
        assert await handle.result() == "deleted"
    # the deleted account's domains stop resolving after its data is gone
    assert fake.done == ["products_off", "confirmed", "scrambled", "deleted", "domains_removed"]
    assert [m.stage for m in fake.mails] == ["requested", "completed"]
    assert fake.mails[1].retention_until is not None
    await record(handle, "account_deletion")


async def test_deactivation_then_reactivation(client, record):
    fake = FakeClosing()
    task_queue, sid = f"test-{uuid.uuid4().hex[:8]}", uuid.uuid4().int % 10**9
    async with Worker(
        client,
        task_queue=task_queue,
        workflows=[AccountDeletionWorkflow],
        activities=fake.all(),
        workflow_runner=RUNNER,
    ):
        handle = await client.start_workflow(
            AccountDeletionWorkflow.run,
            DeletionInput(seller_id=sid, flow_kind=FlowKind.deactivation, day_s=3600),
            id=account_deletion_id(sid),
            task_queue=task_queue,
        )
        status = await _phase(handle, DeletionPhase.ready)
        assert [c.kind for c in status.checks] == [CheckKind.active_orders]  # deactivation checks orders only
        with pytest.raises(WorkflowUpdateFailedError):
            await handle.execute_update(AccountDeletionWorkflow.reactivate)  # not deactivated yet
        await handle.execute_update(AccountDeletionWorkflow.confirm)
        await _phase(handle, DeletionPhase.deactivated)
        with pytest.raises(WorkflowUpdateFailedError):
            await handle.execute_update(AccountDeletionWorkflow.cancel)  # confirmed: too late to cancel
        await handle.execute_update(AccountDeletionWorkflow.reactivate)
        assert await handle.result() == "reactivated"
    assert fake.done == ["products_off", "confirmed", "deactivated", "reactivated"]
    assert "scrambled" not in fake.done
    await record(handle, "account_deletion")


async def test_cancel_before_confirm_restores_the_account(client, record):
    fake = FakeClosing({CheckKind.unpaid_monthly_invoices})
    task_queue, sid = f"test-{uuid.uuid4().hex[:8]}", uuid.uuid4().int % 10**9
    async with Worker(
        client,
        task_queue=task_queue,
        workflows=[AccountDeletionWorkflow],
        activities=fake.all(),
        workflow_runner=RUNNER,
    ):
        handle = await client.start_workflow(
            AccountDeletionWorkflow.run,
            DeletionInput(seller_id=sid, flow_kind=FlowKind.deletion, day_s=3600),
            id=account_deletion_id(sid),
            task_queue=task_queue,
        )
        await _until(lambda: fake.checks >= 1)
        await handle.execute_update(AccountDeletionWorkflow.cancel)
        assert await handle.result() == "canceled"
    assert fake.done == ["products_off", "canceled"]
    assert [m.stage for m in fake.mails] == ["requested"]
    await record(handle, "account_deletion")


async def test_subscriptions_are_cancelled_at_their_period_end_and_stop_blocking(client):
    fake = FakeClosing(subscriptions=["tok-a", "tok-b"])
    task_queue, sid = f"test-{uuid.uuid4().hex[:8]}", uuid.uuid4().int % 10**9
    async with Worker(
        client,
        task_queue=task_queue,
        workflows=[AccountDeletionWorkflow],
        activities=fake.all(),
        workflow_runner=RUNNER,
    ):
        handle = await client.start_workflow(
            AccountDeletionWorkflow.run,
            DeletionInput(
                seller_id=sid,
                flow_kind=FlowKind.deletion,
                subscriptions=SubscriptionChoice.cancel_at_period_end,
                day_s=3600,
            ),
            id=account_deletion_id(sid),
            task_queue=task_queue,
        )
        status = await _phase(handle, DeletionPhase.ready)
        assert status.ending_tokens == ["tok-a", "tok-b"]  # (no such workflows here: the signals are skipped)
        assert fake.ending == ["tok-a", "tok-b"]
        await handle.execute_update(AccountDeletionWorkflow.cancel)
        assert await handle.result() == "canceled"


class FakeWithSubscriptions(FakeClosing):
    """Active orders blocks while a running subscription is not cancelled at its period end."""

    @activity.defn(name="run_checks")
    async def run_checks(self, req: CheckRequest) -> list[CheckResult]:
        self.checks += 1
        running = [t for t in self.subscriptions if t not in req.ending_tokens]
        return [
            CheckResult(k, not (k == CheckKind.active_orders and running), len(running))
            for k in checks_for(req.flow_kind)
        ]


async def test_a_seller_who_waited_ends_the_subscriptions_from_the_blocked_wizard(client, record):
    fake = FakeWithSubscriptions(subscriptions=["tok-a"])
    task_queue, sid = f"test-{uuid.uuid4().hex[:8]}", uuid.uuid4().int % 10**9
    async with Worker(
        client,
        task_queue=task_queue,
        workflows=[AccountDeletionWorkflow],
        activities=fake.all(),
        workflow_runner=RUNNER,
    ):
        handle = await client.start_workflow(
            AccountDeletionWorkflow.run,
            DeletionInput(seller_id=sid, flow_kind=FlowKind.deletion, day_s=3600),  # chose `wait`
            id=account_deletion_id(sid),
            task_queue=task_queue,
        )
        await _until(lambda: fake.checks >= 1)
        status = await handle.query(AccountDeletionWorkflow.status)
        assert [c.kind for c in status.checks if not c.ok] == [CheckKind.active_orders]
        assert fake.ending == []  # nothing cancelled while the seller waits
        fake.subscriptions.append("tok-b")  # sold meanwhile: ended too
        await handle.signal(AccountDeletionWorkflow.end_subscriptions)
        status = await _phase(handle, DeletionPhase.ready)  # checked again at once, no timer needed
        assert status.ending_tokens == ["tok-a", "tok-b"] and fake.ending == ["tok-a", "tok-b"]
        await handle.signal(AccountDeletionWorkflow.end_subscriptions)  # a second press changes nothing
        await handle.signal(AccountDeletionWorkflow.check_again)
        await _until(lambda: fake.checks >= 3)
        assert fake.ending == ["tok-a", "tok-b"]
        await handle.execute_update(AccountDeletionWorkflow.confirm)
        assert await handle.result() == "deleted"
    await record(handle, "account_deletion")


class SlowConfirm(FakeClosing):
    """Holds the confirmation's booking until released, so that the status in between can be read."""

    def __init__(self) -> None:
        super().__init__()
        self.release = asyncio.Event()

    @activity.defn(name="record_confirmed")
    async def record_confirmed(self, ref: SellerRef) -> None:
        await self.release.wait()
        self.done.append("confirmed")


async def test_a_confirmed_request_reads_as_working_at_once(client):
    """The wizard stops offering confirm and cancel the moment the seller confirms (it once kept both)."""
    fake = SlowConfirm()
    task_queue, sid = f"test-{uuid.uuid4().hex[:8]}", uuid.uuid4().int % 10**9
    async with Worker(
        client,
        task_queue=task_queue,
        workflows=[AccountDeletionWorkflow],
        activities=fake.all(),
        workflow_runner=RUNNER,
    ):
        handle = await client.start_workflow(
            AccountDeletionWorkflow.run,
            DeletionInput(seller_id=sid, flow_kind=FlowKind.deletion, day_s=3600),
            id=account_deletion_id(sid),
            task_queue=task_queue,
        )
        await _phase(handle, DeletionPhase.ready)
        await handle.execute_update(AccountDeletionWorkflow.confirm)
        status = await handle.query(AccountDeletionWorkflow.status)
        assert status.phase == DeletionPhase.working
        with pytest.raises(WorkflowUpdateFailedError):
            await handle.execute_update(AccountDeletionWorkflow.cancel)
        fake.release.set()
        assert await handle.result() == "deleted"


def test_the_fake_stands_in_for_real_activities_with_their_types():
    assert_fake_matches(FakeClosing, AccountDeletionActivities)


async def test_the_wizards_steps_are_refused_when_they_do_not_apply(client, record):
    """Check again, end subscriptions, confirm, cancel and reactivate are updates: refused (409 with the code)
    when the request's phase does not allow them, and nothing changes."""
    fake = FakeClosing({CheckKind.unpaid_monthly_invoices})
    task_queue, sid = f"test-{uuid.uuid4().hex[:8]}", uuid.uuid4().int % 10**9
    async with Worker(
        client,
        task_queue=task_queue,
        workflows=[AccountDeletionWorkflow],
        activities=fake.all(),
        workflow_runner=RUNNER,
    ):
        handle = await client.start_workflow(
            AccountDeletionWorkflow.run,
            DeletionInput(seller_id=sid, flow_kind=FlowKind.deletion, day_s=3600),
            id=account_deletion_id(sid),
            task_queue=task_queue,
        )
        await _until(lambda: fake.checks >= 1)
        for update, code in (
            (AccountDeletionWorkflow.confirm, "deletion_not_ready"),
            (AccountDeletionWorkflow.reactivate, "deletion_not_deactivated"),
        ):
            with pytest.raises(DomainError) as refused:
                await answered(handle.execute_update(update))
            assert (refused.value.status, refused.value.reason) == (409, code)
        checks = fake.checks
        await answered(handle.execute_update(AccountDeletionWorkflow.run_checks_again))
        await _until(lambda: fake.checks > checks)
        await answered(handle.execute_update(AccountDeletionWorkflow.cancel))
        assert await handle.result() == "canceled"
        for update in (
            AccountDeletionWorkflow.run_checks_again,
            AccountDeletionWorkflow.end_running_subscriptions,
        ):
            with pytest.raises(DomainError) as refused:
                await answered(handle.execute_update(update), Refusal.deletion_closed)
            assert refused.value.reason == "deletion_closed"
    assert fake.done == ["products_off", "canceled"]
    await record(handle, "account_deletion")


async def test_a_long_wait_continues_as_new_once_the_sellers_actions_are_answered(short_history_client):
    """A request that waits long (a blocker that stays) continues as new when Temporal suggests it, but only after
    every update in progress has been answered: each "check again" gets its answer, the new run keeps the state, and
    the seller can still cancel."""
    client = short_history_client
    fake = FakeClosing({CheckKind.unpaid_monthly_invoices})
    task_queue, sid = f"test-{uuid.uuid4().hex[:8]}", uuid.uuid4().int % 10**9
    async with Worker(
        client,
        task_queue=task_queue,
        workflows=[AccountDeletionWorkflow],
        activities=fake.all(),
        workflow_runner=RUNNER,
    ):
        handle = await client.start_workflow(
            AccountDeletionWorkflow.run,
            DeletionInput(seller_id=sid, flow_kind=FlowKind.deletion, day_s=3600),
            id=account_deletion_id(sid),
            task_queue=task_queue,
        )
        await _until(lambda: fake.checks >= 1)
        first = client.get_workflow_handle(handle.id, run_id=handle.first_execution_run_id)
        answers = []
        for _ in range(15):  # each check is a few events: the short history suggests continue-as-new
            checks = fake.checks
            answers.append(await answered(handle.execute_update(AccountDeletionWorkflow.run_checks_again)))
            await _until(lambda before=checks: fake.checks > before)
            if (await first.describe()).status == WorkflowExecutionStatus.CONTINUED_AS_NEW:
                break
        assert (await first.describe()).status == WorkflowExecutionStatus.CONTINUED_AS_NEW
        assert answers and all(a == DeletionPhase.preparing for a in answers)  # every action answered
        latest = client.get_workflow_handle(handle.id)
        status = await latest.query(AccountDeletionWorkflow.status)
        assert status.phase == DeletionPhase.preparing and status.checks  # the state went along
        await answered(latest.execute_update(AccountDeletionWorkflow.cancel))
        assert await latest.result() == "canceled"
    assert fake.done == ["products_off", "canceled"]  # products taken off once, across the runs
