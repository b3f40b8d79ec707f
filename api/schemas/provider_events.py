"""Webhook acknowledgements."""

from __future__ import annotations

from pydantic import BaseModel


class WebhookAck(BaseModel):
    received: bool
    duplicate: bool
