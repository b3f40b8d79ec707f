"""A seller's webhook deliveries started from the cabinet (a test event, a delivery sent again): the delivery's row is
committed first, then its WebhookDelivery workflow starts (it reads the row)."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import Client

from handles.seller_webhooks import delivery_started as start


async def delivery_started(s: AsyncSession, client: Client, seller_id: int, delivery_id: int) -> None:
    await s.commit()  # the delivery's workflow reads its row (the session is done after this)
    await start(client, delivery_id, seller_id)
