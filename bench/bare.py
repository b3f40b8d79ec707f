"""Bare workflows for the checkout benchmark's baselines; in their own module so the worker's sandbox can
import them (a workflow defined in `__main__` cannot be re-imported)."""

from __future__ import annotations

import time
from datetime import timedelta

from temporalio import activity, workflow

LOCAL = timedelta(seconds=15)
REMOTE = timedelta(seconds=30)


@activity.defn(name="bench_noop")
async def noop(arg: str) -> str:
    return arg


@workflow.defn(name="BenchBareCheckout")
class BareCheckout:
    """The Checkout shape without work: `pay` (update-with-start) runs one local activity and returns early;
    the run then executes 5 regular activities."""

    def __init__(self) -> None:
        self.paid = False

    @workflow.run
    async def run(self, token: str) -> str:
        await workflow.wait_condition(lambda: self.paid)
        for _ in range(5):
            await workflow.execute_activity(noop, token, start_to_close_timeout=REMOTE)
        await workflow.wait_condition(workflow.all_handlers_finished)
        return "paid"

    @workflow.update
    async def pay(self, payment_method: str) -> str:
        await workflow.execute_local_activity(noop, payment_method, start_to_close_timeout=LOCAL)
        self.paid = True
        return "succeeded"


@workflow.defn(name="BenchBare3LA")
class Bare3LA:
    """Three no-op local activities: the floor for one request that starts a workflow and waits for it."""

    @workflow.run
    async def run(self, token: str) -> str:
        for _ in range(3):
            await workflow.execute_local_activity(noop, token, start_to_close_timeout=LOCAL)
        return token


@workflow.defn(name="BenchBareRenewal")
class BareRenewal:
    """The Subscription's shape for one renewal without its work: sleep until the rate is due, then a 'charge'
    activity (which waits for the same provider rate limit as the real one) and a 'record' activity."""

    @workflow.run
    async def run(self, args: list[float]) -> str:
        due_at, due_in = args  # an absolute due time, or (0, seconds after the start) like a Subscription
        if due_in:
            due_at = workflow.now().timestamp() + due_in
        wait = due_at - workflow.now().timestamp()
        if wait > 0:
            await workflow.sleep(timedelta(seconds=wait))
        await workflow.execute_activity(bench_charge, "charge", start_to_close_timeout=REMOTE)
        await workflow.execute_activity(bench_record, "record", start_to_close_timeout=REMOTE)
        return "paid"


LIMIT: dict[str, object] = {}
RECORDED: list[float] = []  # when each bare renewal was recorded (the worker runs in the bench's process)


@activity.defn(name="bench_charge")
async def bench_charge(arg: str) -> str:
    """Two provider requests (create and confirm), each waiting for the shared rate limit."""
    limiter = LIMIT.get("limiter")
    for _ in range(2):
        if limiter is not None:
            await limiter.acquire()  # type: ignore[attr-defined]
    return arg


@activity.defn(name="bench_record")
async def bench_record(arg: str) -> str:
    """The 'record' step: notes the time, so the bench needs no long poll per workflow to learn it is done."""
    RECORDED.append(time.time())
    return arg
