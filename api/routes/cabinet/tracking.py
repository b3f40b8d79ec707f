"""`/v1/cabinet/tracking`: the shop's tracking codes (their type, the code checked against its shape of core §5,
the pages they fire on) and its cookie consent (mode, Cookiebot, blocking, categories). Scoped to the caller's
seller; the storefront's pages load a code only after the visitor consented to its category."""

from __future__ import annotations

from fastapi import APIRouter

from api.deps import DB, CurrentSeller
from domain.builder.tracking import TrackingSettings
from store.builder.settings import tracking_of, tracking_saved

router = APIRouter()


@router.get("/tracking", response_model=TrackingSettings)
async def get_tracking(seller: CurrentSeller, s: DB) -> TrackingSettings:
    stored = await tracking_of(s, seller.id)
    return TrackingSettings.model_validate(stored) if stored else TrackingSettings()


@router.put("/tracking", response_model=TrackingSettings)
async def save_tracking(body: TrackingSettings, seller: CurrentSeller, s: DB) -> TrackingSettings:
    """The whole settings replaced; a code that does not have its type's shape is 400 with the placeholder."""
    await tracking_saved(s, seller.id, body.model_dump(mode="json"))
    return body
