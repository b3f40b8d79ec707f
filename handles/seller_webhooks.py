"""The API's side of the WebhookDelivery workflow (`webhook-delivery-{delivery id}`): a replay or a test event
from the cabinet starts the delivery's workflow at once (new events are handed out by WebhookDispatch)."""

from __future__ import annotations

from temporalio.client import Client

from core.settings import get_settings
from core.temporal import started_once
from domain.seller_webhooks import DeliveryInput
from domain.workflow_ids import webhook_delivery_id
from workflows.seller_webhooks import WebhookDeliveryWorkflow


async def delivery_started(client: Client, delivery_id: int, seller_id: int) -> None:
    """The delivery's workflow, once: a retried request finds it running, a finished one is not run again."""
    inp = DeliveryInput(delivery_id, seller_id, get_settings().webhook_minute_s)
    await started_once(
        client, WebhookDeliveryWorkflow.run, inp, id=webhook_delivery_id(delivery_id), seller_id=seller_id
    )
