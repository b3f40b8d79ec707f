"""The seller's money: ledger entries as transfers, and balances derived from them."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, Strict, StringConstraints

from api.schemas.fields import CountryCode
from domain.ledger.bookkeeping import ExportState
from domain.ledger.ledger import EntryKind, PlatformInvoiceState
from domain.ledger.payouts import PayoutKind, PayoutSchedule, PayoutState
from domain.limits import AMOUNT_MAX, INVOICE_BUYER_LINES_MAX, INVOICE_LINE_MAX
from domain.listing import ListAnswer
from domain.orders.orders import InvoiceForm, InvoiceState


class TransferRow(BaseModel):
    id: int
    kind: EntryKind
    amount: int  # signed minor units: what the entry adds to (or takes from) the seller's balance
    currency: str
    created_at: datetime
    order_token: str | None
    product_name: str | None


class TransferList(ListAnswer[TransferRow]):
    """The generic list answer of the seller's ledger entries."""


class Balance(BaseModel):
    currency: str
    amount: int


class BalanceOut(BaseModel):
    """The seller's balance per currency: the sum of the seller's ledger entries."""

    balances: list[Balance]


class InvoiceRow(BaseModel):
    id: int
    number: int
    form: InvoiceForm
    state: InvoiceState
    total: int  # negative for a credit memo
    currency: str
    issued_at: datetime
    order_token: str
    product_name: str
    original_number: int | None  # the invoice a credit memo reverses


class InvoiceList(ListAnswer[InvoiceRow]):
    """The generic list answer of the seller's invoices and credit memos."""


class ExportIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    period: Annotated[str, StringConstraints(max_length=7)]  # YYYY-MM


class ExportOut(BaseModel):
    id: int
    period: str
    state: ExportState
    bookings: int
    created_at: datetime


class ExportList(BaseModel):
    list: list[ExportOut]


class ExportStarted(BaseModel):
    period: str
    workflow_id: str


class ExportStateIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    state: Literal["sent_to_finance", "sent_to_datev"]


class PaymentAccount(BaseModel):
    """A publisher's or team member's payment account: whether it is legitimated (their payouts go by it)."""

    legitimated: bool


class PayoutSettingsIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    schedule: PayoutSchedule
    minimum: Annotated[int, Strict(), Field(ge=0, le=AMOUNT_MAX)]  # euro cents
    hold_days: Annotated[int, Strict(), Field(ge=0, le=90)]


class PayoutSettingsOut(PayoutSettingsIn):
    model_config = ConfigDict(extra="ignore")


class PayoutOut(BaseModel):
    number: int
    kind: PayoutKind
    amount: int
    currency: str
    state: PayoutState
    iban: str
    reason: str | None
    created_at: datetime


class PayoutList(ListAnswer[PayoutOut]):
    """The generic list answer of the payee's payouts and cashouts."""


class HeldRelease(BaseModel):
    """Held money and when it is released: `hold` is the hold after each sale of core §9 (the seller's hold days)."""

    release_at: datetime
    amount: int
    reason: Literal["hold"] = "hold"


class PayoutOverview(BaseModel):
    """The payouts screen: the balance split, the schedule, when the next payout runs or why it waits, history."""

    available: int
    held: int
    releases: list[HeldRelease] = []
    currency: str
    settings: PayoutSettingsOut
    next_run_at: datetime | None
    waiting_reason: (
        str | None
    )  # not_legitimated, no_bank_account, payouts_limited, below_minimum, nothing_available
    list: list[PayoutOut]


InvoiceText = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=INVOICE_LINE_MAX)
]


class InvoiceCorrectionIn(BaseModel):
    """The buyer block of the corrected invoice (name, company, address lines) and the buyer's country, whose
    VAT the corrected invoice charges when the seller is a VAT payer."""

    model_config = ConfigDict(extra="forbid")
    buyer_lines: Annotated[list[InvoiceText], Field(min_length=1, max_length=INVOICE_BUYER_LINES_MAX)]
    buyer_country: CountryCode | None = None


class InvoiceCorrected(BaseModel):
    reversal_number: int
    corrected_id: int
    corrected_number: int


class PlatformInvoiceRow(BaseModel):
    id: int
    number: int
    period: str
    state: PlatformInvoiceState
    sales: int
    fees: int
    refunded_fees: int
    total: int
    currency: str
    issued_at: datetime


class PlatformInvoiceList(ListAnswer[PlatformInvoiceRow]):
    """The generic list answer of the seller's monthly platform invoices."""


class MonthCloseIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    period: Annotated[str, StringConstraints(max_length=7)]  # YYYY-MM


class MonthCloseStarted(BaseModel):
    period: str
    workflow_id: str
