"""What the Refund workflow and its activities exchange."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RefundInput:
    order_token: str
    number: int


@dataclass(frozen=True)
class ProviderAnswer:
    ok: bool
    provider_ref: str | None = None
    message: str | None = None


@dataclass(frozen=True)
class RefundConfirmed:
    order_token: str
    number: int
    provider_ref: str


@dataclass(frozen=True)
class RefundBooked:
    full: bool  # the order is refunded in full: access is revoked


@dataclass(frozen=True)
class RefundResult:
    state: str  # succeeded | failed
    full: bool = False
    message: str | None = None
