"""Account deletion (`account-deletion-{seller id}`): the wizard of core §2 behind one seller's request to
deactivate or delete the account (core §3 flow kinds); one per seller at a time.

    start ─► send_mail(requested) ─► take_products_off (unpublished at once; plan deletion_planned:
             data state inactive_plan)
        subscriptions = cancel_at_period_end ─► each running `subscription-{token}` signalled
             cancel(period_end) ─► record_ending (those orders no longer block; buyers keep access to the end)
    preparing ─► run_checks (core §8) ──some fail──► wait: `check_again`, the re-check timer (RECHECK_DAYS of the
        input's calendar), or `cancel` ──► run_checks again
        `end_subscriptions` (signal; the seller who chose `wait` changes their mind in the blocked wizard) ─► the
             running subscriptions cancelled at period end as above ─► run_checks again
                              └─all pass──► ready: wait for `confirm`, `cancel` or `check_again` (no timer)
    `cancel` (update; only before `confirm`) ─► record_canceled (plan restored) ─► canceled (end)
    `confirm` (update; only when ready) ─► run_checks once more (a blocker that came back sends the wizard
        back to preparing) ─► record_confirmed (plan deletion_requested)
        deactivation ─► deactivate ─► send_mail(completed) ─► deactivated: wait for `reactivate`
            `reactivate` (update) ─► reactivate (account Active, plan restored) ─► reactivated (end)
        deletion ─► send_mail(completed, to the address before it is scrambled) ─► scramble_personal_data
            (data_scrambled; retention date recorded) ─► mark_deleted (account Deleted, data state deleted)
    a long wait ─► continue-as-new with the state
"""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import TypeVar

from temporalio import workflow
from temporalio.exceptions import ApplicationError

from domain.accounts.account_deletion import (
    RECHECK_DAYS,
    CheckRequest,
    Completion,
    DeletionInput,
    DeletionMail,
    DeletionPhase,
    DeletionState,
    DeletionStatus,
    EndingSubscriptions,
    FlowKind,
    SellerRef,
    SubscriptionChoice,
    blocking,
    retention_until,
)
from domain.billing.subscriptions import Cancel, CancelMode
from domain.errors import Refusal
from domain.keys import closing_request_id
from domain.workflow_ids import account_deletion_id, domain_id, subscription_id
from workflows.domains import DomainWorkflow
from workflows.policies import BOOKKEEPING_STEP, run_step
from workflows.subscription import SubscriptionWorkflow

with workflow.unsafe.imports_passed_through():
    from activities.account_deletion import AccountDeletionActivities

A = TypeVar("A")
R = TypeVar("R")
OPEN = (DeletionPhase.preparing, DeletionPhase.ready)


@workflow.defn(name="AccountDeletion")
class AccountDeletionWorkflow:
    @workflow.init
    def __init__(self, inp: DeletionInput) -> None:
        self.inp = inp
        self.state = inp.state or DeletionState()

    @workflow.run
    async def run(self, inp: DeletionInput) -> str:
        st, ref = self.state, SellerRef(inp.seller_id)
        if not st.products_off:
            await self._mail("requested")
            await self._remote(AccountDeletionActivities.take_products_off, ref)
            if inp.subscriptions == SubscriptionChoice.cancel_at_period_end:
                await self._end_subscriptions(ref)
            st.products_off = True
        while st.phase in OPEN:
            if st.end_requested and not st.cancel_requested and not st.confirmed:
                st.end_requested = False
                await self._end_subscriptions(ref)
            if st.cancel_requested:
                await self._remote(AccountDeletionActivities.record_canceled, ref)
                st.phase = DeletionPhase.canceled
                break
            if st.confirmed:
                await self._check()
                if st.phase == DeletionPhase.ready:
                    await self._remote(AccountDeletionActivities.record_confirmed, ref)
                    await self._finish(ref)
                    break
                st.confirmed = False  # a blocker came back: the seller confirms again once it clears
                continue
            await self._check()
            await self._wait_for_news()
        if st.phase == DeletionPhase.deactivated:
            await self._wait_for_reactivation(ref)
        await workflow.wait_condition(workflow.all_handlers_finished)
        return st.phase.value

    async def _check(self) -> None:
        st = self.state
        req = CheckRequest(self.inp.seller_id, self.inp.flow_kind, list(st.ending_tokens))
        st.checks = await self._remote(AccountDeletionActivities.run_checks, req)
        st.checked_at = workflow.now()
        st.checks_run += 1
        st.recheck_requested = False
        st.phase = DeletionPhase.preparing if blocking(st.checks) else DeletionPhase.ready

    async def _wait_for_news(self) -> None:
        """Blocked: until the seller acts or the next daily re-check. Ready: until the seller acts (the checks
        run once more at the confirmation, so no timer keeps polling a ready account)."""
        st = self.state
        timeout = (
            timedelta(seconds=self.inp.day_s * RECHECK_DAYS) if st.phase == DeletionPhase.preparing else None
        )
        try:
            await workflow.wait_condition(
                lambda: (
                    st.recheck_requested
                    or st.end_requested
                    or st.cancel_requested
                    or st.confirmed
                    or self._suggested()
                ),
                timeout=timeout,
            )
        except TimeoutError:
            pass
        await self._continue_if_suggested()

    async def _finish(self, ref: SellerRef) -> None:
        st, inp = self.state, self.inp
        st.phase = DeletionPhase.working
        if inp.flow_kind == FlowKind.deactivation:
            await self._remote(AccountDeletionActivities.deactivate, ref)
            await self._mail("completed")
            st.phase = DeletionPhase.deactivated
            return
        until = retention_until(workflow.now().date()).isoformat()
        await self._mail("completed", until)
        await self._remote(
            AccountDeletionActivities.scramble_personal_data, Completion(inp.seller_id, inp.flow_kind, until)
        )
        await self._remote(AccountDeletionActivities.mark_deleted, ref)
        if workflow.patched("closing-removes-domains"):
            await self._remove_domains(ref)
        st.phase = DeletionPhase.deleted

    async def _remove_domains(self, ref: SellerRef) -> None:
        """The deleted account's subdomain and custom domains stop resolving: marked deleted (the shop stops
        answering on them), and each domain's workflow removes the platform's records (its `delete` signal; one
        that has ended needs nothing)."""
        for row_id in await self._remote(AccountDeletionActivities.remove_domains, ref):
            domain = workflow.get_external_workflow_handle_for(DomainWorkflow.run, domain_id(row_id))
            try:
                await domain.signal(DomainWorkflow.delete)
            except Exception:  # noqa: BLE001 - a domain workflow that has ended needs nothing
                workflow.logger.info("domain %s has no running workflow", row_id)

    async def _wait_for_reactivation(self, ref: SellerRef) -> None:
        st = self.state
        while not st.reactivate_requested:
            await workflow.wait_condition(lambda: st.reactivate_requested or self._suggested())
            await self._continue_if_suggested()
        await self._remote(AccountDeletionActivities.reactivate, ref)
        st.phase = DeletionPhase.reactivated

    async def _end_subscriptions(self, ref: SellerRef) -> None:
        """Each running subscription is cancelled at the end of its paid period by its own workflow's `cancel`
        signal (idempotent on the request id); one that has ended meanwhile needs nothing."""
        st = self.state
        running = await self._remote(AccountDeletionActivities.running_subscriptions, ref)
        tokens = [t for t in running if t not in st.ending_tokens]
        for token in tokens:
            handle = workflow.get_external_workflow_handle_for(
                SubscriptionWorkflow.run, subscription_id(token)
            )
            request_id = closing_request_id(
                account_deletion_id(self.inp.seller_id), workflow.info().first_execution_run_id
            )
            try:
                await handle.signal(SubscriptionWorkflow.cancel, Cancel(CancelMode.period_end, request_id))
            except Exception:  # noqa: BLE001 - a subscription that has ended meanwhile needs nothing
                workflow.logger.info("subscription %s ended already", token)
            st.ending_tokens.append(token)
        if tokens:
            await self._remote(
                AccountDeletionActivities.record_ending, EndingSubscriptions(ref.seller_id, tokens)
            )

    async def _mail(self, stage: str, until: str | None = None) -> None:
        run = workflow.info().first_execution_run_id
        mail = DeletionMail(self.inp.seller_id, self.inp.flow_kind, stage, run, until)
        await self._remote(AccountDeletionActivities.send_closing_mail, mail)

    @staticmethod
    def _suggested() -> bool:
        return workflow.info().is_continue_as_new_suggested()

    async def _continue_if_suggested(self) -> None:
        """Continue as new when Temporal suggests it, once every update and signal in progress has finished (an
        update cut off by continue-as-new would leave its caller without an answer)."""
        if self._suggested():
            await workflow.wait_condition(workflow.all_handlers_finished)
            workflow.continue_as_new(dataclasses.replace(self.inp, state=self.state))

    @staticmethod
    async def _remote(activity: Callable[[AccountDeletionActivities, A], Awaitable[R]], arg: A) -> R:
        return await run_step(activity, arg, BOOKKEEPING_STEP)

    # ----- handlers --------------------------------------------------------------------------------------
    @workflow.update
    def run_checks_again(self) -> str:
        self.state.recheck_requested = True
        return self.state.phase.value

    @run_checks_again.validator
    def _recheck_applies(self) -> None:
        st = self.state
        if st.phase not in OPEN or st.confirmed or st.cancel_requested:
            raise ApplicationError("not open", type=Refusal.deletion_closed)

    @workflow.update
    def end_running_subscriptions(self) -> str:
        """The seller chose, after starting, to cancel the running subscriptions at the end of their period."""
        self.state.end_requested = True
        return self.state.phase.value

    @end_running_subscriptions.validator
    def _end_applies(self) -> None:
        self._recheck_applies()

    @workflow.signal
    def check_again(self) -> None:
        """Kept for histories written before `run_checks_again`."""
        if self.state.phase in OPEN:
            self.state.recheck_requested = True

    @workflow.signal
    def end_subscriptions(self) -> None:
        """Kept for histories written before `end_running_subscriptions`."""
        if self.state.phase in OPEN:
            self.state.end_requested = True

    @workflow.update
    def confirm(self) -> str:
        self.state.confirmed = True
        return self.state.phase.value

    @confirm.validator
    def _confirm_ok(self) -> None:
        st = self.state
        if st.phase != DeletionPhase.ready or st.cancel_requested:
            raise ApplicationError("not ready", type=Refusal.deletion_not_ready)

    @workflow.update
    def cancel(self) -> str:
        self.state.cancel_requested = True
        return self.state.phase.value

    @cancel.validator
    def _cancel_ok(self) -> None:
        st = self.state
        if st.phase not in OPEN or st.confirmed:
            raise ApplicationError("confirmed", type=Refusal.deletion_confirmed)

    @workflow.update
    def reactivate(self) -> str:
        self.state.reactivate_requested = True
        return self.state.phase.value

    @reactivate.validator
    def _reactivate_ok(self) -> None:
        if self.state.phase != DeletionPhase.deactivated:
            raise ApplicationError("not deactivated", type=Refusal.deletion_not_deactivated)

    @workflow.query
    def status(self) -> DeletionStatus:
        """A confirmed request reads as working at once (the confirmation's last checks included), so that the
        wizard no longer offers to confirm or cancel it."""
        st = self.state
        confirmed = st.confirmed and st.phase in OPEN and not st.cancel_requested
        return DeletionStatus(
            phase=DeletionPhase.working if confirmed else st.phase,
            flow_kind=self.inp.flow_kind,
            checks=list(st.checks),
            checked_at=st.checked_at,
            ending_tokens=list(st.ending_tokens),
        )
