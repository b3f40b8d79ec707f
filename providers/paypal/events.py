"""PayPal's webhook events in Sellflow's words: the event read from its body (PayPal checks its signature,
`PayPalPayments.webhook_verified`), and which order and PayPal order an approval or a capture is about. The
checkout never trusts an event's payload: it is a hint to ask PayPal again."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any


class NotAnEvent(ValueError):
    """The body is not a PayPal webhook event."""


@dataclass(frozen=True)
class PayPalEvent:
    id: str
    type: str
    resource: dict[str, Any]
    body: dict[str, Any]  # as PayPal sent it, for its signature check and the stored copy


def parse_event(payload: bytes) -> PayPalEvent:
    try:
        event = json.loads(payload)
        event_id, event_type, resource = str(event["id"]), str(event["event_type"]), event["resource"]
    except (ValueError, KeyError, TypeError) as e:
        raise NotAnEvent("Not a PayPal webhook event.") from e
    if not isinstance(resource, dict) or not event_id or len(event_id) > 100:
        raise NotAnEvent("Not a PayPal webhook event.")
    return PayPalEvent(event_id, event_type, resource, event)


def paypal_order_of(event_type: str, resource: dict[str, Any]) -> tuple[str | None, str | None]:
    """(the Sellflow order token, the PayPal order id) an approval or a capture event is about."""
    if event_type.startswith("CHECKOUT.ORDER."):
        units = resource.get("purchase_units") or [{}]
        token = units[0].get("custom_id") if isinstance(units, list) and isinstance(units[0], dict) else None
        return (str(token)[:64] if token else None), (
            str(resource.get("id"))[:100] if resource.get("id") else None
        )
    if event_type.startswith("PAYMENT.CAPTURE."):
        related = (resource.get("supplementary_data") or {}).get("related_ids") or {}
        token, order_id = (
            resource.get("custom_id"),
            related.get("order_id") if isinstance(related, dict) else None,
        )
        return (str(token)[:64] if token else None), (str(order_id)[:100] if order_id else None)
    return None, None
