"""Checkout (`checkout-{order token}`): takes the money for one order and fulfils it.

    pay (update-with-start, returns early) ──► ensure the attempt's PaymentIntent (local activity)
        (another card while an attempt waits for 3-D Secure: that attempt is cancelled first)
        succeeded ──────────────► paid
        requires_action ────────► wait for the webhook signal or the browser's `authenticated` update,
                                  then believe Stripe only (refresh_payment_intent)
        failed (declined) ──────► the buyer may pay again: a new attempt, a new PaymentIntent
    paid ──► record_order_paid → (issue_invoice ‖ book_seller_balance ‖ grant_access) → send_order_mails
    nothing paid within `open_days` of the input's calendar ──► expire_checkout (payment_not_completed)

State lives in the instance; a lock lets one payment step run at a time, so a repeated or concurrent pay
request waits and then sees the first one's outcome instead of charging again.
"""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

from temporalio import workflow
from temporalio.common import RetryPolicy

from domain.checkout import (
    STEPS,
    CheckoutInput,
    EnsureIntent,
    IntentStatus,
    PaymentEvent,
    PayOutcome,
    PayRequest,
    PayResult,
    Progress,
    Step,
    StepProgress,
    StepState,
    outcome_of,
)
from domain.orders import PaymentState

# A payment step that keeps failing gives up after 30 s so the buyer gets an answer; the attempt stays open
# (see `pay`), so a retry looks the recorded PaymentIntent up again instead of starting a new one.
LOCAL_RETRY = RetryPolicy(initial_interval=timedelta(milliseconds=200), maximum_interval=timedelta(seconds=3))
REMOTE_RETRY = RetryPolicy(
    initial_interval=timedelta(milliseconds=500), maximum_interval=timedelta(seconds=10)
)


async def _local(name: str, arg: object, result_type: type | None = None) -> Any:
    return await workflow.execute_local_activity(
        name,
        arg,
        result_type=result_type,
        start_to_close_timeout=timedelta(seconds=15),
        schedule_to_close_timeout=timedelta(seconds=30),
        retry_policy=LOCAL_RETRY,
    )


async def _remote(name: str, arg: object) -> Any:
    # Short steps: a step lost with a killed worker is retried elsewhere after at most 10 s.
    return await workflow.execute_activity(
        name, arg, start_to_close_timeout=timedelta(seconds=10), retry_policy=REMOTE_RETRY
    )


@workflow.defn(name="Checkout")
class CheckoutWorkflow:
    @workflow.init
    def __init__(self, inp: CheckoutInput) -> None:
        self.inp = inp
        self.lock = asyncio.Lock()
        self.attempt = 0
        self.intent: IntentStatus | None = None
        self.paid = False
        self.expired = False
        self.recheck = False
        self.method = ""  # the payment method of the current attempt
        self.steps = {k.value: StepProgress(key=k.value) for k in STEPS}

    # ----- the main line ---------------------------------------------------------------------------
    @workflow.run
    async def run(self, inp: CheckoutInput) -> str:
        deadline = workflow.now() + timedelta(seconds=inp.open_seconds)
        while not self.paid:
            remaining = (deadline - workflow.now()).total_seconds()
            if remaining <= 0:
                break
            try:
                await workflow.wait_condition(
                    lambda: self.paid or self.recheck, timeout=timedelta(seconds=remaining)
                )
            except TimeoutError:
                break
            if self.recheck and not self.paid:
                self.recheck = False
                async with self.lock:
                    if self.intent is not None and not self.paid:
                        self._apply(await self._refresh())
        if not self.paid:
            async with self.lock:
                if not self.paid:
                    self.expired = True
                    await _local("expire_checkout", inp.order_token)
                    self._mark(Step.payment, StepState.failed)
                    await workflow.wait_condition(workflow.all_handlers_finished)
                    return PaymentState.payment_not_completed
        await self._fulfil()
        await workflow.wait_condition(workflow.all_handlers_finished)
        return PaymentState.paid

    async def _fulfil(self) -> None:
        """The order is recorded paid first; invoice, balance entry and access do not depend on each other
        and run side by side; the mails (which carry the invoice number and download link) come last."""
        token = self.inp.order_token
        assert self.intent is not None
        await self._step(Step.order_paid, "record_order_paid", [token, self.intent.intent_id])
        await asyncio.gather(
            self._step(Step.invoice, "issue_invoice", token),
            self._step(Step.balance, "book_seller_balance", token),
            self._step(Step.access, "grant_access", token),
        )
        await self._step(Step.mails, "send_order_mails", token)

    async def _step(self, step: Step, activity: str, arg: object) -> None:
        self._mark(step, StepState.active)
        await _remote(activity, arg)
        self._mark(step, StepState.done)

    # ----- messages --------------------------------------------------------------------------------
    @workflow.update
    async def pay(self, req: PayRequest) -> PayResult:
        async with self.lock:
            if self.paid or self.expired:
                return self._result()
            if self._waiting():
                self._apply(await self._refresh())  # an attempt is in flight: never start a second one
                if self._waiting() and req.payment_method != self.method:
                    # another card while the last attempt waits for 3-D Secure: cancel that attempt first;
                    # if it succeeded meanwhile, the order is paid and the new card is never charged
                    self._apply(await _local("cancel_payment_intent", self.inp.order_token, IntentStatus))
            if not self.paid and not self._waiting():
                # A new attempt only after the last one is known to have failed; if its outcome is unknown
                # (the step errored), the same attempt runs again and finds its recorded intent.
                if self.attempt == 0 or self.intent is not None and self.intent.attempt == self.attempt:
                    self.attempt += 1
                self._mark(Step.payment, StepState.active)
                self.method = req.payment_method
                st = await _local(
                    "ensure_payment_intent",
                    EnsureIntent(self.inp.order_token, self.attempt, req.payment_method),
                    IntentStatus,
                )
                self._apply(st)
            return self._result()

    @pay.validator
    def _validate_pay(self, req: PayRequest) -> None:
        if not req.payment_method or not req.payment_method.startswith("pm_"):
            raise ValueError("payment_method must be a PaymentMethod id (pm_…)")

    @workflow.update
    async def authenticated(self) -> PayResult:
        """The browser reports that its 3-D Secure step ended; Stripe decides what happened."""
        async with self.lock:
            if not self.paid and self.intent is not None:
                self._apply(await self._refresh())
            return self._result()

    @workflow.signal
    def payment_event(self, event: PaymentEvent) -> None:
        """A provider webhook: only a hint to ask Stripe again."""
        self.recheck = True

    @workflow.query
    def progress(self) -> Progress:
        state = (
            PaymentState.paid
            if self.paid
            else PaymentState.payment_not_completed
            if self.expired
            else PaymentState.payment_pending
            if self._waiting()
            else PaymentState.payment_waiting
        )
        return Progress(state=state, steps=[self.steps[k.value] for k in STEPS])

    # ----- helpers ---------------------------------------------------------------------------------
    def _waiting(self) -> bool:
        """The current attempt waits on the buyer (3-D Secure) or the provider (processing)."""
        return self.intent is not None and outcome_of(self.intent.status) in (
            PayOutcome.requires_action,
            PayOutcome.processing,
        )

    async def _refresh(self) -> IntentStatus:
        result: IntentStatus = await _local("refresh_payment_intent", self.inp.order_token, IntentStatus)
        return result

    def _apply(self, st: IntentStatus) -> None:
        self.intent = st
        outcome = outcome_of(st.status)
        if outcome == PayOutcome.succeeded:
            self.paid = True
            self._mark(Step.payment, StepState.done)
        elif outcome == PayOutcome.failed:
            self._mark(Step.payment, StepState.failed)
        else:
            self._mark(Step.payment, StepState.active)

    def _mark(self, step: Step, state: StepState) -> None:
        self.steps[step.value] = StepProgress(key=step.value, state=state, at=workflow.now().isoformat())

    def _result(self) -> PayResult:
        token = self.inp.order_token
        if self.paid:
            return PayResult(token, PayOutcome.succeeded, PaymentState.paid)
        if self.expired:
            return PayResult(
                token,
                PayOutcome.failed,
                PaymentState.payment_not_completed,
                message="This checkout has expired.",
            )
        assert self.intent is not None
        outcome = outcome_of(self.intent.status)
        if outcome == PayOutcome.requires_action:
            return PayResult(
                token, outcome, PaymentState.payment_pending, client_secret=self.intent.client_secret
            )
        if outcome == PayOutcome.processing:
            return PayResult(token, outcome, PaymentState.payment_pending)
        return PayResult(
            token,
            outcome,
            PaymentState.payment_waiting,
            message=self.intent.error_message or "The payment failed.",
        )
