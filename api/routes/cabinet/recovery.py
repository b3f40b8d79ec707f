"""`/v1/cabinet/products/{id}/pricing_plans/…/preview` and `/v1/cabinet/recovery_analytics`: what a plan's sample
order would go through, and the seller's monthly recurring revenue, churn and recovered money (issue "Recurring
money" §7). Scoped to the caller's seller: another seller's plan is not found, their numbers never counted."""

from __future__ import annotations

from datetime import date
from typing import Annotated

from fastapi import APIRouter, Query

from api.deps import DB, CurrentSeller
from api.schemas.catalog import PlanIn, checked_terms
from api.schemas.fields import Id
from api.schemas.recovery import (
    CurrencyMonthOut,
    PlanPreviewOut,
    PreviewEventOut,
    RecoveredOut,
    RecoveryAnalyticsOut,
    RecoveryMonthOut,
)
from domain.billing.plan_preview import PlanPreview
from domain.limits import PAYMENTS_COUNT_MAX
from services import recovery
from store.billing.analytics import currencies_of
from store.catalog.queries import product_of

router = APIRouter()

FailingRate = Annotated[
    int | None,
    Query(ge=2, le=PAYMENTS_COUNT_MAX, description="the rate whose claim is shown (default 2)"),
]
Purchased = Annotated[date | None, Query(description="the sample order's purchase day (default today)")]


def _preview_out(p: PlanPreview) -> PlanPreviewOut:
    return PlanPreviewOut(
        currency=p.currency,
        purchased=p.purchased,
        open_ended=p.open_ended,
        total=p.total,
        charges=p.charges,
        strategy=p.strategy,
        stage_days=list(p.stage_days),
        failing_rate=p.failing_rate,
        events=[
            PreviewEventOut(on=e.on, step=e.step, rate=e.rate, amount=e.amount, day=e.day, stage=e.stage)
            for e in p.events
        ],
    )


@router.get("/products/{product_id}/pricing_plans/{plan_id}/preview", response_model=PlanPreviewOut)
async def preview_plan(
    product_id: Id,
    plan_id: Id,
    seller: CurrentSeller,
    s: DB,
    failing_rate: FailingRate = None,
    purchased: Purchased = None,
) -> PlanPreviewOut:
    """A saved plan's sample order under the seller's current claim settings."""
    terms = await recovery.saved_plan_terms(s, seller.id, product_id, plan_id)
    return _preview_out(await recovery.preview_of(s, seller.id, terms, purchased, failing_rate))


@router.post("/products/{product_id}/pricing_plans/preview", response_model=PlanPreviewOut)
async def preview_plan_terms(
    product_id: Id,
    body: PlanIn,
    seller: CurrentSeller,
    s: DB,
    failing_rate: FailingRate = None,
    purchased: Purchased = None,
) -> PlanPreviewOut:
    """Terms from the editor's form, not saved: checked as saving them would check them."""
    await product_of(s, seller.id, product_id)
    _, terms = checked_terms(body)
    return _preview_out(await recovery.preview_of(s, seller.id, terms, purchased, failing_rate))


@router.get("/recovery_analytics", response_model=RecoveryAnalyticsOut)
async def get_recovery_analytics(
    seller: CurrentSeller,
    s: DB,
    first: Annotated[str | None, Query(alias="from", max_length=7, description="YYYY-MM")] = None,
    last: Annotated[str | None, Query(alias="to", max_length=7, description="YYYY-MM")] = None,
) -> RecoveryAnalyticsOut:
    """Per month (default: the last 12, at most 36): MRR per currency, new and churned subscriptions, failed money
    and where it went: recovered by stage, lost, still open."""
    figures = await recovery.figures_of(s, seller.id, first, last)
    currencies = currencies_of(figures)
    out: list[RecoveryMonthOut] = []
    for f in figures:
        money = []
        for c in currencies:
            m = f.of(c)
            r = m.recovered
            money.append(
                CurrencyMonthOut(
                    currency=c,
                    mrr=m.mrr,
                    failed=m.failed,
                    recovered=RecoveredOut(**{str(k): v for k, v in r.items()}),
                    lost=m.lost,
                    still_open=m.still_open,
                )
            )
        out.append(
            RecoveryMonthOut(
                month=f.month.code,
                active=f.active,
                new=f.new,
                voluntary_churn=f.voluntary_churn,
                involuntary_churn=f.involuntary_churn,
                money=money,
            )
        )
    return RecoveryAnalyticsOut(months=out, currencies=currencies)
