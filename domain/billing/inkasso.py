"""Debt collection: what Sellflow hands a collection agency and what the agency reports back (core §4 inkasso
statuses and claim outcomes). The agency answers by signed callback; each event is applied once."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class AgencyEventKind(StrEnum):
    status = "status"  # the claim moved: in_inkasso, pre_court, court, post_court
    payment = "payment"  # the debtor paid the agency (part of) the amount
    closed = "closed"  # the agency ends the case with an outcome


@dataclass(frozen=True)
class AgencyEvent:
    event_id: str
    kind: str  # AgencyEventKind
    status: str | None = None  # InkassoStatus, for a status event
    amount: int = 0  # minor units, for a payment
    outcome: str | None = None  # ClaimOutcome, for a closed event


@dataclass(frozen=True)
class ClaimHandover:
    """The claim as the agency receives it; `reference` (`claim-{token}-{rate}`) is the agency's idempotency key."""

    reference: str
    order_token: str
    rate: int
    amount: int
    currency: str
    debtor_name: str
    debtor_email: str
    debtor_country: str | None
    creditor: str
    product: str


@dataclass(frozen=True)
class HandOver:
    order_token: str
    rate: int


@dataclass(frozen=True)
class ClaimPayment:
    """A payment the agency collected: booked once per agency event."""

    order_token: str
    rate: int
    amount: int
    event_id: str


@dataclass(frozen=True)
class AgencyStatus:
    order_token: str
    rate: int
    status: str  # InkassoStatus
