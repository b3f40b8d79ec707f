"""RatePayment (`rate-payment-{order token}-{rate}`): the payer pays a past-due rate from the manage page once
no claim runs for it (the claim closed with the rate a debt, or the agency collected only part of it). The API
starts it and waits for its answer; a declined card ends the run, and the payer's next try (after saving
another card) is a new run of the same id, with the next charge attempt.

    owed_on_rate (what is still owed, the next attempt; or why it cannot be paid now) ──► nothing owed: paid
    charge_rate (the saved card, key `order-{token}-rate-{n}-{attempt}`; a retry adopts the recorded intent)
        paid ──► record_rate_paid (only what was owed: ledger, invoice, mail; access back once nothing is owed)
        declined ──► the provider's reason, in words

The shape is the refund's (workflows/refund.py); the activities are the rates' (activities/rates.py), as the
Subscription's and its Claims'.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TypeVar

from temporalio import workflow

from domain.billing.subscriptions import ChargeRate, RateEvent, RatePaymentInput, RatePaymentResult
from workflows.policies import FULFILMENT_STEP, RENEWAL_STEP, ShortLived, run_step

with workflow.unsafe.imports_passed_through():
    from activities.rates import RateActivities

A = TypeVar("A")
R = TypeVar("R")


@workflow.defn(name="RatePayment", versioning_behavior=ShortLived.behaviour)
class RatePaymentWorkflow:
    @workflow.run
    async def run(self, inp: RatePaymentInput) -> RatePaymentResult:
        owed = await self._remote(RateActivities.owed_on_rate, inp)
        if owed.reason is not None:
            return RatePaymentResult(paid=False, message=owed.reason)
        if owed.amount <= 0:
            return RatePaymentResult(paid=True)
        out = await run_step(
            RateActivities.charge_rate,
            ChargeRate(inp.order_token, inp.rate, owed.amount, owed.attempt),
            RENEWAL_STEP,
        )
        if not out.paid:
            return RatePaymentResult(paid=False, message=out.message or "The payment failed.")
        await self._remote(
            RateActivities.record_rate_paid,
            RateEvent(inp.order_token, inp.rate, owed.amount, out.intent_id),
        )
        return RatePaymentResult(paid=True, amount=owed.amount)

    @staticmethod
    async def _remote(activity: Callable[[RateActivities, A], Awaitable[R]], arg: A) -> R:
        return await run_step(activity, arg, FULFILMENT_STEP)
