"""Claim (`claim-{order token}-{rate}`): what happens to a rate that could not be charged, started by the
Subscription workflow under the seller's claim strategy and stage days (day = `day_s` seconds).

    open_claim (row once; the strategy and stage days of this moment)
    dunning: for the first, second and third stage, on its day after the failure:
        send_claim_reminder (once per stage) ─► charge again, unless the decline was hard
    `payment_method_changed` (the payer's manage page) ─► charge the new method at once
    `resolve_claim(outcome)` (the seller, or a payment that arrived elsewhere) ─► closed with that outcome
    `pause_reminders` / `resume_reminders` ─► no reminder or retry while paused (a card the payer saves is
        charged); updates, refused (409) on a closed claim or one with the collection agency
    paid at any point ─► record_rate_paid, closed as collected: no further mail, no further charge
    after the third stage unpaid ─► closed not_collected (the rate is a debt), unless the strategy goes on:
    dunning_inkasso after the stages, or inkasso at once ─► hand_to_agency (the collection agency, idempotent on
        `claim-{token}-{rate}`) ─► the agency's signed reports (`agency_event`, each once): status (in_inkasso,
        pre_court, court, post_court) ─► record_agency_status; payment ─► book_claim_payment (ledger, the rate
        partly paid or paid); closed ─► the claim ends with the agency's outcome
    closed ─► the subscription is told (`claim_closed`) and forgets the debt
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import TypeVar

from temporalio import workflow
from temporalio.exceptions import ApplicationError

from domain.billing.claims import (
    CLAIM_CLOSED,
    DUNNING_STAGES,
    ClaimClosed,
    ClaimInput,
    ClaimOutcome,
    ClaimSettings,
    ClaimStageMail,
    ClaimState,
    ClaimStatus,
    ClaimStrategy,
    DunningState,
    InkassoStatus,
    OpenClaim,
)
from domain.billing.inkasso import AgencyEvent, AgencyEventKind, AgencyStatus, ClaimPayment, HandOver
from domain.billing.subscriptions import ChargeRate, DeclineKind, RateEvent
from domain.errors import Refusal
from domain.workflow_ids import subscription_id
from workflows.policies import BOOKKEEPING_STEP, RENEWAL_STEP, run_step

with workflow.unsafe.imports_passed_through():
    from activities.claim import ClaimActivities
    from activities.rates import RateActivities

RESOLUTIONS = (
    ClaimOutcome.manually_resolved_dunning,
    ClaimOutcome.manually_resolved_inkasso,
    ClaimOutcome.collected,
)
A = TypeVar("A")
R = TypeVar("R")


@workflow.defn(name="Claim")
class ClaimWorkflow:
    @workflow.init
    def __init__(self, inp: ClaimInput) -> None:
        self.inp = inp
        self.state = inp.state or ClaimState(hard=inp.decline == DeclineKind.hard)

    @workflow.run
    async def run(self, inp: ClaimInput) -> str:
        st = self.state
        if not st.opened_at:
            st.opened_at = workflow.now().isoformat()
        opened = await self._remote(
            ClaimActivities.open_claim, OpenClaim(inp.order_token, inp.rate, inp.amount, inp.decline)
        )
        settings = opened.settings
        if settings.strategy != ClaimStrategy.inkasso:
            while st.stage < len(DUNNING_STAGES) and not self._over():
                await self._wait_for_stage(settings)
                if self._over():
                    break
                if st.method_changed:
                    st.method_changed = False
                    await self._charge()
                    continue
                stage = DUNNING_STAGES[st.stage]
                await self._remote(
                    ClaimActivities.send_claim_reminder,
                    ClaimStageMail(inp.order_token, inp.rate, stage, inp.amount, st.hard),
                )
                st.stage += 1
                if not st.hard:
                    await self._charge()
        if (
            settings.strategy != ClaimStrategy.dunning
            and not self._over()
            and workflow.patched("claim-inkasso")
        ):
            await self._collect()
        return await self._close(settings)

    async def _collect(self) -> None:
        """Debt collection: the claim goes to the agency, whose reports are applied in order, each once."""
        st, inp = self.state, self.inp
        await self._remote(ClaimActivities.hand_to_agency, HandOver(inp.order_token, inp.rate))
        st.inkasso = InkassoStatus.in_inkasso
        while st.agency_outcome is None and not self._over():
            await workflow.wait_condition(lambda: bool(st.agency_events) or self._over() or st.method_changed)
            if st.method_changed and not self._over():
                st.method_changed = False
                await self._charge()  # the payer pays with another card while the agency works on it
            while st.agency_events:
                event = st.agency_events.pop(0)
                if event.kind == AgencyEventKind.status and event.status:
                    st.inkasso = event.status
                    await self._remote(
                        ClaimActivities.record_agency_status,
                        AgencyStatus(inp.order_token, inp.rate, event.status),
                    )
                elif event.kind == AgencyEventKind.payment and event.amount > 0:
                    full = await self._remote(
                        ClaimActivities.book_claim_payment,
                        ClaimPayment(inp.order_token, inp.rate, event.amount, event.event_id),
                    )
                    st.paid = st.paid or full
                elif event.kind == AgencyEventKind.closed and event.outcome:
                    st.agency_outcome = event.outcome

    # ----- the main line ---------------------------------------------------------------------------------
    def _over(self) -> bool:
        return self.state.paid or self.state.resolved is not None

    async def _wait_for_stage(self, settings: ClaimSettings) -> None:
        st = self.state
        due = datetime.fromisoformat(st.opened_at) + timedelta(
            seconds=settings.stage_days[st.stage] * self.inp.day_s
        )
        while True:
            if st.paused and workflow.patched("claim-paused-charges-a-new-card"):
                # a pause stops reminders and retries, not the payer: a card saved meanwhile is charged at once
                await workflow.wait_condition(lambda: not st.paused or self._over() or st.method_changed)
                if self._over() or st.method_changed:
                    return
            elif st.paused:
                await workflow.wait_condition(lambda: not st.paused or self._over())
            try:
                await workflow.wait_condition(
                    lambda: self._over() or st.method_changed or st.paused,
                    timeout=max(timedelta(0), due - workflow.now()),
                )
            except TimeoutError:
                return
            if self._over() or st.method_changed:
                return

    async def _charge(self) -> None:
        st, inp = self.state, self.inp
        st.attempt += 1
        out = await run_step(
            RateActivities.charge_rate,
            ChargeRate(inp.order_token, inp.rate, inp.amount, st.attempt),
            RENEWAL_STEP,
        )
        if out.paid:
            await run_step(
                RateActivities.record_rate_paid,
                RateEvent(inp.order_token, inp.rate, inp.amount, out.intent_id),
                BOOKKEEPING_STEP,
            )
            st.paid = True
        else:
            st.hard = out.decline == DeclineKind.hard

    async def _close(self, settings: ClaimSettings) -> str:
        st, inp = self.state, self.inp
        strategy = ClaimStrategy(settings.strategy)
        dunning = DunningState.skipped if strategy == ClaimStrategy.inkasso else DunningState.completed
        if st.inkasso is not None:  # debt collection ran: the agency's word, or collected in full
            inkasso = InkassoStatus(st.inkasso)
            if st.paid:
                outcome = ClaimOutcome.collected
            elif st.resolved is not None:
                outcome = ClaimOutcome(st.resolved)
            else:
                outcome = ClaimOutcome(st.agency_outcome or ClaimOutcome.not_collected)
        elif st.paid:
            outcome, inkasso = ClaimOutcome.collected, InkassoStatus.no
        elif st.resolved is not None:
            outcome, inkasso = ClaimOutcome(st.resolved), InkassoStatus.no
        else:
            outcome = ClaimOutcome.not_collected
            inkasso = (
                InkassoStatus.no if strategy == ClaimStrategy.dunning else InkassoStatus.ready_for_inkasso
            )
        st.outcome = outcome
        await self._remote(
            ClaimActivities.close_claim,
            ClaimClosed(inp.order_token, inp.rate, outcome, dunning, inkasso, st.attempt),
        )
        # the Subscription that started the claim, by its message's name and payload (domain.billing.claims): this module
        # and the Subscription's do not import each other (the Subscription starts the claim by its class)
        parent = workflow.get_external_workflow_handle(subscription_id(inp.order_token))
        try:
            await parent.signal(CLAIM_CLOSED, inp.rate)
        except Exception:  # noqa: BLE001 - a subscription that has ended needs no news
            workflow.logger.info("subscription of %s has ended", inp.order_token)
        await workflow.wait_condition(workflow.all_handlers_finished)
        return outcome

    @staticmethod
    async def _remote(activity: Callable[[ClaimActivities, A], Awaitable[R]], arg: A) -> R:
        return await run_step(activity, arg, BOOKKEEPING_STEP)

    # ----- handlers ----------------------------------------------------------------------------------------
    # What the seller asks for is an update with a validator (409 at the API when it does not apply); the
    # signals of the same purpose are what other workflows send and what older histories replay.
    @workflow.update
    def pause_reminders(self) -> str:
        self.state.paused = True
        return "paused"

    @pause_reminders.validator
    def _pause_applies(self) -> None:
        self._refuse_unless_dunning()
        if self.state.paused:
            raise ApplicationError("paused", type=Refusal.claim_paused)

    @workflow.update
    def resume_reminders(self) -> str:
        self.state.paused = False
        return "dunning"

    @resume_reminders.validator
    def _resume_applies(self) -> None:
        self._refuse_unless_dunning()
        if not self.state.paused:
            raise ApplicationError("not paused", type=Refusal.claim_not_paused)

    @workflow.update
    def resolve_claim(self, outcome: str) -> str:
        """The seller resolved the claim by hand, or a payment reached the seller another way."""
        self.resolve(outcome)
        return self.state.resolved or ""

    @resolve_claim.validator
    def _resolve_applies(self, outcome: str) -> None:
        self._refuse_when_closed()
        if outcome not in RESOLUTIONS:
            raise ApplicationError("not a resolution", type=Refusal.claim_closed)

    def _refuse_when_closed(self) -> None:
        if self._over() or self.state.outcome is not None:
            raise ApplicationError("closed", type=Refusal.claim_closed)

    def _refuse_unless_dunning(self) -> None:
        self._refuse_when_closed()
        if self.state.inkasso is not None:
            raise ApplicationError("with the agency", type=Refusal.claim_with_agency)

    @workflow.signal
    def payment_method_changed(self) -> None:
        """From the Subscription workflow: the payer saved another card."""
        if not self._over():
            self.state.method_changed = True
            self.state.hard = False

    @workflow.signal
    def resolve(self, outcome: str) -> None:
        """Kept for histories written before `resolve_claim` (which applies it the same way)."""
        if outcome == ClaimOutcome.manually_resolved_inkasso and self.state.inkasso is None:
            outcome = ClaimOutcome.manually_resolved_dunning
        if not self._over() and outcome in RESOLUTIONS:
            self.state.resolved = outcome

    @workflow.signal
    def agency_event(self, event: AgencyEvent) -> None:
        """The collection agency's report; each event once (the webhook stores them, this keeps them apart)."""
        st = self.state
        if event.event_id in st.seen or st.outcome is not None:
            return
        st.seen = [*st.seen[-99:], event.event_id]
        st.agency_events.append(event)

    @workflow.signal
    def pause_dunning(self) -> None:
        """Kept for histories written before `pause_reminders`."""
        self.state.paused = True

    @workflow.signal
    def resume_dunning(self) -> None:
        """Kept for histories written before `resume_reminders`."""
        self.state.paused = False

    @workflow.query
    def status(self) -> ClaimStatus:
        st = self.state
        return ClaimStatus(st.stage, st.attempt, st.paid, st.outcome, st.paused)
