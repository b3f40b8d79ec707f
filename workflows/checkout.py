"""Checkout (`checkout-{order token}`): takes the money for one order and fulfils it.

    pay (update-with-start; returns early with the outcome) ──► ensure_payment_intent (local activity)
        succeeded ──────────────────────────────────────────► paid
        requires_action (3-D Secure) or processing ─────────► waiting
        failed (declined) ──────────────────────────────────► open: the buyer may pay again
                                                              (a new attempt, a new PaymentIntent)
    waiting ──► the browser's `authenticated` update, the webhook signal `payment_event` or a repeated `pay`:
                refresh_payment_intent (believe the provider only) ──► paid | waiting | open
    waiting, and `pay` with another card ──► cancel_payment_intent first
                ──► canceled: open, and the new attempt starts
                ──► succeeded meanwhile: paid (the new card is never charged)
    paid ──► record_order_paid → (issue_invoice ‖ book_seller_balance ‖ grant_access) → send_order_mails
         (the bumps ticked with the order, orders of type bump under it, are in its one charge and each of
         these steps: paid with it, lines of its invoice, their own ledger sales, access and mail lines)
         ──► a recurring plan: start `subscription-{token}` (the rates after the first) ──► done (paid)
    deferred (a test period or a start day puts rate 1 later; `inp.deferred`): `pay` runs save_card instead of
    a PaymentIntent (the card the page's SetupIntent saved, nothing charged) ──► record_order_started (paying)
         → grant_access → send_order_mails ──► `subscription-{token}` owns every rate, the first included
    open or waiting for `open_days` of the input's calendar ──► expire_checkout ──► payment_not_completed
    waiting while the history grows long ──► continue-as-new with the state (attempt, intent, deadline kept)
    transfers (bank wire, pay later), each bank event once: summed until they cover the amount; what pays nothing
         (above the amount, after the order was paid, another currency) ──► record_transfer_returns (owed back)
         before the checkout ends; after a pay-later invoice's day each one ──► book_late_transfer (a part of the
         overdue rate, the agency's parts counted; the rest owed back), and the sale is not booked again

This module is the template the other workflows copy:
- all state in one dataclass (`CheckoutState`), carried by the input across continue-as-new and restored in
  `@workflow.init`;
- activities referenced by method (`CheckoutActivities.…`), typed, with dataclass arguments and results;
- activity options from `workflows/policies.py`; the id from `domain/workflow_ids.py`;
- updates for what a caller waits on (lock-guarded and idempotent: a repeated or concurrent pay request waits
  for the first and sees its outcome instead of charging again), signals only change state;
- no `assert`: an impossible state raises `ApplicationError` with a type (an assert would retry the task
  forever); only Sellflow's `PayOutcome` is seen here, never the provider's statuses.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import TypeVar

from temporalio import workflow
from temporalio.exceptions import ApplicationError
from temporalio.workflow import ParentClosePolicy

from domain.billing.subscriptions import SubscriptionInput
from domain.errors import Refusal
from domain.orders.checkout import (
    STEPS,
    CardSaved,
    CheckoutInput,
    CheckoutState,
    EnsureIntent,
    IntentStatus,
    OrderPaid,
    PaymentEvent,
    PayOutcome,
    PayRequest,
    PayResult,
    Progress,
    Step,
    StepProgress,
    StepState,
    WireIncoming,
    WireInstructions,
    WireStart,
)
from domain.orders.orders import PaymentMethod, PaymentState
from domain.payments.gateways import Flow, can_pay, gateway
from domain.payments.rules import PAY_LATER_DAYS, WIRE_DAYS
from domain.workflow_ids import subscription_id
from workflows.checkout_transfers import TransferSteps
from workflows.policies import PAYMENT_STEP, run_local_step
from workflows.subscription import SubscriptionWorkflow

with workflow.unsafe.imports_passed_through():
    from activities.checkout import CheckoutActivities

WAITING = (PayOutcome.requires_action, PayOutcome.processing)
A = TypeVar("A")
R = TypeVar("R")


@workflow.defn(name="Checkout")
class CheckoutWorkflow(TransferSteps):
    @workflow.init
    def __init__(self, inp: CheckoutInput) -> None:
        self.inp = inp
        self.state = inp.state or CheckoutState(steps={k.value: StepProgress(key=k.value) for k in STEPS})
        self.lock = asyncio.Lock()
        self.claim_watch: asyncio.Task[None] | None = None

    # ----- the main line ---------------------------------------------------------------------------------
    @workflow.run
    async def run(self, inp: CheckoutInput) -> str:
        st = self.state
        if st.deadline_at is None:  # a new checkout; one continued-as-new keeps its deadline
            st.deadline_at = (workflow.now() + timedelta(seconds=inp.open_seconds)).isoformat()
        while not st.paid:
            # the deadline moves once: a bank wire's order waits its days for the transfer
            deadline = datetime.fromisoformat(st.deadline_at)
            remaining = (deadline - workflow.now()).total_seconds()
            if remaining <= 0:
                break
            if st.wire is not None and st.wire.later and not st.delivered:
                await self._deliver_later()  # pay later: the goods and the invoice before the money
            if st.wire is not None:  # the instructions at once, then the reminders on their days
                await self._wire_mails()
                remaining = min(remaining, self._next_wire_mail())
            if self._settling():  # a direct debit being processed: the provider is asked each day
                remaining = min(remaining, float(self.inp.day_s))
            try:
                await workflow.wait_condition(
                    # a bank wire chosen meanwhile wakes the loop: its instructions go out at once
                    lambda: st.paid or st.recheck or bool(st.wire_incoming) or self._wire_unsent(),
                    timeout=timedelta(seconds=max(remaining, 0)),
                )
            except TimeoutError:
                if workflow.now() >= datetime.fromisoformat(st.deadline_at):
                    break
                if not self._settling():
                    continue  # a bank wire reminder's day (or a deadline moved meanwhile), not the deadline
                st.recheck = True  # a direct debit's daily look, in case its webhook was lost
            if st.wire_incoming:
                self._wire_received()
            if st.recheck and not st.paid:
                st.recheck = False
                async with self.lock:
                    if st.intent is not None and not st.paid:
                        self._apply(await self._refresh())
            if workflow.info().is_continue_as_new_suggested():
                await workflow.wait_condition(workflow.all_handlers_finished)
                workflow.continue_as_new(dataclasses.replace(inp, state=st))
        if not st.paid and st.wire is not None and st.wire.later:
            left = await self._claim_unpaid()  # pay later, unpaid on its day: the claim's dunning path
            if left is not None:
                await self._returns_settled()
                return left
        if not st.paid:
            async with self.lock:
                if not st.paid:
                    st.expired = True
                    await self._payment_step(CheckoutActivities.expire_checkout, self._order())
                    self._mark(Step.payment, StepState.failed)
                    await self._returns_settled()
                    return PaymentState.payment_not_completed
        await self._fulfil()
        await self._returns_settled()
        return self._done_state()

    async def _fulfil(self) -> None:
        """The order is recorded paid first; invoice, balance entry and access do not depend on each other
        and run side by side; the mails (which carry the invoice number and download link) come last."""
        intent = self.state.intent
        if intent is None:
            raise ApplicationError("paid without a payment intent", type="NoIntent", non_retryable=True)
        order = self._order()
        if self.state.delivered:  # pay later: invoice, access and mails went out with the promise to pay
            paid = OrderPaid(order.order_token, intent.intent_id)
            await self._step(Step.order_paid, self._remote(CheckoutActivities.record_order_paid, paid))
            if self.state.booked_by_part:  # after its day, each transfer was booked when it came
                self._mark(Step.balance, StepState.done)
            else:
                await self._step(Step.balance, self._remote(CheckoutActivities.book_seller_balance, order))
            return
        if self.inp.free:  # nothing was paid: no invoice and no sale, the goods all the same
            paid = OrderPaid(order.order_token, intent.intent_id)
            await self._step(Step.order_paid, self._remote(CheckoutActivities.record_order_paid, paid))
            self._mark(Step.invoice, StepState.skipped)
            self._mark(Step.balance, StepState.skipped)
            await self._step(Step.access, self._remote(CheckoutActivities.grant_access, order))
        elif self.inp.deferred:  # nothing was charged: no invoice and no sale until the subscription's rate 1
            saved = CardSaved(order.order_token, intent.intent_id, self.state.method)
            await self._step(Step.order_paid, self._remote(CheckoutActivities.record_order_started, saved))
            self._mark(Step.invoice, StepState.skipped)
            self._mark(Step.balance, StepState.skipped)
            await self._step(Step.access, self._remote(CheckoutActivities.grant_access, order))
        else:
            paid = OrderPaid(order.order_token, intent.intent_id)
            await self._step(Step.order_paid, self._remote(CheckoutActivities.record_order_paid, paid))
            await asyncio.gather(
                self._step(Step.invoice, self._remote(CheckoutActivities.issue_invoice, order)),
                self._step(Step.balance, self._remote(CheckoutActivities.book_seller_balance, order)),
                self._step(Step.access, self._remote(CheckoutActivities.grant_access, order)),
            )
        await self._step(Step.mails, self._remote(CheckoutActivities.send_order_mails, order))
        if self.inp.recurring and workflow.patched("checkout-starts-subscription"):
            # the rates after the first (all of them when deferred) belong to the order's Subscription
            # workflow, which outlives this one
            await workflow.start_child_workflow(
                SubscriptionWorkflow.run,
                SubscriptionInput(
                    order.order_token,
                    day_s=self.inp.billing_day_s,
                    first_rate=1 if self.inp.deferred else 2,
                ),
                id=subscription_id(order.order_token),
                parent_close_policy=ParentClosePolicy.ABANDON,
                search_attributes=workflow.info().typed_search_attributes,  # its seller and order
            )

    async def _step(self, step: Step, work: Awaitable[object]) -> None:
        self._mark(step, StepState.active)
        await work
        self._mark(step, StepState.done)

    # ----- messages ----------------------------------------------------------------------------------------
    @workflow.update
    async def pay(self, req: PayRequest) -> PayResult:
        st = self.state
        async with self.lock:
            if st.paid or st.expired:
                return self._result()
            if self._waiting():
                self._apply(await self._refresh())  # an attempt is in flight: never start a second one
                if self._waiting() and req.payment_method != st.method:
                    # another card while the last attempt waits for 3-D Secure: cancel that attempt first;
                    # if it succeeded meanwhile, the order is paid and the new card is never charged
                    self._apply(
                        await self._payment_step(CheckoutActivities.cancel_payment_intent, self._order())
                    )
            if not st.paid and not self._waiting():
                # A new attempt only after the last one is known to have failed; if its outcome is unknown
                # (the step errored), the same attempt runs again and finds its recorded intent.
                if st.attempt == 0 or st.intent is not None and st.intent.attempt == st.attempt:
                    st.attempt += 1
                self._mark(Step.payment, StepState.active)
                st.method = req.payment_method
                st.kind = req.kind
                attempt = EnsureIntent(self.inp.order_token, st.attempt, req.payment_method, req.kind)
                if self.inp.deferred:  # the first rate is not due yet: the saved card is all it takes
                    self._apply(await self._payment_step(CheckoutActivities.save_card, attempt))
                else:
                    self._apply(await self._payment_step(CheckoutActivities.ensure_payment_intent, attempt))
            return self._result()

    @pay.validator
    def _validate_pay(self, req: PayRequest) -> None:
        g = gateway(req.kind)
        if g is None or g.flow == Flow.transfer:
            raise ValueError("kind must be a method paid through its provider")
        if g.flow == Flow.redirect:
            if req.payment_method != g.method:
                raise ValueError("an attempt at the provider's site names no payment method")
        elif not req.payment_method or not req.payment_method.startswith("pm_"):
            raise ValueError("payment_method must be a PaymentMethod id (pm_…)")
        st = self.state
        if st.wire is not None and not st.paid:
            if st.wire.later:
                raise ApplicationError(
                    "this order is paid later, by its invoice", type=Refusal.pay_later_chosen
                )
            raise ApplicationError("this order waits for a bank transfer", type=Refusal.wire_chosen)
        self._refuse_plan(g.method)
        if self._settling() and req.payment_method != st.method:
            # a debit being processed cannot be called back: another method would charge the buyer twice
            raise ApplicationError(
                "a direct debit of this order is being processed", type=Refusal.sepa_in_progress
            )

    def _refuse_plan(self, method: PaymentMethod) -> None:
        inp = self.inp
        if why := can_pay(method, inp.plan_type, inp.currency or None, deferred=inp.deferred):
            raise ApplicationError("this method cannot pay this plan", type=why)

    @workflow.update
    async def take_free(self) -> PayResult:
        """A free order (nothing to pay): its goods and the coupon's use set aside, then delivered like a paid
        one; taken again, the same answer. Sold out or the coupon used up meanwhile: failed, nothing taken."""
        st = self.state
        async with self.lock:
            if not st.paid and not st.expired and not self._waiting():
                self._mark(Step.payment, StepState.active)
                self._apply(await self._payment_step(CheckoutActivities.reserve_free, self._order()))
            return self._result()

    @take_free.validator
    def _validate_free(self) -> None:
        if not self.inp.free:
            raise ApplicationError("this order has a price to pay", type=Refusal.not_free)
        if self.state.expired:
            raise ApplicationError("this checkout is over", type=Refusal.checkout_over)

    @workflow.update
    async def authenticated(self) -> PayResult:
        """The browser reports that its 3-D Secure step ended; the provider decides what happened."""
        async with self.lock:
            if not self.state.paid and self.state.intent is not None:
                self._apply(await self._refresh())
            return self._result()

    @workflow.update
    async def choose_wire(self) -> WireInstructions:
        """The buyer pays by bank wire: the order waits its days for a transfer with its reference (goods and
        the coupon's use set aside now); asked again, the same instructions."""
        return await self._choose_transfer(later=False)

    @choose_wire.validator
    def _validate_wire(self) -> None:
        self._refuse_transfer(PaymentMethod.bank_wire)
        if self.state.wire is not None and self.state.wire.later:
            raise ApplicationError("this order is paid later, by its invoice", type=Refusal.pay_later_chosen)

    @workflow.update
    async def choose_pay_later(self) -> WireInstructions:
        """The buyer pays later: the goods and the invoice now, the transfer by the invoice's day, reminders
        before it; unpaid on the day, the claim of its one rate. Asked again, the same answer."""
        return await self._choose_transfer(later=True)

    @choose_pay_later.validator
    def _validate_pay_later(self) -> None:
        self._refuse_transfer(PaymentMethod.pay_later)
        if self.state.wire is not None and not self.state.wire.later:
            raise ApplicationError("this order waits for a bank transfer", type=Refusal.wire_chosen)

    def _refuse_transfer(self, method: PaymentMethod) -> None:
        st = self.state
        if st.paid or st.expired:
            raise ApplicationError("this checkout is over", type=Refusal.checkout_over)
        self._refuse_plan(method)
        if self._waiting():
            raise ApplicationError("a card payment is in progress", type=Refusal.card_in_progress)

    async def _choose_transfer(self, *, later: bool) -> WireInstructions:
        st = self.state
        async with self.lock:
            if st.wire is not None:
                return st.wire
            now = workflow.now()
            days = PAY_LATER_DAYS if later else WIRE_DAYS
            due = (now + timedelta(seconds=self.inp.day_s * days)).isoformat()
            start = CheckoutActivities.start_pay_later if later else CheckoutActivities.start_wire
            told = await self._payment_step(start, WireStart(self.inp.order_token, due))
            if told.refused:
                return told
            told.started_at, told.due_at = now.isoformat(), due
            st.wire = told
            st.deadline_at = told.due_at
            self._mark(Step.payment, StepState.active)
            return told

    @workflow.signal
    def wire_received(self, incoming: WireIncoming) -> None:
        """The bank's signed callback: a transfer with this order's reference (each bank event once)."""
        st = self.state
        seen = incoming.event_id in st.wire_received or any(
            x.event_id == incoming.event_id for x in st.wire_incoming
        )
        if not seen:  # one after the order was paid is owed back whole
            st.wire_incoming.append(incoming)

    @workflow.signal
    def payment_event(self, event: PaymentEvent) -> None:
        """A provider webhook: only a hint to ask the provider again."""
        self.state.recheck = True

    @workflow.query
    def progress(self) -> Progress:
        st = self.state
        state = (
            self._done_state()
            if st.paid
            else PaymentState.payment_not_completed
            if st.expired
            else PaymentState.payment_pending
            if self._waiting()
            else PaymentState.paying
            if st.delivered
            else PaymentState.payment_waiting
        )
        return Progress(state=state, steps=[st.steps[k.value] for k in STEPS])

    # ----- helpers -----------------------------------------------------------------------------------------
    def _done_state(self) -> PaymentState:
        """A deferred order is `paying` once its card is saved: its rates are all still to come."""
        return PaymentState.paying if self.inp.deferred else PaymentState.paid

    def _waiting(self) -> bool:
        """The current attempt waits on the buyer (3-D Secure) or the provider (processing)."""
        return self.state.intent is not None and self.state.intent.outcome in WAITING

    @staticmethod
    async def _payment_step(activity: Callable[[CheckoutActivities, A], Awaitable[R]], arg: A) -> R:
        return await run_local_step(activity, arg, PAYMENT_STEP)

    async def _refresh(self) -> IntentStatus:
        return await self._payment_step(CheckoutActivities.refresh_payment_intent, self._order())

    def _settling(self) -> bool:
        """The current attempt's payment was made and settles later (a direct debit): it cannot be called back."""
        st = self.state
        g = gateway(st.kind)
        return g is not None and g.settle_days > 0 and not st.paid and self._waiting()

    def _apply(self, intent: IntentStatus) -> None:
        st = self.state
        st.intent = intent
        g = gateway(st.kind)
        if g is not None and g.settle_days > 0:
            now = workflow.now()
            if intent.outcome == PayOutcome.processing and not st.sepa_waits:
                # the payment settles in days: the checkout waits for it (its goods stay set aside)
                st.sepa_waits = True
                st.deadline_at = (now + timedelta(seconds=self.inp.day_s * g.settle_days)).isoformat()
            elif intent.outcome == PayOutcome.failed and st.sepa_waits:
                # the bank refused the debit: the buyer may pay another way until the checkout's own deadline
                st.sepa_waits = False
                back = now + timedelta(seconds=self.inp.open_seconds)
                st.deadline_at = min(
                    datetime.fromisoformat(st.deadline_at or back.isoformat()), back
                ).isoformat()
        if intent.outcome == PayOutcome.succeeded:
            self.state.paid = True
            self._mark(Step.payment, StepState.done)
        elif intent.outcome == PayOutcome.failed:
            self._mark(Step.payment, StepState.failed)
        else:
            self._mark(Step.payment, StepState.active)

    def _mark(self, step: Step, state: StepState) -> None:
        self.state.steps[step.value] = StepProgress(
            key=step.value, state=state, at=workflow.now().isoformat()
        )

    def _result(self) -> PayResult:
        token, st = self.inp.order_token, self.state
        if st.paid:
            return PayResult(token, PayOutcome.succeeded, self._done_state())
        if st.expired:
            return PayResult(
                token,
                PayOutcome.failed,
                PaymentState.payment_not_completed,
                message="This checkout has expired.",
            )
        if st.intent is None:
            raise ApplicationError("no payment attempt yet", type="NoAttempt", non_retryable=True)
        outcome = st.intent.outcome
        if outcome == PayOutcome.requires_action:
            return PayResult(
                token, outcome, PaymentState.payment_pending, client_secret=st.intent.client_secret
            )
        if outcome == PayOutcome.processing:
            return PayResult(token, outcome, PaymentState.payment_pending)
        return PayResult(
            token,
            outcome,
            PaymentState.payment_waiting,
            message=st.intent.error_message or "The payment failed.",
        )
