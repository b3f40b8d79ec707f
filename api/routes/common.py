"""`/v1/common` and health."""

from __future__ import annotations

from fastapi import APIRouter

from sellflow.settings import get_settings

router = APIRouter(tags=["common"])


@router.get("/v1/common/config")
async def config() -> dict:
    s = get_settings()
    return {"stripe_publishable_key": s.stripe_publishable_key, "stripe_js_url": s.stripe_js_url,
            "temporal_ui_url": s.temporal_ui_url, "mail_ui_url": s.mail_ui_url, "languages": ["en", "de"]}


@router.get("/v1/health")
async def health() -> dict:
    return {"ok": True}
