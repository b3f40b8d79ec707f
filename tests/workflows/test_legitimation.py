"""The Legitimation workflow with fake activities: one test per branch (approved, rejected by a manager, refused
by the provider, documents asked for again and reminded once, forged/stale/duplicate answers ignored, verified
data changed after legitimation, continue-as-new with the state)."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

import pytest
from temporalio import activity
from temporalio.client import Client, WorkflowHandle
from temporalio.worker import Worker

from activities.legitimation import LegitimationActivities
from domain.errors import DomainError
from domain.legitimation.legitimation import (
    AccountLimit,
    DataMismatch,
    Decision,
    KycAnswer,
    KycOutcome,
    KycSubmission,
    LegitimationInput,
    LegitimationMail,
    LegitimationRecord,
    LegitimationStep,
    LimitChange,
    ManagerDecision,
    ProfileFacts,
    VerificationLevel,
    combined_limit,
)
from domain.workflow_ids import legitimation_id
from handles.errors import answered
from tests.workflows.fakes import assert_fake_matches
from worker.main import RUNNER
from workflows.legitimation import LegitimationWorkflow

COMPLETE = ProfileFacts(
    business_type="natural", step=LegitimationStep.documents, complete=True, data_hash="h1"
)


class FakeLegitimation:
    """Stands in for LegitimationActivities: records the projection, the KYC submissions and the mails."""

    def __init__(self, refuse_submission: bool = False) -> None:
        self.records: list[LegitimationRecord] = []
        self.submissions: list[str] = []
        self.mails: list[LegitimationMail] = []
        self.refuse_submission = refuse_submission

    @activity.defn(name="record")
    async def record(self, rec: LegitimationRecord) -> bool:
        self.records.append(rec)
        return True

    @activity.defn(name="submit_to_kyc")
    async def submit_to_kyc(self, sub: KycSubmission) -> str:
        if self.refuse_submission:
            from temporalio.exceptions import ApplicationError

            raise ApplicationError("the street is not an address", type="KycRefused", non_retryable=True)
        self.submissions.append(sub.reference)
        return f"kyc-{sub.reference}"

    @activity.defn(name="send_mail")
    async def send_mail(self, m: LegitimationMail) -> bool:
        if m.key in {x.key for x in self.mails}:
            return False
        self.mails.append(m)
        return True

    def actions(self) -> list[str]:
        return [r.entry.action for r in self.records]

    def mail_kinds(self) -> list[str]:
        return [m.kind.value for m in self.mails]


@asynccontextmanager
async def running(
    client: Client, fake: FakeLegitimation, *, day_s: float = 86400.0, reminder_days: int = 7
) -> AsyncIterator[WorkflowHandle]:
    task_queue = f"test-{uuid.uuid4().hex[:8]}"
    seller_id = uuid.uuid4().int % 10**9
    async with Worker(
        client,
        task_queue=task_queue,
        workflows=[LegitimationWorkflow],
        activities=[fake.record, fake.submit_to_kyc, fake.send_mail],
        workflow_runner=RUNNER,
    ):
        handle = await client.start_workflow(
            LegitimationWorkflow.run,
            LegitimationInput(seller_id=seller_id, day_s=day_s, reminder_days=reminder_days),
            id=legitimation_id(seller_id),
            task_queue=task_queue,
            start_signal="profile_saved",
            start_signal_args=[COMPLETE],
        )
        yield handle


async def until(check: Callable[[], Awaitable[bool]] | Callable[[], bool], timeout: float = 15) -> None:
    async def poll() -> None:
        while True:
            r = check()
            if r if isinstance(r, bool) else await r:  # type: ignore[arg-type]
                return
            await asyncio.sleep(0.05)

    await asyncio.wait_for(poll(), timeout)


async def step(handle: WorkflowHandle) -> LegitimationStep:
    return (await handle.query(LegitimationWorkflow.current)).step


async def at_step(handle: WorkflowHandle, want: LegitimationStep) -> None:
    async def check() -> bool:
        return await step(handle) == want

    await until(check)


def answer(
    handle: WorkflowHandle, outcome: KycOutcome, ref_round: int = 1, event: str | None = None
) -> KycAnswer:
    seller = handle.id.removeprefix("legitimation-")
    return KycAnswer(
        event_id=event or f"evt-{uuid.uuid4().hex[:8]}",
        reference=f"legitimation-{seller}-{ref_round}",
        outcome=outcome,
        reason=None if outcome == KycOutcome.approved else "The name does not match.",
    )


async def submitted_and_approved_by_kyc(handle: WorkflowHandle) -> None:
    await handle.signal(LegitimationWorkflow.submit)
    await at_step(handle, LegitimationStep.in_review)
    await handle.signal(LegitimationWorkflow.kyc_answered, answer(handle, KycOutcome.approved))
    await at_step(handle, LegitimationStep.registered)


async def test_a_complete_profile_is_reviewed_and_legitimated(client, record):
    fake = FakeLegitimation()
    async with running(client, fake) as handle:
        await at_step(handle, LegitimationStep.documents)
        await submitted_and_approved_by_kyc(handle)
        st = await handle.query(LegitimationWorkflow.current)
        assert (
            st.verification_level == VerificationLevel.kyc_1 and st.account_limit == AccountLimit.verification
        )
        await handle.signal(LegitimationWorkflow.decide, ManagerDecision(Decision.approve, manager_id=7))
        await at_step(handle, LegitimationStep.legitimated)
        st = await handle.query(LegitimationWorkflow.current)
        assert st.verification_level == VerificationLevel.kyc_2 and st.account_limit is None
        assert st.verified_hash == "h1"
        await until(lambda: fake.mail_kinds() == ["legitimated"])
        await handle.terminate("test over")
    assert fake.actions() == ["started", "submitted", "sent_to_kyc", "kyc_approved", "approved"]
    assert fake.records[-1].entry.actor == "manager:7"
    assert [r.seq for r in fake.records] == [1, 2, 3, 4, 5]
    assert len(fake.submissions) == 1
    await record(handle, "legitimation")


async def test_an_incomplete_profile_is_not_submitted(client):
    fake = FakeLegitimation()
    async with running(client, fake) as handle:
        incomplete = ProfileFacts("natural", LegitimationStep.head_quarter, complete=False, data_hash="h0")
        await handle.signal(LegitimationWorkflow.profile_saved, incomplete)
        await handle.signal(LegitimationWorkflow.submit)
        await at_step(handle, LegitimationStep.head_quarter)
        await asyncio.sleep(0.5)
        assert await step(handle) == LegitimationStep.head_quarter and fake.submissions == []
        # completing it later lets the waiting submit through
        await handle.signal(LegitimationWorkflow.profile_saved, COMPLETE)
        await at_step(handle, LegitimationStep.in_review)
        await handle.terminate("test over")


async def test_a_manager_rejects_with_a_reason(client, record):
    fake = FakeLegitimation()
    async with running(client, fake) as handle:
        await submitted_and_approved_by_kyc(handle)
        await handle.signal(
            LegitimationWorkflow.decide,
            ManagerDecision(Decision.reject, manager_id=3, reason="Fake passport"),
        )
        assert await asyncio.wait_for(handle.result(), 15) == "rejected"
    st = fake.records[-1]
    assert st.step == LegitimationStep.rejected and st.reason == "Fake passport"
    assert st.account_limit == AccountLimit.rejected and st.verification_level == VerificationLevel.rejected
    assert fake.mail_kinds() == ["rejected"] and fake.mails[0].reason == "Fake passport"
    await record(handle, "legitimation")


async def test_the_provider_refuses(client, record):
    fake = FakeLegitimation()
    async with running(client, fake) as handle:
        await handle.signal(LegitimationWorkflow.submit)
        await at_step(handle, LegitimationStep.in_review)
        await handle.signal(LegitimationWorkflow.kyc_answered, answer(handle, KycOutcome.refused))
        assert await asyncio.wait_for(handle.result(), 15) == "rejected"
    assert fake.actions()[-1] == "kyc_refused"
    await record(handle, "legitimation")


async def test_documents_asked_again_remind_once_and_come_back_to_review(client, record):
    """A compressed day of 0.2 s: the reminder is due 2 days (0.4 s) after the request for changes, sent once."""
    fake = FakeLegitimation()
    async with running(client, fake, day_s=0.2, reminder_days=2) as handle:
        await handle.signal(LegitimationWorkflow.submit)
        await at_step(handle, LegitimationStep.in_review)
        await handle.signal(LegitimationWorkflow.kyc_answered, answer(handle, KycOutcome.documents_required))
        await at_step(handle, LegitimationStep.change)
        st = await handle.query(LegitimationWorkflow.current)
        assert st.data_mismatch == DataMismatch.requested and st.account_limit == AccountLimit.no_documents
        await until(lambda: fake.mail_kinds() == ["changes_requested"])
        await until(lambda: "changes_reminder" in fake.mail_kinds())
        await asyncio.sleep(1.2)  # three more compressed days: no second reminder
        assert fake.mail_kinds() == ["changes_requested", "changes_reminder"]
        # the seller corrects and submits: a second round with its own reference
        await handle.signal(LegitimationWorkflow.submit)
        await at_step(handle, LegitimationStep.in_review)
        # the first round's answer arriving late changes nothing
        await handle.signal(
            LegitimationWorkflow.kyc_answered, answer(handle, KycOutcome.refused, ref_round=1)
        )
        await handle.signal(
            LegitimationWorkflow.kyc_answered, answer(handle, KycOutcome.approved, ref_round=2)
        )
        await at_step(handle, LegitimationStep.registered)
        await handle.signal(LegitimationWorkflow.decide, ManagerDecision(Decision.approve, manager_id=1))
        await at_step(handle, LegitimationStep.legitimated)
        await handle.terminate("test over")
    assert len(fake.submissions) == 2 and fake.submissions[1].endswith("-2")
    assert fake.actions().count("reminded") == 1
    await record(handle, "legitimation")


async def test_duplicate_and_foreign_answers_are_ignored(client):
    fake = FakeLegitimation()
    async with running(client, fake) as handle:
        await handle.signal(LegitimationWorkflow.submit)
        await at_step(handle, LegitimationStep.in_review)
        foreign = KycAnswer("evt-x", "legitimation-1-1", KycOutcome.refused, "not yours")
        await handle.signal(LegitimationWorkflow.kyc_answered, foreign)
        ok = answer(handle, KycOutcome.approved, event="evt-1")
        await handle.signal(LegitimationWorkflow.kyc_answered, ok)
        await at_step(handle, LegitimationStep.registered)
        # the same event again, and a refusal for the same round after the answer: nothing changes
        await handle.signal(LegitimationWorkflow.kyc_answered, ok)
        await handle.signal(LegitimationWorkflow.kyc_answered, answer(handle, KycOutcome.refused))
        await asyncio.sleep(0.5)
        assert await step(handle) == LegitimationStep.registered
        await handle.terminate("test over")
    assert fake.actions().count("kyc_approved") == 1 and "kyc_refused" not in fake.actions()


async def test_an_approval_before_the_provider_answers_is_not_taken(client):
    fake = FakeLegitimation()
    async with running(client, fake) as handle:
        await handle.signal(LegitimationWorkflow.submit)
        await at_step(handle, LegitimationStep.in_review)
        await handle.signal(LegitimationWorkflow.decide, ManagerDecision(Decision.approve, manager_id=1))
        await asyncio.sleep(0.3)
        assert await step(handle) == LegitimationStep.in_review
        # a request for changes is taken at any time of a review
        changes = ManagerDecision(Decision.request_changes, manager_id=1, reason="Upload the back side")
        await handle.signal(LegitimationWorkflow.decide, changes)
        await until(lambda: fake.actions()[-1] == "changes_requested")
        await handle.terminate("test over")
    assert fake.records[-1].reason == "Upload the back side"


async def test_verified_data_changed_after_legitimation_goes_back_through_review(client, record):
    fake = FakeLegitimation()
    async with running(client, fake) as handle:
        await submitted_and_approved_by_kyc(handle)
        await handle.signal(LegitimationWorkflow.decide, ManagerDecision(Decision.approve, manager_id=1))
        await at_step(handle, LegitimationStep.legitimated)
        # the same data saved again is no change
        await handle.signal(LegitimationWorkflow.profile_saved, COMPLETE)
        await asyncio.sleep(0.3)
        assert await step(handle) == LegitimationStep.legitimated
        moved = ProfileFacts("natural", LegitimationStep.documents, complete=True, data_hash="h2")
        await handle.signal(LegitimationWorkflow.profile_saved, moved)
        await at_step(handle, LegitimationStep.in_review)
        st = await handle.query(LegitimationWorkflow.current)
        assert st.data_mismatch == DataMismatch.data_mismatch and st.account_limit == AccountLimit.payouts
        await handle.signal(
            LegitimationWorkflow.kyc_answered, answer(handle, KycOutcome.approved, ref_round=2)
        )
        await at_step(handle, LegitimationStep.registered)
        await handle.signal(LegitimationWorkflow.decide, ManagerDecision(Decision.approve, manager_id=1))
        await at_step(handle, LegitimationStep.legitimated)
        st = await handle.query(LegitimationWorkflow.current)
        assert st.verified_hash == "h2" and st.data_mismatch is None
        await handle.terminate("test over")
    assert "verified_data_changed" in fake.actions()
    await record(handle, "legitimation")


async def test_a_submission_the_provider_refuses_as_invalid_asks_for_changes(client):
    fake = FakeLegitimation(refuse_submission=True)
    async with running(client, fake) as handle:
        await handle.signal(LegitimationWorkflow.submit)
        await until(lambda: fake.actions()[-1:] == ["kyc_submission_refused"])
        assert await step(handle) == LegitimationStep.change
        await handle.terminate("test over")
    assert "the street is not an address" in (fake.records[-1].reason or "")


async def test_continue_as_new_keeps_the_state(short_history_client):
    fake = FakeLegitimation()
    async with running(short_history_client, fake) as handle:
        first_run = (await handle.describe()).run_id
        for i in range(8):  # each save is a history event; the short-history server suggests continue-as-new
            await handle.signal(
                LegitimationWorkflow.profile_saved,
                ProfileFacts("natural", LegitimationStep.documents, complete=True, data_hash=f"x{i}"),
            )
        await submitted_and_approved_by_kyc(handle)
        await handle.signal(LegitimationWorkflow.decide, ManagerDecision(Decision.approve, manager_id=1))
        await at_step(handle, LegitimationStep.legitimated)
        assert (await handle.describe()).run_id != first_run
        st = await handle.query(LegitimationWorkflow.current)
        assert st.round == 1 and [h.action for h in st.history][-1] == "approved"
        await handle.terminate("test over")
    assert [r.seq for r in fake.records] == list(range(1, len(fake.records) + 1))


async def test_a_manager_limits_and_lifts_a_legitimated_seller(client, record):
    fake = FakeLegitimation()
    async with running(client, fake) as handle:
        # before legitimation a manager's limit is not taken (the review decides)
        await handle.signal(LegitimationWorkflow.set_limit, LimitChange(AccountLimit.payments, 1, "early"))
        await submitted_and_approved_by_kyc(handle)
        await handle.signal(LegitimationWorkflow.decide, ManagerDecision(Decision.approve, manager_id=1))
        await at_step(handle, LegitimationStep.legitimated)
        await handle.signal(
            LegitimationWorkflow.set_limit, LimitChange(AccountLimit.payments, 2, "Fraud check")
        )
        await until(lambda: fake.actions()[-1] == "limit_set")
        assert fake.records[-1].account_limit == AccountLimit.payments
        assert fake.records[-1].entry.reason == "Fraud check" and fake.records[-1].entry.actor == "manager:2"
        # a data change meanwhile adds the review's payouts limit to the manager's
        moved = ProfileFacts("natural", LegitimationStep.documents, complete=True, data_hash="h2")
        await handle.signal(LegitimationWorkflow.profile_saved, moved)
        await until(
            lambda: fake.actions()[-1] == "sent_to_kyc"
        )  # the step shows before its record is written
        assert fake.records[-1].account_limit == AccountLimit.payments_payouts
        await handle.signal(
            LegitimationWorkflow.kyc_answered, answer(handle, KycOutcome.approved, ref_round=2)
        )
        await at_step(handle, LegitimationStep.registered)
        await handle.signal(LegitimationWorkflow.decide, ManagerDecision(Decision.approve, manager_id=1))
        await until(lambda: fake.actions()[-1] == "approved")
        assert fake.records[-1].account_limit == AccountLimit.payments  # the manager's limit stays
        await handle.signal(LegitimationWorkflow.set_limit, LimitChange(None, 2, "Cleared"))
        await until(lambda: fake.actions()[-1] == "limit_lifted")
        assert fake.records[-1].account_limit is None
        await handle.terminate("test over")
    assert "early" not in [r.entry.reason for r in fake.records]
    await record(handle, "legitimation")


def test_limits_combine():
    assert combined_limit(None, AccountLimit.payments) == AccountLimit.payments
    assert combined_limit(AccountLimit.payouts, AccountLimit.payments) == AccountLimit.payments_payouts
    assert combined_limit(AccountLimit.rejected, AccountLimit.payments) == AccountLimit.rejected
    assert combined_limit(AccountLimit.payouts, AccountLimit.payouts) == AccountLimit.payouts


def test_the_fake_stands_in_for_real_activities_with_their_types():
    assert_fake_matches(FakeLegitimation, LegitimationActivities)


async def test_submit_decide_and_limit_are_refused_when_the_step_does_not_allow_them(client, record):
    """Submit, a manager's decision and a limit are updates: refused (409 with the code) when the step does not
    allow them, before anything reaches the history."""
    fake = FakeLegitimation()
    async with running(client, fake) as handle:
        await at_step(handle, LegitimationStep.documents)
        approve = ManagerDecision(decision=Decision.approve, manager_id=7)
        limit = LimitChange(limit=None, manager_id=7, reason="lifted")
        for update, arg, code in (
            (LegitimationWorkflow.decide_review, approve, "legitimation_not_in_review"),
            (LegitimationWorkflow.change_limit, limit, "legitimation_not_legitimated"),
        ):
            with pytest.raises(DomainError) as refused:
                await answered(handle.execute_update(update, arg))
            assert (refused.value.status, refused.value.reason) == (409, code)
        await answered(handle.execute_update(LegitimationWorkflow.submit_for_review))
        await at_step(handle, LegitimationStep.in_review)
        with pytest.raises(DomainError) as refused:  # under review: no second submit, no approval before KYC
            await answered(handle.execute_update(LegitimationWorkflow.submit_for_review))
        assert refused.value.reason == "legitimation_not_collecting"
        with pytest.raises(DomainError) as refused:
            await answered(handle.execute_update(LegitimationWorkflow.decide_review, approve))
        assert refused.value.reason == "legitimation_not_in_review"
        assert await step(handle) == LegitimationStep.in_review
        await handle.signal(LegitimationWorkflow.kyc_answered, answer(handle, KycOutcome.approved))
        await at_step(handle, LegitimationStep.registered)
        await answered(handle.execute_update(LegitimationWorkflow.decide_review, approve))
        await at_step(handle, LegitimationStep.legitimated)
        await answered(handle.execute_update(LegitimationWorkflow.change_limit, limit))
        await record(handle, "legitimation")
        await handle.terminate("test over")
