"""A pricing plan's recurring terms as the billing calendar reads them."""

from __future__ import annotations

from domain.billing.billing_calendar import PlanTerms, parse_period
from domain.orders.orders import PaymentType
from store.catalog.models import PricingPlan


def plan_terms(plan: PricingPlan) -> PlanTerms:
    return PlanTerms(
        payment_type=PaymentType(plan.payment_type),
        currency=plan.currency,
        first_amount=plan.price,
        next_amount=plan.next_amount if plan.next_amount is not None else plan.price,
        payments_count=plan.payments_count,
        period=parse_period(plan.period) if plan.period else None,
        custom_intervals=tuple(parse_period(p) for p in plan.custom_intervals)
        if plan.custom_intervals
        else None,
        rate_amounts=tuple(int(a) for a in plan.rate_amounts) if plan.rate_amounts else None,
        test_days=plan.test_days or 0,
        start_day=plan.start_day,
    )
