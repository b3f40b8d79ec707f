"""Legitimation (`legitimation-{seller id}`): one per seller, started when the seller profile is first saved.
It walks the legitimation steps of core §4 and keeps the reviewing status, verification level, data-mismatch
state and account limit; a projection of each change (`record`) is what the cabinet and the admin lists read.

    head_quarter → legal_representative → documents → ubo      (the seller fills the wizard: `profile_saved`)
        └─ `submit` with everything there ──► requested ──► submit_to_kyc ──► in_review
    in_review ──► the KYC provider's signed callback (`kyc_answered`, only for the current reference, once)
        approved ─────────────► registered: waits for a manager
        documents_required ───► change (kyc_incomplete, no_documents): the seller corrects and submits again;
                                reminded by mail once after `reminder_days` of the input's calendar
        refused ──────────────► rejected (terminal)
    the manager's decision (`decide`), audited:
        approve (in registered) ─► legitimated (kyc_2, no limit, bank account activated)
        request_changes ─────────► change;   reject ─► rejected
    legitimated, and a `profile_saved` whose verified data differ ──► data_mismatch: payouts limited, requested
        again and back through the KYC provider and the manager
    a long history ──► continue-as-new with the state

The shape is the checkout's (workflows/checkout.py): one state dataclass carried across continue-as-new,
activities by typed method reference, options from workflows/policies.py.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import TypeVar

from temporalio import workflow
from temporalio.exceptions import ActivityError, ApplicationError

from domain.errors import Refusal
from domain.keys import kyc_reference, legitimation_mail_key, legitimation_round_key
from domain.legitimation.legitimation import (
    AccountLimit,
    DataMismatch,
    Decision,
    HistoryEntry,
    KycAnswer,
    KycOutcome,
    KycSubmission,
    LegitimationInput,
    LegitimationMail,
    LegitimationMailKind,
    LegitimationRecord,
    LegitimationState,
    LegitimationStatus,
    LegitimationStep,
    LimitChange,
    ManagerDecision,
    ProfileFacts,
    ReviewingStatus,
    VerificationLevel,
    combined_limit,
)
from workflows.policies import FULFILMENT_STEP, run_step

with workflow.unsafe.imports_passed_through():
    from activities.legitimation import LegitimationActivities

A = TypeVar("A")
R = TypeVar("R")
COLLECTING = frozenset(
    {
        LegitimationStep.head_quarter,
        LegitimationStep.legal_representative,
        LegitimationStep.documents,
        LegitimationStep.ubo,
    }
)
REVIEWING = (LegitimationStep.requested, LegitimationStep.in_review, LegitimationStep.registered)
HISTORY_KEPT = 50  # the newest entries travel in the state; all of them are in the projection


@workflow.defn(name="Legitimation")
class LegitimationWorkflow:
    @workflow.init
    def __init__(self, inp: LegitimationInput) -> None:
        self.inp = inp
        self.state = inp.state or LegitimationState(seller_id=inp.seller_id)

    # ----- the main line ---------------------------------------------------------------------------------
    @workflow.run
    async def run(self, inp: LegitimationInput) -> str:
        st = self.state
        if st.seq == 0:
            await self._record("system", "started")
        while st.step != LegitimationStep.rejected:
            if st.limit_change is not None:
                await self._apply_limit()
            elif st.step in COLLECTING or st.step == LegitimationStep.change:
                await self._collect()
            elif st.step in (LegitimationStep.requested, LegitimationStep.in_review):
                await self._review_by_provider()
            elif st.step == LegitimationStep.registered:
                await self._review_by_manager()
            else:  # legitimated
                await self._watch_verified_data()
            if workflow.info().is_continue_as_new_suggested():
                await workflow.wait_condition(workflow.all_handlers_finished)
                workflow.continue_as_new(dataclasses.replace(inp, state=st))
        await workflow.wait_condition(workflow.all_handlers_finished)
        return st.step.value

    async def _collect(self) -> None:
        """The seller fills the wizard (or corrects it after `change`) until a submit with everything there."""
        st = self.state
        reminder_due = None
        if st.step == LegitimationStep.change and st.change_since is not None and not st.reminded:
            reminder_due = st.change_since + timedelta(seconds=self.inp.day_s * self.inp.reminder_days)
        timeout = None
        if reminder_due is not None:
            timeout = max(timedelta(0), reminder_due - workflow.now())
        try:
            await workflow.wait_condition(
                lambda: self._ready_to_submit() or self._rejected_by_manager() or self._suggested(),
                timeout=timeout,
            )
        except TimeoutError:
            st.reminded = True
            await self._mail(LegitimationMailKind.changes_reminder, legitimation_round_key(st.round))
            await self._record("system", "reminded")
            return
        if self._rejected_by_manager():
            await self._apply_decision()
            return
        if self._ready_to_submit():
            st.submit_requested = False
            await self._submit("seller", "submitted")

    async def _review_by_provider(self) -> None:
        st = self.state
        await workflow.wait_condition(
            lambda: st.kyc_outcome is not None or self._rejected_by_manager() or self._suggested()
        )
        if self._rejected_by_manager():
            await self._apply_decision()
            return
        outcome, st.kyc_outcome = st.kyc_outcome, None
        if outcome is None:
            return
        if outcome == KycOutcome.approved:
            st.step = LegitimationStep.registered
            st.verification_level = VerificationLevel.kyc_1
            await self._record("kyc", "kyc_approved")
        elif outcome == KycOutcome.documents_required:
            await self._ask_for_changes("kyc", "kyc_documents_required", st.reason)
        else:
            await self._reject("kyc", "kyc_refused", st.reason)

    async def _review_by_manager(self) -> None:
        st = self.state
        await workflow.wait_condition(lambda: st.decision is not None or self._suggested())
        if st.decision is not None:
            await self._apply_decision()

    async def _watch_verified_data(self) -> None:
        st = self.state
        await workflow.wait_condition(lambda: self._mismatch() or self._suggested())
        if self._mismatch():
            st.data_mismatch = DataMismatch.data_mismatch
            st.account_limit = AccountLimit.payouts
            await self._submit("seller", "verified_data_changed")

    # ----- transitions -----------------------------------------------------------------------------------
    async def _submit(self, actor: str, action: str) -> None:
        st = self.state
        st.round += 1
        st.reference = kyc_reference(st.seller_id, st.round)
        st.step = LegitimationStep.requested
        st.reviewing_status = ReviewingStatus.requested
        st.reason = None
        st.decision = None
        st.change_since = None
        st.reminded = False
        await self._record(actor, action)
        try:
            await self._remote(
                LegitimationActivities.submit_to_kyc,
                KycSubmission(seller_id=st.seller_id, reference=st.reference),
            )
        except ActivityError as e:  # the provider refused the data as invalid: the seller corrects it
            cause = e.cause.message if isinstance(e.cause, ApplicationError) else str(e)
            await self._ask_for_changes("kyc", "kyc_submission_refused", cause[:500])
            return
        st.step = LegitimationStep.in_review
        st.reviewing_status = ReviewingStatus.in_review
        await self._record("system", "sent_to_kyc")

    async def _apply_decision(self) -> None:
        st = self.state
        d, st.decision = st.decision, None
        if d is None:
            return
        actor = f"manager:{d.manager_id}"
        if d.decision == Decision.approve:
            st.step = LegitimationStep.legitimated
            st.status = LegitimationStatus.accepted
            st.reviewing_status = ReviewingStatus.reviewed
            st.verification_level = VerificationLevel.kyc_2
            st.account_limit = None
            st.data_mismatch = None
            st.reason = d.reason
            st.verified_hash = st.facts.data_hash if st.facts else None
            await self._record(actor, "approved", d.reason)
            await self._mail(LegitimationMailKind.legitimated, legitimation_round_key(st.round))
        elif d.decision == Decision.reject:
            await self._reject(actor, "rejected", d.reason)
        else:
            await self._ask_for_changes(actor, "changes_requested", d.reason)

    async def _ask_for_changes(self, actor: str, action: str, reason: str | None) -> None:
        st = self.state
        st.step = LegitimationStep.change
        st.status = LegitimationStatus.change
        st.reviewing_status = ReviewingStatus.change
        st.verification_level = VerificationLevel.kyc_incomplete
        st.data_mismatch = DataMismatch.requested
        st.account_limit = AccountLimit.no_documents
        st.reason = reason
        st.change_since = workflow.now()
        st.reminded = False
        await self._record(actor, action, reason)
        await self._mail(LegitimationMailKind.changes_requested, legitimation_round_key(st.round))

    async def _reject(self, actor: str, action: str, reason: str | None) -> None:
        st = self.state
        st.step = LegitimationStep.rejected
        st.status = LegitimationStatus.rejected
        st.reviewing_status = ReviewingStatus.reviewed
        st.verification_level = VerificationLevel.rejected
        st.account_limit = AccountLimit.rejected
        st.reason = reason
        await self._record(actor, action, reason)
        await self._mail(LegitimationMailKind.rejected, legitimation_round_key(st.round))

    async def _apply_limit(self) -> None:
        st = self.state
        change, st.limit_change = st.limit_change, None
        if change is None:
            return
        st.manager_limit = change.limit
        action = "limit_lifted" if change.limit is None else "limit_set"
        await self._record(f"manager:{change.manager_id}", action, change.reason)

    # ----- conditions ------------------------------------------------------------------------------------
    def _ready_to_submit(self) -> bool:
        st = self.state
        return st.submit_requested and st.facts is not None and st.facts.complete

    def _rejected_by_manager(self) -> bool:
        """A rejection or a request for changes may come at any time of a review; an approval waits for the
        provider's answer (`registered`)."""
        d = self.state.decision
        return d is not None and d.decision != Decision.approve

    def _mismatch(self) -> bool:
        st = self.state
        return (
            st.facts is not None and st.verified_hash is not None and st.facts.data_hash != st.verified_hash
        )

    def _suggested(self) -> bool:
        """Leave the current wait: a limit to apply, or a history long enough to continue as new."""
        return self.state.limit_change is not None or workflow.info().is_continue_as_new_suggested()

    # ----- handlers --------------------------------------------------------------------------------------
    @workflow.signal
    def profile_saved(self, facts: ProfileFacts) -> None:
        st = self.state
        st.facts = facts
        if st.step in COLLECTING:
            st.step = facts.step

    # What the seller and the managers ask for is an update with a validator: refused before it reaches the
    # history when the step does not allow it (409 at the API). The signals of the same purpose are kept for the
    # histories written before the updates.
    @workflow.update
    def submit_for_review(self) -> str:
        self.state.submit_requested = True
        return LegitimationStep.requested.value

    @submit_for_review.validator
    def _submit_applies(self) -> None:
        st = self.state
        if st.step not in COLLECTING and st.step != LegitimationStep.change:
            raise ApplicationError("not collecting", type=Refusal.legitimation_not_collecting)

    @workflow.update
    def decide_review(self, decision: ManagerDecision) -> str:
        self.state.decision = decision
        return self.state.step.value

    @decide_review.validator
    def _decision_applies(self, decision: ManagerDecision) -> None:
        st = self.state
        if st.step not in REVIEWING or st.decision is not None:
            raise ApplicationError("not in review", type=Refusal.legitimation_not_in_review)
        if decision.decision == Decision.approve and st.step != LegitimationStep.registered:
            raise ApplicationError("not confirmed by the provider", type=Refusal.legitimation_not_in_review)

    @workflow.update
    def change_limit(self, change: LimitChange) -> str:
        self.state.limit_change = change
        return self.state.step.value

    @change_limit.validator
    def _limit_applies(self, change: LimitChange) -> None:
        st = self.state
        if st.step != LegitimationStep.legitimated or st.limit_change is not None:
            raise ApplicationError("not legitimated", type=Refusal.legitimation_not_legitimated)

    @workflow.signal
    def submit(self) -> None:
        """Kept for histories written before `submit_for_review`."""
        self.state.submit_requested = True

    @workflow.signal
    def kyc_answered(self, answer: KycAnswer) -> None:
        """Only an answer for the submission under review counts, and only once (a duplicated or late callback
        of an earlier round changes nothing)."""
        st = self.state
        if answer.event_id in st.seen_events or answer.reference != st.reference:
            return
        if st.step not in (LegitimationStep.requested, LegitimationStep.in_review):
            return
        st.seen_events = [*st.seen_events[-(HISTORY_KEPT - 1) :], answer.event_id]
        st.kyc_outcome = answer.outcome
        st.reason = answer.reason

    @workflow.signal
    def decide(self, decision: ManagerDecision) -> None:
        """Kept for histories written before `decide_review`."""
        st = self.state
        if st.step in REVIEWING:
            st.decision = decision

    @workflow.signal
    def set_limit(self, change: LimitChange) -> None:
        """Kept for histories written before `change_limit`. Only a legitimated seller's limit is a manager's to
        set; before that the review sets it."""
        if self.state.step == LegitimationStep.legitimated:
            self.state.limit_change = change

    @workflow.query
    def current(self) -> LegitimationState:
        return self.state

    # ----- activities ------------------------------------------------------------------------------------
    async def _record(self, actor: str, action: str, reason: str | None = None) -> None:
        st = self.state
        st.seq += 1
        entry = HistoryEntry(at=workflow.now(), actor=actor, action=action, step=st.step, reason=reason)
        st.history = [*st.history[-(HISTORY_KEPT - 1) :], entry]
        await self._remote(
            LegitimationActivities.record,
            LegitimationRecord(
                seller_id=st.seller_id,
                seq=st.seq,
                entry=entry,
                step=st.step,
                status=st.status,
                reviewing_status=st.reviewing_status,
                verification_level=st.verification_level,
                data_mismatch=st.data_mismatch,
                account_limit=combined_limit(st.account_limit, st.manager_limit),
                reason=st.reason,
                reference=st.reference,
            ),
        )

    async def _mail(self, kind: LegitimationMailKind, key: str) -> None:
        st = self.state
        await self._remote(
            LegitimationActivities.send_mail,
            LegitimationMail(
                seller_id=st.seller_id,
                kind=kind,
                key=legitimation_mail_key(st.seller_id, kind.value, key),
                reason=st.reason,
            ),
        )

    @staticmethod
    async def _remote(activity: Callable[[LegitimationActivities, A], Awaitable[R]], arg: A) -> R:
        return await run_step(activity, arg, FULFILMENT_STEP)
