"""The plan preview and the recovery analytics as the cabinet sees them (issue "Recurring money" §7)."""

from __future__ import annotations

from datetime import date

from pydantic import BaseModel, Field

from domain.billing.claims import ClaimStrategy, DunningStage
from domain.billing.plan_preview import PreviewStep


class PreviewEventOut(BaseModel):
    on: date
    step: PreviewStep
    rate: int
    amount: int = Field(description="minor units of the plan's currency")
    day: int = Field(description="days after the failed charge (claim steps); 0 for planned charges")
    stage: DunningStage | None = None


class PlanPreviewOut(BaseModel):
    """A sample order of the plan: every charge, and the claim of one failed rate under the seller's current
    claim strategy and stage days, merged by date."""

    currency: str
    purchased: date
    open_ended: bool
    total: int | None
    charges: int
    strategy: ClaimStrategy
    stage_days: list[int]
    failing_rate: int | None
    events: list[PreviewEventOut]


class RecoveredOut(BaseModel):
    """Money of failed rates that came back in the month, by the last stage that ran before the payment."""

    before_first_reminder: int
    first: int
    second: int
    third: int
    inkasso: int


class CurrencyMonthOut(BaseModel):
    currency: str
    mrr: int = Field(description="monthly recurring revenue at the month's end, minor units")
    failed: int = Field(description="amount of the rates that failed in the month")
    recovered: RecoveredOut
    lost: int = Field(description="unpaid amount of claims that ended as a debt in the month")
    still_open: int = Field(description="unpaid amount of claims open at the month's end")


class RecoveryMonthOut(BaseModel):
    month: str = Field(description="YYYY-MM")
    active: int = Field(description="recurring orders running at the month's end")
    new: int
    voluntary_churn: int
    involuntary_churn: int
    money: list[CurrencyMonthOut]


class RecoveryAnalyticsOut(BaseModel):
    months: list[RecoveryMonthOut]
    currencies: list[str] = Field(description="every currency of the range, the largest first")
