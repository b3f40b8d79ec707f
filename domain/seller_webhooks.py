"""Seller webhooks (core §4 webhook endpoint states; issue 24): the events a seller's own systems hear about, how
each delivery is signed, the retry schedule, and which addresses a delivery may reach.

An event is recorded in the transaction of the fact it tells (an order paid, a refund booked, …), once under its
business key, for a seller with an active endpoint. The WebhookDispatch workflow hands each event to the seller's
active endpoints that take its type, one WebhookDelivery workflow per endpoint and event, which posts it, retrying
with backoff on 5xx, 408, 429, timeouts and connection errors (never on another 4xx or a redirect), and pauses the
endpoint when a delivery has failed every attempt (the seller is told by mail).

Signature (docs/WEBHOOKS.md): header `Sellflow-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>"
under the endpoint's secret>`. A receiver recomputes it over the raw body and refuses a timestamp older than
`SIGNATURE_TOLERANCE_S`, so a captured delivery cannot be replayed later.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
import secrets
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any
from urllib.parse import urlsplit

from domain.domains import ascii_hostname


class EndpointState(StrEnum):
    active = "active"
    inactive = "inactive"  # turned off by the seller
    paused = (
        "paused"  # turned off by Sellflow after a delivery failed every attempt; the seller turns it on again
    )


class EventType(StrEnum):
    order_paid = "order.paid"  # an order's first (or only) payment
    order_canceled = "order.canceled"  # a subscription or installment plan ended before its last rate
    rate_paid = "rate.paid"  # a later rate of a subscription or installment plan
    rate_failed = "rate.failed"  # a rate's charge was declined
    refund_succeeded = "refund.succeeded"
    chargeback_opened = "chargeback.opened"
    claim_opened = "claim.opened"  # dunning began for an unpaid rate
    claim_closed = "claim.closed"
    payout_paid = "payout.paid"
    payout_returned = "payout.returned"
    ticket_checked_in = "ticket.checked_in"
    affiliate_requested = "affiliate.requested"  # a publisher asks to join a program
    affiliate_decided = "affiliate.decided"  # the seller accepted, rejected or ended a publisher
    ping = "ping"  # the endpoint's test event, sent from the cabinet


class DeliveryState(StrEnum):
    pending = "pending"  # being tried (or waiting for its next attempt)
    delivered = "delivered"  # a 2xx answer
    failed = "failed"  # refused (a 4xx or a redirect), or every attempt failed
    skipped = "skipped"  # the endpoint was turned off before it could be delivered


class Outcome(StrEnum):
    """What one attempt came to (an activity's answer to the delivery workflow)."""

    delivered = "delivered"
    retry = "retry"  # 5xx, 408, 429, a timeout or a connection error: tried again later
    refused = "refused"  # another 4xx, a redirect, or an address that may not be reached: not tried again
    endpoint_off = "endpoint_off"  # the endpoint is inactive or paused (or gone): nothing sent


# a delivery's state after an attempt with each outcome, and (for a finished delivery) the outcome it ended with
STATE_AFTER: dict[Outcome, DeliveryState] = {
    Outcome.delivered: DeliveryState.delivered,
    Outcome.refused: DeliveryState.failed,
    Outcome.endpoint_off: DeliveryState.skipped,
    Outcome.retry: DeliveryState.pending,
}
ENDED_WITH: dict[DeliveryState, Outcome] = {
    state: outcome for outcome, state in STATE_AFTER.items() if state != DeliveryState.pending
}


ENDPOINTS_MAX = 16  # per seller
URL_MAX = 2000
DESCRIPTION_MAX = 200
SECRET_PREFIX = "whsec_"
SIGNATURE_HEADER = "Sellflow-Signature"
SIGNATURE_TOLERANCE_S = 300
TIMEOUT_S = 10  # per attempt
RESPONSE_EXCERPT_MAX = 500  # of an answer's body, kept in the delivery log
# minutes before attempts 2, 3, …: about a day and a half in all, as the best platforms keep trying (Stripe: 3 days)
RETRY_MINUTES = (1, 5, 30, 120, 300, 600, 1200)
ATTEMPTS_MAX = len(RETRY_MINUTES) + 1
RETRIED_STATUSES = frozenset({408, 429})


def new_secret() -> str:
    return SECRET_PREFIX + secrets.token_urlsafe(32)


def signature(secret: str, timestamp: int, body: bytes) -> str:
    """The `Sellflow-Signature` header's value for `body` sent at `timestamp` (unix seconds)."""
    mac = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()
    return f"t={timestamp},v1={mac}"


def verified(
    secret: str, header: str, body: bytes, now: int, tolerance_s: int = SIGNATURE_TOLERANCE_S
) -> bool:
    """What a receiver does (docs/WEBHOOKS.md): the header's timestamp is recent and one of its v1 MACs matches."""
    parts = [p.split("=", 1) for p in header.split(",") if "=" in p]
    stamps = [v for k, v in parts if k == "t"]
    if len(stamps) != 1 or not stamps[0].isdigit() or abs(now - int(stamps[0])) > tolerance_s:
        return False
    want = signature(secret, int(stamps[0]), body).split("v1=", 1)[1]
    return any(k == "v1" and hmac.compare_digest(v, want) for k, v in parts)


def event_body(event_id: str, event_type: str, created_at: str, data: dict[str, Any]) -> bytes:
    """The posted JSON, the same bytes on every attempt (so a receiver may also de-duplicate on `id`)."""
    payload = {"id": event_id, "type": event_type, "created_at": created_at, "data": data}
    return json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def outcome_of(status: int | None) -> Outcome:
    """How an answer counts: `None` is no answer at all (a timeout or a connection error)."""
    if status is None or status >= 500 or status in RETRIED_STATUSES:
        return Outcome.retry
    if 200 <= status < 300:
        return Outcome.delivered
    return Outcome.refused


def endpoint_url_error(url: str, https_only: bool, allow_private: bool = True) -> str | None:
    """Why `url` cannot be an endpoint (a code the web app words), or None: http(s) only (https in production), a
    host (a name by IDNA 2008, or an address: a public one unless `allow_private`), no user or password in it, no
    fragment. A name is resolved when a delivery is sent, and its addresses checked then."""
    if len(url) > URL_MAX or any(c.isspace() or ord(c) < 32 for c in url):
        return "webhook_url_invalid"
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return "webhook_url_invalid"
    if parts.scheme not in ("https", "http") or not parts.hostname or parts.username or parts.password:
        return "webhook_url_invalid"
    if parts.fragment or (port is not None and not 0 < port < 65536):
        return "webhook_url_invalid"
    if https_only and parts.scheme != "https":
        return "webhook_url_https"
    host = parts.hostname
    try:
        ipaddress.ip_address(host)
        if not allow_private and not address_allowed(host):
            return "webhook_url_private"
    except ValueError:
        try:
            ascii_hostname(host)
        except ValueError:
            return "webhook_url_invalid"
    return None


def address_allowed(address: str) -> bool:
    """Whether a delivery may connect to `address`: only globally routable ones (no loopback, private, link-local,
    shared, reserved or multicast address: the production network's own services stay out of reach)."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_global and not ip.is_multicast


def retry_delay_s(attempt: int, minute_s: float) -> float:
    """Seconds to wait after failed attempt `attempt` (1-based) before the next; `minute_s` compresses the
    schedule in tests (60 in production)."""
    return RETRY_MINUTES[attempt - 1] * minute_s


@dataclass(frozen=True)
class DispatchInput:
    """The WebhookDispatch workflow's loop: each activity run hands out events for up to `window_s`, looking every
    `poll_s` (carried over continue-as-new)."""

    poll_s: float = 0.5
    window_s: float = 30.0
    rounds: int = 0


@dataclass(frozen=True)
class DeliveryInput:
    delivery_id: int
    seller_id: int
    minute_s: float = 60.0


@dataclass(frozen=True)
class AttemptInput:
    delivery_id: int
    number: int  # 1-based


@dataclass
class DeliveryProgress:
    """The WebhookDelivery workflow's state (its query `progress`)."""

    attempts: int = 0
    outcome: str = ""
    waiting_until: str | None = None
    outcomes: list[str] = field(default_factory=list)
