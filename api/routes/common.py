"""`/v1/common` and health."""

from __future__ import annotations

from urllib.parse import urlsplit

from fastapi import APIRouter
from pydantic import BaseModel

from api.schemas.common import AppConfig, Health
from core.settings import get_settings
from domain.builder.tracking import ConsentCategory

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
        app_hosts=app_hosts(s.public_url, s.app_hosts),
    )


def app_hosts(public_url: str, extra: str) -> list[str]:
    """The public URL's hostname, then the extra ones (lower case, no port, no duplicates)."""
    hosts = [urlsplit(public_url).hostname or "", *extra.split(",")]
    out: list[str] = []
    for h in (x.strip().lower().rstrip(".") for x in hosts):
        if h and h not in out:
            out.append(h)
    return out


class ConsentCategories(BaseModel):
    list: list[ConsentCategory]


@router.get("/v1/common/cookies_consent_categories", response_model=ConsentCategories)
async def cookies_consent_categories() -> ConsentCategories:
    """The cookie consent categories a shop's banner offers (core §7); `necessary` is always on."""
    return ConsentCategories(list=list(ConsentCategory))


@router.get("/v1/health", response_model=Health)
async def get_health() -> Health:
    return Health(ok=True)
