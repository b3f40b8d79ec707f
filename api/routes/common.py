"""`/v1/common` and health."""

from __future__ import annotations

from fastapi import APIRouter

from api.schemas.common import AppConfig, Health
from sellflow.settings import get_settings

router = APIRouter(tags=["common"])


@router.get("/v1/common/config", response_model=AppConfig)
async def get_config() -> AppConfig:
    s = get_settings()
    return AppConfig(
        stripe_publishable_key=s.stripe_publishable_key,
        stripe_js_url=s.stripe_js_url,
        temporal_ui_url=s.temporal_ui_url,
        mail_ui_url=s.mail_ui_url,
        languages=["en", "de"],
    )


@router.get("/v1/health", response_model=Health)
async def get_health() -> Health:
    return Health(ok=True)
