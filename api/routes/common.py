"""`/v1/common` and health."""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel

from sellflow.settings import get_settings

router = APIRouter(tags=["common"])


class AppConfig(BaseModel):
    stripe_publishable_key: str
    stripe_js_url: str
    temporal_ui_url: str
    mail_ui_url: str
    languages: list[str]


class Health(BaseModel):
    ok: bool


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
