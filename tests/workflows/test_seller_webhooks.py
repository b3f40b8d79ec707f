"""The seller webhook workflows with fake activities: a delivery tries again on its schedule until the endpoint
takes it, stops at a refusal or a turned-off endpoint, and gives up (pausing the endpoint) after the last attempt;
the dispatcher keeps handing events out, round after round."""

from __future__ import annotations

import asyncio
import uuid

from temporalio import activity
from temporalio.worker import Worker

from activities.seller_webhooks import WebhookActivities
from domain.seller_webhooks import (
    ATTEMPTS_MAX,
    AttemptInput,
    DeliveryInput,
    DeliveryProgress,
    DispatchInput,
    Outcome,
)
from domain.workflow_ids import webhook_delivery_id
from tests.workflows.fakes import assert_fake_matches
from worker.main import RUNNER
from workflows.seller_webhooks import WebhookDeliveryWorkflow, WebhookDispatchWorkflow

MINUTE_S = 0.002  # the whole schedule (2,256 minutes) in under 5 s


class FakeWebhooks:
    """Answers each attempt from a script (the last answer repeats) and records every call."""

    def __init__(self, script: list[Outcome]) -> None:
        self.script = script
        self.attempts: list[int] = []
        self.given_up: list[int] = []
        self.rounds = 0

    @activity.defn(name="dispatch_events")
    async def dispatch_events(self, req: DispatchInput) -> int:
        self.rounds += 1
        await asyncio.sleep(req.window_s)
        return 1

    @activity.defn(name="attempt_delivery")
    async def attempt_delivery(self, req: AttemptInput) -> str:
        self.attempts.append(req.number)
        return self.script[min(req.number, len(self.script)) - 1].value

    @activity.defn(name="give_up_delivery")
    async def give_up_delivery(self, delivery_id: int) -> bool:
        self.given_up.append(delivery_id)
        return True

    def activities(self) -> list:
        return [self.dispatch_events, self.attempt_delivery, self.give_up_delivery]


def test_the_fake_has_every_webhook_activity_with_its_types():
    assert_fake_matches(FakeWebhooks, WebhookActivities)


async def _deliver(client, fake: FakeWebhooks) -> tuple[str, object, DeliveryProgress]:
    task_queue = f"test-{uuid.uuid4().hex[:8]}"
    delivery = int(uuid.uuid4().int % 1_000_000) + 1
    async with Worker(
        client,
        task_queue=task_queue,
        workflows=[WebhookDeliveryWorkflow],
        activities=fake.activities(),
        workflow_runner=RUNNER,
    ):
        handle = await client.start_workflow(
            WebhookDeliveryWorkflow.run,
            DeliveryInput(delivery, 7, MINUTE_S),
            id=webhook_delivery_id(delivery),
            task_queue=task_queue,
        )
        result = await asyncio.wait_for(handle.result(), 30)
        return result, handle, await handle.query(WebhookDeliveryWorkflow.progress)


async def test_a_server_error_is_tried_again_until_the_endpoint_takes_it(client, record):
    fake = FakeWebhooks([Outcome.retry, Outcome.retry, Outcome.delivered])
    result, handle, progress = await _deliver(client, fake)
    assert result == "delivered"
    assert fake.attempts == [1, 2, 3] and fake.given_up == []
    assert progress.attempts == 3 and progress.outcomes == ["retry", "retry", "delivered"]
    await record(handle, "seller_webhooks")


async def test_a_refusal_or_a_turned_off_endpoint_ends_the_delivery_at_once(client, record):
    for outcome in (Outcome.refused, Outcome.endpoint_off):
        fake = FakeWebhooks([outcome])
        result, handle, _ = await _deliver(client, fake)
        assert result == outcome.value
        assert fake.attempts == [1] and fake.given_up == []
    await record(handle, "seller_webhooks")


async def test_every_attempt_failing_gives_up_once_after_the_last(client, record):
    fake = FakeWebhooks([Outcome.retry])
    result, handle, _ = await _deliver(client, fake)
    assert result == "gave_up"
    assert fake.attempts == list(range(1, ATTEMPTS_MAX + 1))
    assert len(fake.given_up) == 1
    await record(handle, "seller_webhooks")


async def test_the_dispatcher_hands_events_out_round_after_round(client, record):
    fake = FakeWebhooks([Outcome.delivered])
    task_queue = f"test-{uuid.uuid4().hex[:8]}"
    async with Worker(
        client,
        task_queue=task_queue,
        workflows=[WebhookDispatchWorkflow],
        activities=fake.activities(),
        workflow_runner=RUNNER,
    ):
        handle = await client.start_workflow(
            WebhookDispatchWorkflow.run,
            DispatchInput(poll_s=0.01, window_s=0.05),
            id=f"webhook-dispatch-test-{uuid.uuid4().hex[:6]}",
            task_queue=task_queue,
        )
        deadline = asyncio.get_running_loop().time() + 20
        while fake.rounds < 3:
            assert asyncio.get_running_loop().time() < deadline, "the dispatcher stopped"
            await asyncio.sleep(0.05)
        await handle.terminate("the test has seen enough rounds")
    assert fake.rounds >= 3
    await record(handle, "seller_webhooks")
