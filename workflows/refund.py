"""Refund (`refund-{order token}-{n}`): gives back (part of) a paid order, once. The amount was reserved by the
API under the order's lock before this workflow started, so two refunds at once never exceed what was paid.

    refund_at_provider (key order-{token}-refund-{n}; a retry adopts the refund it made)
        refused ──► release_refund (the reservation is freed) ──► failed
        ok ──► book_refund (ledger entries summing to zero, payment log `Refund`, order refunded in full or not)
           ──► issue_reversal (credit memo, gapless number, referencing the original invoice)
           ──► revoke_access (a full refund only) ──► send_refund_mails (payer and seller) ──► succeeded

The shape is the checkout's (workflows/checkout.py): activities by typed method reference, options from
workflows/policies.py, dataclass arguments, no assert.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TypeVar

from temporalio import workflow

from domain.ledger.refunds import RefundConfirmed, RefundInput, RefundResult
from workflows.policies import FULFILMENT_STEP, ShortLived, run_step

with workflow.unsafe.imports_passed_through():
    from activities.refund import RefundActivities

A = TypeVar("A")
R = TypeVar("R")


@workflow.defn(name="Refund", versioning_behavior=ShortLived.behaviour)
class RefundWorkflow:
    @workflow.run
    async def run(self, inp: RefundInput) -> RefundResult:
        answer = await self._remote(RefundActivities.refund_at_provider, inp)
        if not answer.ok or answer.provider_ref is None:
            await self._remote(RefundActivities.release_refund, inp)
            return RefundResult(state="failed", message=answer.message)
        booked = await self._remote(
            RefundActivities.book_refund,
            RefundConfirmed(order_token=inp.order_token, number=inp.number, provider_ref=answer.provider_ref),
        )
        await self._remote(RefundActivities.issue_reversal, inp)
        if booked.full:
            await self._remote(RefundActivities.revoke_access, inp)
        await self._remote(RefundActivities.send_refund_mails, inp)
        return RefundResult(state="succeeded", full=booked.full)

    @staticmethod
    async def _remote(activity: Callable[[RefundActivities, A], Awaitable[R]], arg: A) -> R:
        return await run_step(activity, arg, FULFILMENT_STEP)
