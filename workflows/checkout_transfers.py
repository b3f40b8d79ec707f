"""The Checkout workflow's transfers (workflows/checkout.py): a bank wire's instructions and reminders, the transfers
received summed until they cover the amount, what pays nothing owed back, and paying later (the goods first, the
invoice's day, then each transfer a part of the overdue rate and the claim of its one rate). A base class of
`CheckoutWorkflow`, so that its state and steps are the workflow's own; no handler is declared here."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import TypeVar

from temporalio import workflow
from temporalio.exceptions import ApplicationError
from temporalio.workflow import ParentClosePolicy

from domain.billing.claims import ClaimInput, ClaimOutcome
from domain.billing.subscriptions import DeclineKind
from domain.orders.checkout import (
    CheckoutInput,
    CheckoutState,
    IntentStatus,
    LateTransfer,
    OrderStep,
    PayOutcome,
    Step,
    TransferReturns,
    WireIncoming,
    WireMail,
)
from domain.payments.rules import PAY_LATER_REMINDER_DAYS, WIRE_REMINDER_DAYS
from domain.workflow_ids import claim_id
from workflows.claim import ClaimWorkflow
from workflows.policies import FULFILMENT_STEP, run_step

with workflow.unsafe.imports_passed_through():
    from activities.checkout import CheckoutActivities

# every transfer ends counted or owed back: what paid nothing is recorded to return, and after an invoice's day
# each transfer is a part of its overdue rate (the agency's collections count)
TRANSFER_RETURNS = "checkout-transfer-returns"
A = TypeVar("A")
R = TypeVar("R")


class TransferSteps:
    """What the transfers do to the checkout's state; `CheckoutWorkflow` supplies the rest of its steps."""

    state: CheckoutState
    inp: CheckoutInput
    claim_watch: asyncio.Task[None] | None

    def _apply(self, intent: IntentStatus) -> None:
        raise NotImplementedError

    async def _step(self, step: Step, work: Awaitable[object]) -> None:
        raise NotImplementedError

    def _order(self) -> OrderStep:
        return OrderStep(self.inp.order_token)

    @staticmethod
    async def _remote(activity: Callable[[CheckoutActivities, A], Awaitable[R]], arg: A) -> R:
        return await run_step(activity, arg, FULFILMENT_STEP)

    # ----- bank wire ---------------------------------------------------------------------------------------
    def _wire_mail_at(self, n: int) -> datetime:
        wire = self.state.wire
        if wire is None:
            raise ApplicationError("no bank wire", type="NoWire", non_retryable=True)
        start = datetime.fromisoformat(wire.started_at)
        return start if n == 0 else start + timedelta(seconds=self.inp.day_s * self._reminder_days()[n - 1])

    def _reminder_days(self) -> tuple[int, ...]:
        wire = self.state.wire
        return PAY_LATER_REMINDER_DAYS if wire is not None and wire.later else WIRE_REMINDER_DAYS

    def _wire_unsent(self) -> bool:
        return self.state.wire is not None and self.state.wire_mails == 0

    def _next_wire_mail(self) -> float:
        """Seconds to the next reminder (the deadline's when none is left)."""
        n = self.state.wire_mails
        if n > len(self._reminder_days()):
            return float("inf")
        return max(0.0, (self._wire_mail_at(n) - workflow.now()).total_seconds())

    async def _wire_mails(self) -> None:
        st = self.state
        while st.wire is not None and st.wire_mails <= len(self._reminder_days()) and not st.paid:
            if workflow.now() < self._wire_mail_at(st.wire_mails):
                return
            await self._remote(CheckoutActivities.send_wire_mail, WireMail(st.wire, st.wire_mails))
            st.wire_mails += 1

    def _wire_received(self) -> None:
        """The transfers received so far, summed: once they cover the amount, the order is paid."""
        st = self.state
        while st.wire_incoming:
            incoming = st.wire_incoming.pop(0)
            event = incoming.event_id
            if event in st.wire_received:
                continue
            if st.paid or not self._pays_this_order(incoming):
                self._owed_back(incoming)
                continue
            st.wire_received[event] = incoming.amount
            received = sum(st.wire_received.values())
            if st.wire is not None and received >= st.wire.amount:
                if received > st.wire.amount:  # paid more than the amount: the rest is owed back
                    st.wire_received[event] -= received - st.wire.amount
                    st.to_return[event] = received - st.wire.amount
                self._apply(IntentStatus(intent_id=event, outcome=PayOutcome.succeeded, attempt=0))

    async def _returns_settled(self) -> None:
        """Before the checkout ends: the transfers still unread are owed back whole (the order is paid or over),
        and every part owed back is recorded once; then the handlers finish."""
        st = self.state
        if workflow.patched(TRANSFER_RETURNS):
            while True:
                for incoming in st.wire_incoming:
                    if incoming.event_id not in st.wire_received:
                        self._owed_back(incoming)
                st.wire_incoming.clear()
                pending = {k: v for k, v in st.to_return.items() if v > 0 and k not in st.returns}
                if pending:
                    returns = TransferReturns(self.inp.order_token, pending)
                    await self._remote(CheckoutActivities.record_transfer_returns, returns)
                    st.returns.update(pending)
                await workflow.wait_condition(workflow.all_handlers_finished)
                if not st.wire_incoming:
                    break
        else:
            await workflow.wait_condition(workflow.all_handlers_finished)

    async def _late_transfers(self) -> None:
        """After the invoice's day: each transfer a part of the overdue rate, booked when it comes (what is above
        the rest, the agency's collections counted, is owed back); the rate paid in full pays the order."""
        st = self.state
        while st.wire_incoming and not st.paid:
            incoming = st.wire_incoming.pop(0)
            event = incoming.event_id
            if event in st.wire_received:
                continue
            if not self._pays_this_order(incoming):
                self._owed_back(incoming)
                continue
            booked = await self._remote(
                CheckoutActivities.book_late_transfer,
                LateTransfer(self.inp.order_token, event, incoming.amount),
            )
            st.wire_received[event] = incoming.amount - booked.returned
            if booked.returned:
                st.returns[event] = booked.returned  # recorded with the booking
            if booked.paid_in_full:
                self._apply(IntentStatus(intent_id=event, outcome=PayOutcome.succeeded, attempt=0))

    def _pays_this_order(self, incoming: WireIncoming) -> bool:
        """A transfer asked for by this order, in its currency."""
        wire = self.state.wire
        return wire is not None and incoming.currency.lower() == wire.currency.lower()

    def _owed_back(self, incoming: WireIncoming) -> None:
        """A transfer that pays nothing of this order (another currency, none asked, or the order paid or over):
        counted as nothing, all of it owed back to its payer."""
        self.state.wire_received[incoming.event_id] = 0
        self.state.to_return[incoming.event_id] = incoming.amount

    # ----- pay later ---------------------------------------------------------------------------------------
    async def _deliver_later(self) -> None:
        """The goods on the promise to pay: the invoice (unpaid, naming its day and account), access, mails."""
        order = self._order()
        await self._step(Step.invoice, self._remote(CheckoutActivities.issue_invoice, order))
        await self._step(Step.access, self._remote(CheckoutActivities.grant_access, order))
        await self._step(Step.mails, self._remote(CheckoutActivities.send_order_mails, order))
        self.state.delivered = True

    async def _claim_unpaid(self) -> str | None:
        """The invoice's day passed unpaid: its rate is unpaid (access paused) and its claim (`claim-{token}-1`,
        a hard decline: nothing to charge again, reminders only, then collection as the seller chose) runs. This
        checkout waits for the transfer, which closes the claim as collected, or for the claim's end. None once
        paid (the caller fulfils), else the order's payment state."""
        st, token = self.state, self.inp.order_token
        if not st.delivered:
            return None
        owed = await self._remote(CheckoutActivities.pay_later_overdue, self._order())
        by_part = workflow.patched(TRANSFER_RETURNS)
        if by_part:  # the transfers before the day, each a part of the overdue rate now
            st.booked_by_part = True
            early = [
                WireIncoming(event, amount, st.wire.currency if st.wire else "")
                for event, amount in st.wire_received.items()
                if amount > 0
            ]
            for x in early:  # read again, each booked now (what is left counts as nothing)
                del st.wire_received[x.event_id]
            st.wire_incoming[:0] = early
            await self._late_transfers()
            if st.paid:  # a transfer that came with the day paid the rest: no claim
                return None
        owed -= sum(st.wire_received.values())
        claim = await workflow.start_child_workflow(
            ClaimWorkflow.run,
            ClaimInput(token, 1, owed, DeclineKind.hard, day_s=self.inp.billing_day_s),
            id=claim_id(token, 1),
            parent_close_policy=ParentClosePolicy.ABANDON,
            search_attributes=workflow.info().typed_search_attributes,
        )
        st.claimed = True

        async def ended() -> None:
            await claim
            st.claim_over = True

        self.claim_watch = asyncio.create_task(ended())  # kept: a task nobody holds may be collected
        while not st.paid and not st.claim_over:
            await workflow.wait_condition(lambda: st.paid or st.claim_over or bool(st.wire_incoming))
            if st.wire_incoming:
                if by_part:
                    await self._late_transfers()
                else:
                    self._wire_received()
        if st.paid:  # the transfer came: the claim closes as collected (its row and mails end with it)
            try:
                await claim.signal(ClaimWorkflow.resolve, ClaimOutcome.collected)
            except Exception:  # noqa: BLE001 - it ended meanwhile (the agency collected it): nothing to close
                workflow.logger.info("the claim of %s has ended", token)
            await workflow.wait_condition(lambda: st.claim_over)
            return None
        return await self._remote(CheckoutActivities.settle_pay_later, self._order())
