"""Webhook actions: an event is stored once by the provider's event id."""

from __future__ import annotations

from typing import Any

from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from store.provider_events.models import WebhookEvent


async def webhook_received(
    s: AsyncSession,
    *,
    provider: str,
    event_id: str,
    event_type: str,
    object_ref: str | None,
    payload: dict[str, Any],
) -> bool:
    """True if this event is new; False for a duplicate delivery (stored already, nothing changes)."""
    inserted = (
        await s.execute(
            insert(WebhookEvent)
            .values(id=event_id, provider=provider, type=event_type, object_ref=object_ref, payload=payload)
            .on_conflict_do_nothing()
            .returning(WebhookEvent.id)
        )
    ).scalar_one_or_none()
    return inserted is not None
