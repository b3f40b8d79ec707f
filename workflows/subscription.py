"""Subscription (`subscription-{order token}`): started by Checkout once the first rate of a recurring plan is
paid (or, when a test period or start day defers it, once the card is saved: then rate 1 is its own too); owns
the order's rates until the last one (limited subscription, installment) or a cancellation.

    load_subscription (the order's frozen terms → the rates to come, rows in order_rates)
    each rate n ≥ first_rate (2, or 1 when deferred): sleep until its due day (day = `day_s` seconds from the workflow's origin)
        charge_rate (off-session, key `order-{token}-rate-{n}`)
            paid ──► record_rate_paid (ledger, invoice, transfer, mail)
            failed ─► record_rate_failed (access suspended) ─► child `claim-{token}-{n}` (dunning) ─► next rate
    the last rate of a limited plan ──► end_subscription(completed): the order is `paid`
    `cancel_payments(now)` ──► end_subscription(canceled) at once; `cancel_payments(period_end)` ──► no further
        charge, ends on the next due day (the `cancel` signal does the same for other workflows and webhooks)
    `pause_payments` ──► payment_paused, no charge; `resume_payments` ──► paying, the rates to come move by the
        paused days (updates: refused with a Refusal code when the phase does not allow them)
    `change_card` ──► passed on to every open claim, which charges the new method at once; the new
        card's expiry is looked up
    a saved card that expires before the next rate ──► remind_card_expiry, once per card, CARD_REMINDER_DAYS
        before that rate (behind `workflow.patched("card-expiry-reminder")`)
    `claim_closed(rate)` (from the claim) ──► the rate leaves the open debts
    a long history ──► continue-as-new with the state
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Awaitable, Callable
from datetime import date, datetime, timedelta
from typing import TypeVar

from temporalio import workflow
from temporalio.exceptions import ApplicationError
from temporalio.workflow import ParentClosePolicy

from domain.billing.claims import CLAIM_CLOSED, ClaimInput
from domain.billing.subscriptions import (
    CARD_REMINDER_DAYS,
    Cancel,
    CancelMode,
    CardExpiryReminder,
    ChargeRate,
    LoadRates,
    RateDue,
    RateEvent,
    SubscriptionEnd,
    SubscriptionInput,
    SubscriptionMove,
    SubscriptionPhase,
    SubscriptionPlan,
    SubscriptionState,
    SubscriptionStatus,
    card_expires_before,
)
from domain.errors import Refusal
from domain.orders.orders import PaymentState
from domain.workflow_ids import claim_id
from workflows.claim import ClaimWorkflow
from workflows.policies import (
    BOOKKEEPING_STEP,
    RENEWAL_STEP,
    STRIPE,
    provider_queue,
    run_local_step,
    run_step,
)

with workflow.unsafe.imports_passed_through():
    from activities.rates import RateActivities
    from activities.subscription import SubscriptionActivities

A = TypeVar("A")
R = TypeVar("R")
SEEN_KEPT = 50
# The behaviours behind the patches of this file, chosen once as a run starts: a run started by this code records
# this one marker at its start, where each of the others had cost a marker and an upsert of Temporal's
# `TemporalChangeVersion` search attribute (a visibility write) in the middle of its first renewal, which is what a
# billing storm is made of (issue 24). A run started before it replays with this patch off and meets each of the
# others where its history has it.
AT_START = "subscription-patches-at-start"


@workflow.defn(name="Subscription")
class SubscriptionWorkflow:
    @workflow.init
    def __init__(self, inp: SubscriptionInput) -> None:
        self.inp = inp
        self.state = inp.state or SubscriptionState(next_rate=inp.first_rate)
        self.plan: SubscriptionPlan | None = None
        self.current = False  # set as the run starts: see AT_START

    @workflow.run
    async def run(self, inp: SubscriptionInput) -> str:
        self.current = workflow.patched(AT_START)  # first, before any command (see AT_START)
        st = self.state
        if not st.origin:
            st.origin = workflow.now().isoformat()
            await self._remote(
                SubscriptionActivities.move_subscription,
                SubscriptionMove(inp.order_token, PaymentState.paying),
            )
        while st.phase != SubscriptionPhase.ended:
            rate = await self._next_rate()
            if rate is None:
                return await self._end("completed")
            if self._patched("card-expiry-reminder") and not await self._remind_expiring_card(rate):
                continue  # another card was saved: its expiry is looked up first
            if not await self._wait_until_due(rate):
                continue  # a pause, resume or cancellation changed the plan: look again
            if st.phase == SubscriptionPhase.ending:
                return await self._end("canceled")
            await self._charge(rate)
            st.next_rate += 1
            if workflow.info().is_continue_as_new_suggested():
                await workflow.wait_condition(workflow.all_handlers_finished)
                workflow.continue_as_new(dataclasses.replace(inp, state=st))
        return st.end_reason or SubscriptionPhase.ended

    def _patched(self, patch: str) -> bool:
        """A patch's behaviour: always in a run started with AT_START; else where the run's history has it."""
        return self.current or workflow.patched(patch)

    # ----- the main line ---------------------------------------------------------------------------------
    async def _next_rate(self) -> RateDue | None:
        st, inp = self.state, self.inp
        plan = self.plan
        if plan is None or not any(r.number == st.next_rate for r in plan.rates):
            plan = self.plan = await self._remote(
                SubscriptionActivities.load_subscription,
                LoadRates(inp.order_token, st.next_rate, inp.horizon),
            )
        return next((r for r in plan.rates if r.number == st.next_rate), None)

    def _wake_at(self, rate: RateDue) -> datetime:
        plan = self.plan
        if plan is None:
            raise RuntimeError("no plan loaded")
        days = (
            date.fromisoformat(rate.due) - date.fromisoformat(plan.purchased)
        ).days + self.state.paused_days
        return datetime.fromisoformat(self.state.origin) + timedelta(seconds=days * self.inp.day_s)

    async def _remind_expiring_card(self, rate: RateDue) -> bool:
        """A saved card that expires before `rate` falls due: the payer is asked, once per card and
        CARD_REMINDER_DAYS before the rate, to save another one, before anything fails. False after a card change
        (the new card's expiry is loaded: look again)."""
        st, inp = self.state, self.inp
        if st.method_changed:
            st.method_changed = False
            self.plan = await self._remote(
                SubscriptionActivities.load_subscription,
                LoadRates(inp.order_token, st.next_rate, inp.horizon),
            )
            return False
        expires = self.plan.card_expires if self.plan else None
        if (
            st.phase != SubscriptionPhase.active
            or not expires
            or st.card_reminded == expires
            or not card_expires_before(expires, rate.due)
        ):
            return True
        timeout = self._wake_at(rate) - timedelta(seconds=CARD_REMINDER_DAYS * inp.day_s) - workflow.now()
        if timeout > timedelta(0):
            try:
                await workflow.wait_condition(
                    lambda: (
                        st.cancel is not None
                        or st.pause_requested
                        or st.resume_requested
                        or st.method_changed
                    ),
                    timeout=timeout,
                )
                return not st.method_changed  # a cancel or pause is applied by the wait for the rate
            except TimeoutError:
                pass
        await self._remote(
            SubscriptionActivities.remind_card_expiry,
            CardExpiryReminder(inp.order_token, expires, rate.number, rate.due, rate.amount),
        )
        st.card_reminded = expires
        return True

    async def _wait_until_due(self, rate: RateDue) -> bool:
        """True when the rate is due and nothing asks for a change; False after a pause, resume or cancel."""
        st = self.state
        if st.phase == SubscriptionPhase.paused:  # no charge falls due while paused
            await workflow.wait_condition(lambda: st.cancel is not None or st.resume_requested)
        else:
            timeout = self._wake_at(rate) - workflow.now()
            requested = st.cancel is not None or st.pause_requested or st.resume_requested
            if timeout <= timedelta(0) and not requested:
                return True  # due already (a late timer, a long pause, a catch-up): no timer needed
            # a request already made is applied now: waiting on it with no time left timed out at once, so a
            # subscription catching up on past-due rates charged them all past a cancellation (the chaos suite)
            if not (requested and self._patched("request-while-catching-up")):
                try:
                    await workflow.wait_condition(
                        lambda: st.cancel is not None or st.pause_requested or st.resume_requested,
                        timeout=max(timeout, timedelta(0)),
                    )
                except TimeoutError:
                    return True
        if st.cancel == CancelMode.now:
            st.cancel = None
            await self._end("canceled")
            return False
        if st.cancel == CancelMode.period_end:
            st.cancel = None
            st.phase = SubscriptionPhase.ending
            return False
        if st.pause_requested:
            st.pause_requested = False
            if st.phase == SubscriptionPhase.active:
                st.phase = SubscriptionPhase.paused
                st.paused_at = workflow.now().isoformat()
                await self._move(PaymentState.payment_paused)
            return False
        if st.resume_requested:
            st.resume_requested = False
            if st.phase == SubscriptionPhase.paused and st.paused_at:
                paused_s = (workflow.now() - datetime.fromisoformat(st.paused_at)).total_seconds()
                shift = math.ceil(paused_s / self.inp.day_s)
                st.paused_days += shift
                st.paused_at = None
                st.phase = SubscriptionPhase.active
                await self._move(PaymentState.paying, shift_from=st.next_rate, shift_days=shift)
            return False
        return False

    async def _charge(self, rate: RateDue) -> None:
        token = self.inp.order_token
        # the charge runs on the provider's task queue, within its rate limit (issue 24); runs started before
        # charge on the workflow's own queue, as their histories say
        queue = provider_queue(STRIPE) if self._patched("provider-task-queue") else None
        out = await run_step(
            RateActivities.charge_rate,
            ChargeRate(token, rate.number, rate.amount),
            RENEWAL_STEP,
            task_queue=queue,
        )
        event = RateEvent(token, rate.number, rate.amount, out.intent_id, out.code, out.message)
        if out.paid:
            # booked by a local activity in the charge's next workflow task: a renewal costs the server one activity
            # task and one workflow task fewer (the billing storm, issue 24); runs started before book it remotely
            if self._patched("renewal-booked-locally"):
                await run_local_step(RateActivities.record_rate_paid, event, BOOKKEEPING_STEP)
            else:
                await run_step(RateActivities.record_rate_paid, event, BOOKKEEPING_STEP)
            return
        await self._remote(SubscriptionActivities.record_rate_failed, event)
        self.state.debts.append(rate.number)
        day_s = self.inp.claim_day_s or self.inp.day_s
        await workflow.start_child_workflow(
            ClaimWorkflow.run,
            ClaimInput(token, rate.number, rate.amount, out.decline or "soft", day_s),
            id=claim_id(token, rate.number),
            parent_close_policy=ParentClosePolicy.ABANDON,
            search_attributes=workflow.info().typed_search_attributes,  # its seller and order
        )

    async def _move(self, state: PaymentState, shift_from: int = 0, shift_days: int = 0) -> None:
        await self._remote(
            SubscriptionActivities.move_subscription,
            SubscriptionMove(self.inp.order_token, state, shift_from, shift_days),
        )

    async def _end(self, reason: str) -> str:
        st = self.state
        st.phase = SubscriptionPhase.ended
        st.end_reason = reason
        await self._remote(
            SubscriptionActivities.end_subscription,
            SubscriptionEnd(self.inp.order_token, reason, st.next_rate - 1),
        )
        await workflow.wait_condition(workflow.all_handlers_finished)
        return reason

    @staticmethod
    async def _remote(activity: Callable[[SubscriptionActivities, A], Awaitable[R]], arg: A) -> R:
        return await run_step(activity, arg, BOOKKEEPING_STEP)

    # ----- handlers ----------------------------------------------------------------------------------------
    def _first_time(self, request_id: str) -> bool:
        st = self.state
        if not request_id:
            return True
        if request_id in st.seen:
            return False
        st.seen = [*st.seen[-(SEEN_KEPT - 1) :], request_id]
        return True

    # What a person asks for is an update with a validator: refused before it reaches the history when it does
    # not apply (409 at the API), accepted only when it changes something. The signals of the same purpose are
    # what other workflows and webhooks send (a chargeback's cancel, the account deletion's), and what histories
    # written before the updates replay.
    @workflow.update
    def pause_payments(self) -> str:
        self.state.pause_requested = True
        return SubscriptionPhase.paused.value

    @pause_payments.validator
    def _pause_applies(self) -> None:
        st = self.state
        self._refuse_when_ended()
        if st.phase != SubscriptionPhase.active:
            raise ApplicationError("not active", type=Refusal.subscription_not_active)
        if st.pause_requested or st.cancel is not None:
            raise ApplicationError("a change is pending", type=Refusal.subscription_change_pending)

    @workflow.update
    def resume_payments(self) -> str:
        self.state.resume_requested = True
        return SubscriptionPhase.active.value

    @resume_payments.validator
    def _resume_applies(self) -> None:
        st = self.state
        self._refuse_when_ended()
        if st.phase != SubscriptionPhase.paused:
            raise ApplicationError("not paused", type=Refusal.subscription_not_paused)
        if st.resume_requested or st.cancel is not None:
            raise ApplicationError("a change is pending", type=Refusal.subscription_change_pending)

    @workflow.update
    def cancel_payments(self, req: Cancel) -> str:
        if self._first_time(req.request_id):
            self.state.cancel = CancelMode(req.mode)
        return SubscriptionPhase.ending.value

    @cancel_payments.validator
    def _cancel_applies(self, req: Cancel) -> None:
        st = self.state
        self._refuse_when_ended()
        if req.request_id and req.request_id in st.seen:
            return  # the same request again: the first one's answer
        if req.mode == CancelMode.period_end and (
            st.phase == SubscriptionPhase.ending or st.cancel == CancelMode.period_end
        ):
            raise ApplicationError("ends already", type=Refusal.subscription_ending)
        if st.cancel == CancelMode.now:
            raise ApplicationError("a change is pending", type=Refusal.subscription_change_pending)

    @workflow.update
    async def change_card(self) -> str:
        """The payer saved another card: every open claim charges it at once, and its expiry is looked up."""
        await self._card_changed()
        return self.state.phase

    @change_card.validator
    def _change_card_applies(self) -> None:
        self._refuse_when_ended()

    def _refuse_when_ended(self) -> None:
        if self.state.phase == SubscriptionPhase.ended:
            raise ApplicationError("ended", type=Refusal.subscription_ended)

    async def _card_changed(self) -> None:
        self.state.method_changed = True
        for rate in list(self.state.debts):
            claim = workflow.get_external_workflow_handle_for(
                ClaimWorkflow.run, claim_id(self.inp.order_token, rate)
            )
            try:
                await claim.signal(ClaimWorkflow.payment_method_changed)
            except Exception:  # noqa: BLE001 - a claim that has ended meanwhile needs nothing
                workflow.logger.info("claim %s ended already", rate)

    @workflow.signal
    def cancel(self, req: Cancel) -> None:
        """From another workflow (the account deletion) or a webhook (a chargeback); people send the update."""
        if self.state.phase != SubscriptionPhase.ended and self._first_time(req.request_id):
            self.state.cancel = CancelMode(req.mode)

    @workflow.signal
    def pause(self) -> None:
        """Kept for histories written before `pause_payments`."""
        if self.state.phase == SubscriptionPhase.active:
            self.state.pause_requested = True

    @workflow.signal
    def resume(self) -> None:
        """Kept for histories written before `resume_payments`."""
        if self.state.phase == SubscriptionPhase.paused:
            self.state.resume_requested = True

    @workflow.signal
    async def payment_method_changed(self) -> None:
        """Kept for histories written before `change_card`."""
        await self._card_changed()

    @workflow.signal(name=CLAIM_CLOSED)
    def claim_closed(self, rate: int) -> None:
        """From the rate's Claim workflow when it closes."""
        self.state.debts = [d for d in self.state.debts if d != rate]

    @workflow.query
    def status(self) -> SubscriptionStatus:
        st, plan = self.state, self.plan
        nxt = None
        if plan is not None and st.phase in (SubscriptionPhase.active, SubscriptionPhase.paused):
            nxt = next((r for r in plan.rates if r.number == st.next_rate), None)
        due = None
        if nxt is not None:
            due = (date.fromisoformat(nxt.due) + timedelta(days=st.paused_days)).isoformat()
        return SubscriptionStatus(
            phase=st.phase,
            next_rate=nxt.number if nxt else None,
            next_due=due,
            debts=list(st.debts),
            count=plan.count if plan else None,
        )
