"""Configuration the web app reads at start, and health."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from domain.errors import ErrorCode, Refusal


class AppConfig(BaseModel):
    stripe_publishable_key: str
    stripe_js_url: str
    temporal_ui_url: str
    mail_ui_url: str
    languages: list[str]
    # the hostnames the web app is Sellflow's own on; anywhere else it asks /v1/shop/_host for the seller's shop
    app_hosts: list[str]


class Health(BaseModel):
    ok: bool


class Readiness(BaseModel):
    ok: bool
    database: bool
    temporal: bool


class ErrorBody(BaseModel):
    """Every error answer (core §8 error catalogue): the code twice (`error` and `type`), a message, and for
    `INVALID_INPUT` a message per field."""

    error: ErrorCode
    message: str
    type: ErrorCode
    fields: dict[str, Any] | None = None
    # a code the web app words in en and de: a `Refusal` for a 409 of an action on a running workflow that does not
    # apply, or another rule's own code (a coupon's, a key's format, `sold_out`, `below_sold`, `required`, …)
    reason: Refusal | str | None = None
