"""Workflow ids are business keys (DESIGN.md): a retried request finds the running workflow."""

from __future__ import annotations


def checkout_id(order_token: str) -> str:
    return f"checkout-{order_token}"
