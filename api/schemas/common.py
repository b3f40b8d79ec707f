"""Configuration the web app reads at start, and health."""

from __future__ import annotations

from pydantic import BaseModel


class AppConfig(BaseModel):
    stripe_publishable_key: str
    stripe_js_url: str
    temporal_ui_url: str
    mail_ui_url: str
    languages: list[str]


class Health(BaseModel):
    ok: bool
