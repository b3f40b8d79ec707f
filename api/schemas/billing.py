"""Recurring money as the cabinet and the payer see it: order rates, claims, claim settings, a subscription."""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, Strict, StringConstraints

from domain.billing.claims import (
    STAGE_DAYS_MAX,
    ClaimOutcome,
    ClaimStrategy,
    DunningStage,
    DunningState,
    InkassoStatus,
)
from domain.billing.subscriptions import DeclineKind, SubscriptionPhase
from domain.limits import PROVIDER_ID_MAX
from domain.listing import ListAnswer
from domain.orders.orders import OrderRateState, PaymentState


class OrderRateRow(BaseModel):
    id: int
    number: int
    due_on: date
    amount: int
    paid_amount: int
    currency: str
    state: OrderRateState
    attempts: int
    order_token: str
    product_name: str
    payer_email: str


class OrderRateList(ListAnswer[OrderRateRow]):
    """The generic list answer of the seller's order rates."""


class ClaimRow(BaseModel):
    id: int
    rate: int
    amount: int
    collected: int
    currency: str
    strategy: ClaimStrategy
    decline: DeclineKind
    stage: DunningStage | None
    dunning: DunningState
    inkasso: InkassoStatus
    outcome: ClaimOutcome | None
    charges: int
    opened_at: datetime
    closed_at: datetime | None
    paused_at: datetime | None = None  # the seller paused its dunning
    order_token: str
    product_name: str
    payer_email: str


class ClaimList(ListAnswer[ClaimRow]):
    """The generic list answer of the seller's claims (dunning and debt collection)."""


StageDays = Annotated[int, Strict(), Field(ge=0, le=STAGE_DAYS_MAX)]


class ClaimSettingsIO(BaseModel):
    """The seller's claim strategy and the days after a failed charge on which the three reminders go out."""

    model_config = ConfigDict(extra="forbid")
    strategy: ClaimStrategy
    first_days: StageDays
    second_days: StageDays
    third_days: StageDays


class ClaimAction(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: Literal["resolve", "pause_dunning", "resume_dunning"]


class RateOut(BaseModel):
    number: int
    due_on: date
    amount: int
    paid_amount: int
    state: OrderRateState
    payable: bool = Field(
        False, description="Past due and in no running claim: the payer may pay it on the manage page."
    )


class SubscriptionOut(BaseModel):
    """A recurring order: its rates, its state and what comes next."""

    order_token: str
    product_name: str
    payment_state: PaymentState
    phase: SubscriptionPhase | None
    currency: str
    rates: list[RateOut]
    next_due: date | None
    payments_count: int | None
    next_amount: int | None = Field(
        None, description="The next charge's amount, minor units (none while paused)."
    )
    card_brand: str | None = Field(None, description="The saved card's brand (visa, mastercard, …).")
    card_last4: str | None = Field(None, description="The saved card's last four digits.")
    card_expires: str | None = Field(None, description='The saved card\'s expiry month, "YYYY-MM".')
    card_expiring: bool = Field(False, description="The saved card expires before the next rate falls due.")


class SubscriptionAction(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: Literal["cancel_now", "cancel_at_period_end", "pause", "resume"]


PaymentMethodId = Annotated[str, StringConstraints(pattern=r"^pm_[A-Za-z0-9_]+$", max_length=PROVIDER_ID_MAX)]


class PaymentMethodIn(BaseModel):
    """The payer's new card (a PaymentMethod confirmed through the manage page's SetupIntent)."""

    model_config = ConfigDict(extra="forbid")
    payment_method: PaymentMethodId


class RatePayOut(BaseModel):
    """The payer's payment of a past-due rate: paid, or the provider's reason; the page as it is now."""

    paid: bool
    amount: int = 0
    message: str | None = None
    subscription: SubscriptionOut


class ManageSetup(BaseModel):
    setup_intent_client_secret: str
