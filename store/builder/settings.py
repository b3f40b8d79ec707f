"""A shop's tracking codes and cookie consent, and its legal documents, one row per seller."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError
from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain.builder.legal import LegalTexts
from domain.builder.tracking import TrackingSettings
from store.builder.models import ShopSettings


async def tracking_of(s: AsyncSession, seller_id: int) -> dict[str, Any] | None:
    row = (
        await s.execute(select(ShopSettings.tracking).where(ShopSettings.seller_id == seller_id))
    ).scalar_one_or_none()
    return row


async def tracking_saved(s: AsyncSession, seller_id: int, tracking: dict[str, Any]) -> None:
    await s.execute(
        insert(ShopSettings)
        .values(seller_id=seller_id, tracking=tracking, legal={})
        .on_conflict_do_update(
            index_elements=[ShopSettings.seller_id], set_={"tracking": tracking, "updated_at": func.now()}
        )
    )


async def legal_of(s: AsyncSession, seller_id: int) -> dict[str, Any] | None:
    return (
        await s.execute(select(ShopSettings.legal).where(ShopSettings.seller_id == seller_id))
    ).scalar_one_or_none()


async def legal_saved(s: AsyncSession, seller_id: int, legal: dict[str, Any]) -> None:
    await s.execute(
        insert(ShopSettings)
        .values(seller_id=seller_id, tracking={}, legal=legal)
        .on_conflict_do_update(
            index_elements=[ShopSettings.seller_id], set_={"legal": legal, "updated_at": func.now()}
        )
    )


async def legal_texts(s: AsyncSession, seller_id: int) -> LegalTexts:
    """The shop's legal documents and consent rule; settings of an older shape read as none written."""
    stored = await legal_of(s, seller_id)
    try:
        return LegalTexts.model_validate(stored) if stored else LegalTexts()
    except ValidationError:
        return LegalTexts()


async def tracking_settings(s: AsyncSession, seller_id: int) -> TrackingSettings | None:
    """The shop's tracking codes and consent; settings of an older shape load nothing rather than break a page."""
    stored = await tracking_of(s, seller_id)
    try:
        return TrackingSettings.model_validate(stored) if stored else None
    except ValidationError:
        return None
