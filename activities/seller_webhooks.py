"""Seller webhook activities, with the sender and the mailer injected.

- `dispatch_events`: for about half a minute, hands new seller events out: a delivery row per active endpoint
  that takes the event's type, and its WebhookDelivery workflow, started before the transaction commits (a
  workflow whose row never committed finds none and ends).
- `attempt_delivery`: posts the event, signed, once per attempt number, and records the attempt.
- `give_up_delivery`: every attempt failed: the delivery fails, its endpoint pauses, the seller is told once.
"""

from __future__ import annotations

import asyncio
import time

import structlog
from temporalio import activity

from activities.mail import deliver
from core.metrics import WEBHOOK_ATTEMPTS
from core.settings import get_settings
from core.temporal import started_once
from domain.mail import MailTemplate, OutgoingMail
from domain.seller_webhooks import (
    ATTEMPTS_MAX,
    ENDED_WITH,
    SIGNATURE_HEADER,
    AttemptInput,
    DeliveryInput,
    DeliveryState,
    DispatchInput,
    Outcome,
    event_body,
    outcome_of,
    retry_delay_s,
    signature,
)
from domain.workflow_ids import webhook_delivery_id
from providers.mail.smtp import Mailer
from providers.seller_webhooks.sender import WebhookSender
from store.accounts.queries import seller_user_of
from store.db import session
from store.seller_webhooks.actions import (
    attempt_of,
    attempt_recorded,
    deliveries_made,
    delivery_given_up,
    events_claimed,
)

log = structlog.get_logger()
BATCH = 100
DELIVERY_WORKFLOW = (
    "WebhookDelivery"  # workflows/seller_webhooks.py, by name (activities do not import workflows)
)


async def start_delivery(delivery_id: int, seller_id: int) -> None:
    """The delivery's workflow, once: a running one is kept, a finished one is never run again."""
    inp = DeliveryInput(delivery_id, seller_id, get_settings().webhook_minute_s)
    await started_once(
        activity.client(), DELIVERY_WORKFLOW, inp, id=webhook_delivery_id(delivery_id), seller_id=seller_id
    )


class WebhookActivities:
    def __init__(self, sender: WebhookSender, mailer: Mailer) -> None:
        self.sender = sender
        self.mailer = mailer

    async def _dispatch_once(self) -> int:
        async with session() as s:
            events = await events_claimed(s, BATCH)
            for event in events:
                for delivery_id in await deliveries_made(s, event):
                    await start_delivery(delivery_id, event.seller_id)
        return len(events)

    @activity.defn
    async def dispatch_events(self, req: DispatchInput) -> int:
        deadline = time.monotonic() + req.window_s
        handed = 0
        while True:
            n = await self._dispatch_once()
            handed += n
            activity.heartbeat(handed)
            if time.monotonic() >= deadline:
                return handed
            if n < BATCH:
                await asyncio.sleep(req.poll_s)

    @activity.defn
    async def attempt_delivery(self, req: AttemptInput) -> str:
        async with session() as s:
            attempt = await attempt_of(s, req.delivery_id)
        if attempt is None:  # its row never committed: nothing to send
            return Outcome.endpoint_off.value
        if attempt.state != DeliveryState.pending:  # finished by an earlier run of this step
            return ENDED_WITH[attempt.state].value
        if not attempt.endpoint_on:
            async with session() as s:
                await attempt_recorded(s, req.delivery_id, req.number, Outcome.endpoint_off)
            return Outcome.endpoint_off.value
        body = event_body(f"evt_{attempt.event_id}", attempt.event_type, attempt.created_at, attempt.data)
        headers = {
            "Content-Type": "application/json",
            SIGNATURE_HEADER: signature(attempt.secret, int(time.time()), body),
            "Sellflow-Event-Id": f"evt_{attempt.event_id}",
            "Sellflow-Delivery-Id": str(req.delivery_id),
            "Sellflow-Attempt": str(req.number),
        }
        answer = await self.sender.post(attempt.url, body, headers)
        outcome = Outcome.refused if answer.error == "address_not_allowed" else outcome_of(answer.status)
        last = req.number >= ATTEMPTS_MAX
        retry_in = (
            retry_delay_s(req.number, get_settings().webhook_minute_s)
            if outcome == Outcome.retry and not last
            else None
        )
        async with session() as s:
            await attempt_recorded(
                s,
                req.delivery_id,
                req.number,
                outcome,
                status=answer.status,
                error=answer.error,
                duration_ms=answer.duration_ms,
                response=answer.excerpt,
                retry_in_s=retry_in,
            )
        WEBHOOK_ATTEMPTS.add(1, {"outcome": outcome.value})
        log.info(
            "webhook_attempt",
            delivery=req.delivery_id,
            number=req.number,
            outcome=outcome,
            status=answer.status,
        )
        return outcome.value

    @activity.defn
    async def give_up_delivery(self, delivery_id: int) -> bool:
        async with session() as s:
            endpoint = await delivery_given_up(s, delivery_id)
            user = await seller_user_of(s, endpoint.seller_id) if endpoint else None
            url = endpoint.url if endpoint else ""
        if endpoint is None or user is None:
            return False
        await deliver(
            self.mailer,
            OutgoingMail(
                key=f"webhook-paused-{endpoint.id}-{delivery_id}",
                to=user.email,
                template=MailTemplate.webhook_paused,
                locale=user.locale,
                context={"url": url, "attempts": str(ATTEMPTS_MAX)},
            ),
        )
        return True
