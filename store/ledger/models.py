"""The ledger (append-only entries per payee), the platform plans whose fee each sale pays, and refunds."""

from datetime import datetime

from sqlalchemy import BigInteger, DateTime, ForeignKey, Index, Integer, String, UniqueConstraint, text
from sqlalchemy.orm import Mapped, mapped_column

from domain.ledger.bookkeeping import ExportState
from domain.ledger.ledger import (
    BillingCycle,
    EntryKind,
    PayeeType,
    PlanPurpose,
    PlatformInvoiceState,
    RefundState,
)
from domain.ledger.payouts import PayoutKind, PayoutSchedule, PayoutState
from domain.limits import (
    CURRENCY_LEN,
    DECISION_REASON_MAX,
    IDEMPOTENCY_KEY_MAX,
    PLAN_NAME_MAX,
    PROVIDER_ID_MAX,
)
from store.base import Base, StrEnumText


class PlatformPlan(Base):
    """A seller's platform plan (core §4 purposes and billing cycles) and the fee it takes of each sale."""

    __tablename__ = "platform_plans"
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    name: Mapped[str] = mapped_column(String(PLAN_NAME_MAX), unique=True)
    purpose: Mapped[PlanPurpose] = mapped_column(StrEnumText(PlanPurpose, 30))
    billing_cycle: Mapped[BillingCycle] = mapped_column(StrEnumText(BillingCycle, 20))
    fee_basis_points: Mapped[int] = mapped_column(Integer)
    fee_fixed: Mapped[int] = mapped_column(Integer, default=0)


class LedgerEntry(Base):
    """One movement of money for one payee. Never updated, never deleted; balances are sums."""

    __tablename__ = "ledger_entries"
    __table_args__ = (Index("ix_ledger_entries_payee", "payee_type", "payee_id", "created_at"),)
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    payee_type: Mapped[PayeeType] = mapped_column(StrEnumText(PayeeType, 20))
    payee_id: Mapped[int] = mapped_column(BigInteger)
    kind: Mapped[EntryKind] = mapped_column(StrEnumText(EntryKind, 20))
    amount: Mapped[int] = mapped_column(BigInteger)
    currency: Mapped[str] = mapped_column(String(CURRENCY_LEN))
    idempotency_key: Mapped[str] = mapped_column(String(IDEMPOTENCY_KEY_MAX), unique=True)
    order_id: Mapped[int | None] = mapped_column(ForeignKey("orders.id", ondelete="RESTRICT"), index=True)
    refund_id: Mapped[int | None] = mapped_column(ForeignKey("refunds.id", ondelete="RESTRICT"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=text("now()"))


class Refund(Base):
    """A refund of (part of) a paid order; numbered per order. Its amount is reserved when it is asked for, so
    two refunds at once can never exceed what was paid."""

    __tablename__ = "refunds"
    __table_args__ = (UniqueConstraint("order_id", "number"),)
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    order_id: Mapped[int] = mapped_column(ForeignKey("orders.id", ondelete="RESTRICT"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    amount: Mapped[int] = mapped_column(BigInteger)
    currency: Mapped[str] = mapped_column(String(CURRENCY_LEN))
    reason: Mapped[str] = mapped_column(String(DECISION_REASON_MAX))
    state: Mapped[RefundState] = mapped_column(StrEnumText(RefundState, 20))
    provider_refund_id: Mapped[str | None] = mapped_column(String(PROVIDER_ID_MAX))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=text("now()"))


class AccountingExport(Base):
    """A period's bookkeeping export of one seller (core §4 states); regenerated in place on request."""

    __tablename__ = "accounting_exports"
    __table_args__ = (UniqueConstraint("seller_id", "period"),)
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"), index=True)
    period: Mapped[str] = mapped_column(String(7))
    state: Mapped[ExportState] = mapped_column(StrEnumText(ExportState, 30))
    bookings: Mapped[int] = mapped_column(Integer, default=0)
    csv_key: Mapped[str | None] = mapped_column(String(200))
    datev_key: Mapped[str | None] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=text("now()"))


class PayoutSettingsRow(Base):
    __tablename__ = "payout_settings"
    __table_args__ = (UniqueConstraint("payee_type", "payee_id"),)
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    payee_type: Mapped[PayeeType] = mapped_column(StrEnumText(PayeeType, 20))
    payee_id: Mapped[int] = mapped_column(BigInteger)
    schedule: Mapped[PayoutSchedule] = mapped_column(StrEnumText(PayoutSchedule, 20))
    minimum: Mapped[int] = mapped_column(BigInteger)
    hold_days: Mapped[int] = mapped_column(Integer)


class Payout(Base):
    """A payout or cashout to the payee's bank account; its ledger entries are booked when it is issued."""

    __tablename__ = "payouts"
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    payee_type: Mapped[PayeeType] = mapped_column(StrEnumText(PayeeType, 20))
    payee_id: Mapped[int] = mapped_column(BigInteger, index=True)
    number: Mapped[int] = mapped_column(Integer)
    kind: Mapped[PayoutKind] = mapped_column(StrEnumText(PayoutKind, 20))
    amount: Mapped[int] = mapped_column(BigInteger)
    currency: Mapped[str] = mapped_column(String(CURRENCY_LEN))
    state: Mapped[PayoutState] = mapped_column(StrEnumText(PayoutState, 20))
    iban: Mapped[str] = mapped_column(String(42))
    end_to_end_id: Mapped[str] = mapped_column(String(IDEMPOTENCY_KEY_MAX), unique=True)
    reason: Mapped[str | None] = mapped_column(String(DECISION_REASON_MAX))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=text("now()"))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=text("now()"))


class PlatformInvoice(Base):
    """The platform's invoice to a seller for one month's fees; one per seller and month, numbered gaplessly
    across the platform."""

    __tablename__ = "platform_invoices"
    __table_args__ = (UniqueConstraint("seller_id", "period"), UniqueConstraint("number"))
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="RESTRICT"))
    period: Mapped[str] = mapped_column(String(7))
    number: Mapped[int] = mapped_column(Integer)
    state: Mapped[PlatformInvoiceState] = mapped_column(StrEnumText(PlatformInvoiceState, 20))
    sales: Mapped[int] = mapped_column(Integer)
    fees: Mapped[int] = mapped_column(BigInteger)
    refunded_fees: Mapped[int] = mapped_column(BigInteger)
    total: Mapped[int] = mapped_column(BigInteger)
    currency: Mapped[str] = mapped_column(String(CURRENCY_LEN))
    issued_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=text("now()"))
