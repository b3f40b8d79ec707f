"""The seller's monthly platform invoice (core §4 "monthly invoice"): the platform's fees of a month, issued by
the month close, numbered gaplessly across the platform.

Sellflow withholds its fee from each sale, so a month's invoice is settled when it is issued: `paid` when fees
were withheld, `refund` when the month gave back more fees than it took (refunds of earlier sales), `issued` when
they cancel out, `on_hold` while the seller's platform plan is on hold."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from domain.ledger.bookkeeping import period_bounds
from domain.ledger.ledger import PlanPurpose, PlatformInvoiceState

# The issuer of platform invoices (production: the operator's legal entity; docs/DECISIONS.md).
PLATFORM_ISSUER = ["Sellflow GmbH", "Friedrichstraße 68", "10117 Berlin"]  # the issuer of platform invoices
PLATFORM_ADDRESS = ("Friedrichstraße", "68", "10117", "Berlin")  # street, number, zip, city
PLATFORM_COUNTRY = "DE"
PLATFORM_VAT_ID = "DE312345678"
# who answers for the issuer on an XRechnung (BG-6)
PLATFORM_CONTACT = {
    "name": "Sellflow Billing",
    "phone": "+49 30 1234567",
    "email": "billing@sellflow.example",
}
PAGE = 200  # sellers issued per activity call


def platform_invoice_state(total: int, plan_purpose: PlanPurpose | None) -> PlatformInvoiceState:
    if plan_purpose == PlanPurpose.on_hold:
        return PlatformInvoiceState.on_hold
    if total > 0:
        return PlatformInvoiceState.paid
    if total < 0:
        return PlatformInvoiceState.refund
    return PlatformInvoiceState.issued


def previous_period(today: date) -> str:
    """The month before the one `today` is in: what a close on the 1st issues."""
    y, m = (today.year - 1, 12) if today.month == 1 else (today.year, today.month - 1)
    return f"{y:04d}-{m:02d}"


def next_close(today: date) -> date:
    """The 1st of the next month: when the month that holds `today` is closed."""
    return period_bounds(f"{today.year:04d}-{today.month:02d}")[1]


@dataclass(frozen=True)
class PlatformInvoicesRequest:
    period: str
    after_seller_id: int = 0  # where a continued run goes on
    issued: int = 0


@dataclass(frozen=True)
class IssuePage:
    period: str
    after_seller_id: int


@dataclass(frozen=True)
class IssuedPage:
    issued: int
    last_seller_id: int | None  # None: no seller after this page


@dataclass(frozen=True)
class PlatformInvoicesDone:
    period: str
    issued: int


@dataclass(frozen=True)
class MonthCloseRequest:
    """The long-lived scheduler's input: `day_s` compresses a day in tests (86400 in production); `next_close` is
    the 1st of the month it closes next (ISO date; empty: the month the workflow starts in)."""

    day_s: float = 86_400.0
    next_close: str = ""
