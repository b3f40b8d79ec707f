"""Payout (`payout-{payee type}-{payee id}`): one per payee, long-lived, continuing as new.

every interval of the schedule (daily 1, weekly 7, monthly 30 days of the input's calendar), or a cashout (`request_cashout`, an update answered with the payout issued or why none could be):
    load_settings ─► check_payout (legitimated? bank account activated? no payouts limit? available, held)
        not eligible / below the minimum ─► wait for the next run (the reason is queryable)
        else ─► issue_payout (row + ledger entries once per end-to-end id, the pain.001 file to the bank)
the bank's signed answer (`bank_answered`, once per event, only for a transfer awaited)
    ─► apply_bank_answer: booked → successful; returned → canceled, money back, mail
`settings_changed` ─► settings read again and the next run rescheduled
a long history ─► continue-as-new with the state
"""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import TypeVar

from temporalio import workflow
from temporalio.exceptions import ApplicationError

from domain.errors import Refusal
from domain.ledger.payouts import (
    INTERVAL_DAYS,
    BankAnswer,
    PayeeRef,
    PayoutCheck,
    PayoutInput,
    PayoutKind,
    PayoutRequest,
    PayoutStatus,
    PayoutWorkflowState,
)
from workflows.policies import BOOKKEEPING_STEP, run_step

with workflow.unsafe.imports_passed_through():
    from activities.payout import PayoutActivities

A = TypeVar("A")
R = TypeVar("R")
SEEN_KEPT = 100


@workflow.defn(name="Payout")
class PayoutWorkflow:
    @workflow.init
    def __init__(self, inp: PayoutInput) -> None:
        self.inp = inp
        self.state = inp.state or PayoutWorkflowState()

    @workflow.run
    async def run(self, inp: PayoutInput) -> None:
        st = self.state
        payee = PayeeRef(inp.payee_type, inp.payee_id)
        while True:
            st.settings = await self._remote(PayoutActivities.load_settings, payee)
            interval = timedelta(seconds=inp.day_s * INTERVAL_DAYS[st.settings.schedule])
            if st.next_run_at is None or st.reload:
                st.next_run_at = workflow.now() + interval
                st.reload = False
            try:
                await workflow.wait_condition(
                    lambda: st.cashout_requested or bool(st.answers) or st.reload or self._suggested(),
                    timeout=max(timedelta(0), st.next_run_at - workflow.now()),
                )
            except TimeoutError:
                pass
            while st.answers:
                answer = st.answers.pop(0)
                await self._remote(PayoutActivities.apply_bank_answer, answer)
                st.waiting = [w for w in st.waiting if w != answer.end_to_end_id]
            due = workflow.now() >= st.next_run_at
            if due or st.cashout_requested:
                asked = st.cashout_requested
                issued = await self._pay(cashout=asked and not due, hold_days=st.settings.hold_days)
                if asked:
                    st.cashout_outcome = "issued" if issued else (st.last_reason or "nothing_available")
                    st.cashouts_answered += 1
                if due:
                    st.next_run_at = workflow.now() + interval
            if self._suggested():
                await workflow.wait_condition(workflow.all_handlers_finished)
                workflow.continue_as_new(dataclasses.replace(inp, state=st))

    async def _pay(self, *, cashout: bool, hold_days: int) -> bool:
        st, inp = self.state, self.inp
        st.cashout_requested = False
        check = PayoutCheck(inp.payee_type, inp.payee_id, hold_s=hold_days * inp.day_s)
        elig = await self._remote(PayoutActivities.check_payout, check)
        st.last_reason = elig.reason
        if not elig.ok:
            return False
        minimum = 1 if cashout else st.settings.minimum
        if elig.available < minimum:
            st.last_reason = "below_minimum" if elig.available else "nothing_available"
            return False
        st.number += 1
        req = PayoutRequest(
            payee_type=inp.payee_type,
            payee_id=inp.payee_id,
            number=st.number,
            kind=PayoutKind.cashout if cashout else PayoutKind.payout,
            amount=elig.available,
            currency=elig.currency,
        )
        st.waiting.append(await self._remote(PayoutActivities.issue_payout, req))
        return True

    @staticmethod
    def _suggested() -> bool:
        return workflow.info().is_continue_as_new_suggested()

    # ----- handlers --------------------------------------------------------------------------------------
    @workflow.update
    async def request_cashout(self) -> str:
        """The payee asks for the available balance now (no minimum): answered once this request's payout is
        issued ("issued"), or refused with why nothing could leave (a PayoutCheck reason)."""
        st = self.state
        asked = st.cashouts_answered + 1
        st.cashout_requested = True
        await workflow.wait_condition(lambda: st.cashouts_answered >= asked)
        outcome = st.cashout_outcome or "nothing_available"
        if outcome != "issued":
            raise ApplicationError(outcome, outcome, type=Refusal.payout_not_eligible)
        return outcome

    @request_cashout.validator
    def _cashout_applies(self) -> None:
        if self.state.cashout_requested:
            raise ApplicationError("pending", type=Refusal.cashout_pending)

    @workflow.signal
    def cashout(self) -> None:
        """Kept for histories written before `request_cashout`."""
        self.state.cashout_requested = True

    @workflow.signal
    def settings_changed(self) -> None:
        self.state.reload = True

    @workflow.signal
    def bank_answered(self, answer: BankAnswer) -> None:
        """Once per bank event, and only for a transfer this workflow awaits."""
        st = self.state
        if answer.event_id in st.seen_events or answer.end_to_end_id not in st.waiting:
            return
        if any(a.end_to_end_id == answer.end_to_end_id for a in st.answers):
            return
        st.seen_events = [*st.seen_events[-(SEEN_KEPT - 1) :], answer.event_id]
        st.answers.append(answer)

    @workflow.query
    def status(self) -> PayoutStatus:
        st = self.state
        return PayoutStatus(
            day_s=self.inp.day_s,
            next_run_at=st.next_run_at,
            waiting=list(st.waiting),
            last_reason=st.last_reason,
            settings=st.settings,
        )

    @staticmethod
    async def _remote(activity: Callable[[PayoutActivities, A], Awaitable[R]], arg: A) -> R:
        return await run_step(activity, arg, BOOKKEEPING_STEP)
