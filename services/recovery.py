"""What a pricing plan's sample order would go through under the seller's claim settings (the plan preview), and
the seller's recovery figures by month (issue "Recurring money" §7)."""

from __future__ import annotations

from datetime import UTC, date, datetime

from sqlalchemy.ext.asyncio import AsyncSession

from domain.billing.billing_calendar import PlanTerms
from domain.billing.plan_preview import PlanPreview, PreviewError, plan_preview
from domain.billing.recovery import MonthError, month_range
from domain.errors import DomainError, ErrorCode, invalid
from store.billing.analytics import MonthFigures, recovery_analytics
from store.billing.claims import claim_settings_of
from store.catalog.plans import plan_terms
from store.catalog.queries import product_of

EARLIEST, LATEST = date(2000, 1, 1), date(2100, 12, 31)


async def preview_of(
    s: AsyncSession, seller_id: int, terms: PlanTerms, purchased: date | None, failing_rate: int | None
) -> PlanPreview:
    """The sample order bought on `purchased` (default today, within EARLIEST..LATEST) with the rate that fails."""
    day = purchased or datetime.now(UTC).date()
    if not EARLIEST <= day <= LATEST:
        raise invalid(purchased=f"must be between {EARLIEST} and {LATEST}")
    settings = await claim_settings_of(s, seller_id)
    try:
        return plan_preview(terms, settings, day, failing_rate)
    except PreviewError as e:
        field = "failing_rate" if failing_rate is not None and terms.recurring else "payment_type"
        raise invalid(**{field: str(e)}) from None


async def saved_plan_terms(s: AsyncSession, seller_id: int, product_id: int, plan_id: int) -> PlanTerms:
    """A saved, active plan's terms (404 for another seller's or a retired plan)."""
    v = await product_of(s, seller_id, product_id)
    plan = next((p for p in v.plans if p.id == plan_id and p.active), None)
    if plan is None:
        raise DomainError(ErrorCode.NOT_FOUND, "Pricing plan not found.")
    return plan_terms(plan)


async def figures_of(
    s: AsyncSession, seller_id: int, first: str | None, last: str | None
) -> list[MonthFigures]:
    """Per month from `first` to `last` (YYYY-MM; default the last 12, at most 36): 400 naming the bound that is
    not a month."""
    try:
        months = month_range(first, last, datetime.now(UTC).date())
    except MonthError as e:
        raise invalid(**{e.field: e.message}) from None
    return await recovery_analytics(s, seller_id, months)
