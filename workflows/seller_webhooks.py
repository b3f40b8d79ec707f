"""Seller webhooks (issue 24; domain/seller_webhooks.py).

WebhookDispatch (`webhook-dispatch`, one for the platform, started by the worker): hands the events recorded in
the sellers' transactions to their endpoints, one activity run per half minute, and continues as new when
Temporal suggests it.

    ┌──► dispatch_events (≈30 s, heartbeating: deliveries + their workflows) ──┐
    └───────────────────────────────────────────────────────────────────────────┘

WebhookDelivery (`webhook-delivery-{delivery id}`): one event to one endpoint. Each attempt is an activity that
posts and records; what the endpoint answered decides what follows, on durable timers:

    attempt 1 ──► delivered | refused (4xx, redirect) | endpoint off ──► done
        │ retry (5xx, 408, 429, timeout, connection)
        ▼
    sleep 1 min ──► attempt 2 ──► … sleep 20 h ──► attempt 8 ──► still failing: give up (the endpoint pauses)
"""

from __future__ import annotations

from datetime import timedelta

from temporalio import workflow

from domain.seller_webhooks import (
    ATTEMPTS_MAX,
    AttemptInput,
    DeliveryInput,
    DeliveryProgress,
    DispatchInput,
    Outcome,
    retry_delay_s,
)
from workflows.policies import BOOKKEEPING_STEP, OUTBOX_ROUND, WEBHOOK_ATTEMPT, run_step

with workflow.unsafe.imports_passed_through():
    from activities.seller_webhooks import WebhookActivities


@workflow.defn(name="WebhookDispatch")
class WebhookDispatchWorkflow:
    @workflow.run
    async def run(self, req: DispatchInput) -> None:
        rounds = req.rounds
        while True:
            await run_step(WebhookActivities.dispatch_events, req, OUTBOX_ROUND)
            rounds += 1
            if workflow.info().is_continue_as_new_suggested() or rounds % 500 == 0:
                workflow.continue_as_new(DispatchInput(req.poll_s, req.window_s, rounds))


@workflow.defn(name="WebhookDelivery")
class WebhookDeliveryWorkflow:
    def __init__(self) -> None:
        self.state = DeliveryProgress()

    @workflow.run
    async def run(self, req: DeliveryInput) -> str:
        for number in range(1, ATTEMPTS_MAX + 1):
            outcome = await run_step(
                WebhookActivities.attempt_delivery, AttemptInput(req.delivery_id, number), WEBHOOK_ATTEMPT
            )
            self.state.attempts = number
            self.state.outcomes.append(outcome)
            if outcome != Outcome.retry.value:
                self.state.outcome = outcome
                return outcome
            if number < ATTEMPTS_MAX:
                wait = timedelta(seconds=retry_delay_s(number, req.minute_s))
                self.state.waiting_until = (workflow.now() + wait).isoformat()
                await workflow.sleep(wait)
                self.state.waiting_until = None
        await run_step(WebhookActivities.give_up_delivery, req.delivery_id, BOOKKEEPING_STEP)
        self.state.outcome = "gave_up"
        return self.state.outcome

    @workflow.query
    def progress(self) -> DeliveryProgress:
        return self.state
