"""Recurring money's rows: an order's rates, each charge attempt of a rate, claims, and the seller's claim
settings. A rate's charge is recorded (unique per order, rate and attempt) before it is confirmed, so a retry
finds it instead of charging again."""

from datetime import date, datetime

from sqlalchemy import BigInteger, Date, DateTime, ForeignKey, Index, Integer, String, UniqueConstraint, text
from sqlalchemy.orm import Mapped, mapped_column

from domain.billing.claims import ClaimOutcome, ClaimStrategy, DunningStage, DunningState, InkassoStatus
from domain.billing.subscriptions import DeclineKind
from domain.limits import CURRENCY_LEN, IDEMPOTENCY_KEY_MAX, PROVIDER_ID_MAX
from domain.orders.orders import OrderRateState
from store.base import Base, StrEnumText


class OrderRate(Base):
    __tablename__ = "order_rates"
    __table_args__ = (
        UniqueConstraint("order_id", "number"),
        Index("ix_order_rates_seller_due", "seller_id", "due_on", "id"),
        Index("ix_order_rates_seller_state", "seller_id", "state", "id"),
    )
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    order_id: Mapped[int] = mapped_column(ForeignKey("orders.id", ondelete="CASCADE"))
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(Integer)
    due_on: Mapped[date] = mapped_column(Date)
    amount: Mapped[int] = mapped_column(BigInteger)
    currency: Mapped[str] = mapped_column(String(CURRENCY_LEN))
    state: Mapped[OrderRateState] = mapped_column(StrEnumText(OrderRateState, 20))
    paid_amount: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0")
    attempts: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=text("now()"))


class RateCharge(Base):
    __tablename__ = "rate_charges"
    __table_args__ = (UniqueConstraint("order_id", "rate", "attempt"),)
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    order_id: Mapped[int] = mapped_column(ForeignKey("orders.id", ondelete="CASCADE"))
    rate: Mapped[int] = mapped_column(Integer)
    attempt: Mapped[int] = mapped_column(Integer)
    provider_ref: Mapped[str] = mapped_column(String(PROVIDER_ID_MAX), unique=True)
    idempotency_key: Mapped[str] = mapped_column(String(IDEMPOTENCY_KEY_MAX), unique=True)
    payment_method: Mapped[str] = mapped_column(String(PROVIDER_ID_MAX))
    amount: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(40))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=text("now()"))


class Claim(Base):
    __tablename__ = "claims"
    __table_args__ = (
        UniqueConstraint("order_id", "rate"),
        Index("ix_claims_seller_opened", "seller_id", "opened_at", "id"),
    )
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    order_id: Mapped[int] = mapped_column(ForeignKey("orders.id", ondelete="CASCADE"))
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"))
    rate: Mapped[int] = mapped_column(Integer)
    amount: Mapped[int] = mapped_column(BigInteger)
    currency: Mapped[str] = mapped_column(String(CURRENCY_LEN))
    strategy: Mapped[ClaimStrategy] = mapped_column(StrEnumText(ClaimStrategy, 20))
    decline: Mapped[DeclineKind] = mapped_column(StrEnumText(DeclineKind, 10))
    stage: Mapped[DunningStage | None] = mapped_column(StrEnumText(DunningStage, 10))
    dunning: Mapped[DunningState] = mapped_column(StrEnumText(DunningState, 20))
    inkasso: Mapped[InkassoStatus] = mapped_column(StrEnumText(InkassoStatus, 30))
    outcome: Mapped[ClaimOutcome | None] = mapped_column(StrEnumText(ClaimOutcome, 30))
    collected: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0")
    charges: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    opened_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=text("now()"))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=text("now()"))
    closed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # the seller paused its dunning (no reminder, no retry; a card the payer saves is still charged)
    paused_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class ClaimSettingsRow(Base):
    __tablename__ = "claim_settings"
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"), primary_key=True)
    strategy: Mapped[ClaimStrategy] = mapped_column(StrEnumText(ClaimStrategy, 20))
    first_days: Mapped[int] = mapped_column(Integer)
    second_days: Mapped[int] = mapped_column(Integer)
    third_days: Mapped[int] = mapped_column(Integer)
