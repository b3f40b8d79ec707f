"""Recovery analytics' rules: where a claim's money came back, the months a request may ask for, and a plan's
monthly value."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.billing.billing_calendar import ALLOWED_PERIODS, PlanTerms, parse_period
from domain.billing.recovery import (
    RANGE_MONTHS_MAX,
    Month,
    MonthError,
    RecoveryStage,
    month_range,
    monthly_value,
    recovery_stage,
)
from domain.orders.orders import PaymentType


@pytest.mark.parametrize(
    ("outcome", "stage", "inkasso", "expected"),
    [
        ("collected", None, "no", RecoveryStage.before_first_reminder),
        ("collected", "first", "no", RecoveryStage.first),
        ("collected", "second", "no", RecoveryStage.second),
        ("collected", "third", "ready_for_inkasso", RecoveryStage.third),
        ("collected", "third", "in_inkasso", RecoveryStage.inkasso),
        ("collected", None, "post_court", RecoveryStage.inkasso),
        ("partially_collected", "third", "pre_court", RecoveryStage.inkasso),
        ("not_collected", "third", "no", None),
        ("manually_resolved_dunning", "first", "no", None),
        (None, "first", "no", None),
    ],
)
def test_the_stage_a_claims_money_came_back_at(outcome, stage, inkasso, expected):
    assert recovery_stage(outcome, stage, inkasso) == expected


TODAY = date(2026, 11, 23)


def test_the_default_range_is_the_last_twelve_months():
    months = month_range(None, None, TODAY)
    assert [m.code for m in (months[0], months[-1])] == ["2025-12", "2026-11"] and len(months) == 12


def test_a_range_across_a_year_end():
    assert [m.code for m in month_range("2025-11", "2026-02", TODAY)] == [
        "2025-11",
        "2025-12",
        "2026-01",
        "2026-02",
    ]
    assert [m.code for m in month_range(None, "2026-03", TODAY)][0] == "2025-04"


@pytest.mark.parametrize(
    ("first", "last", "field"),
    [
        ("2026-13", None, "from"),
        ("2026-1", None, "from"),
        ("nope", None, "from"),
        ("1999-12", None, "from"),
        (None, "2026-12", "to"),  # after this month
        ("2026-05", "2026-04", "from"),
        ("2023-10", "2026-11", "from"),  # 37 months
        (None, "20261", "to"),
    ],
)
def test_a_bad_range_names_the_field(first, last, field):
    with pytest.raises(MonthError) as e:
        month_range(first, last, TODAY)
    assert e.value.field == field


def test_the_longest_range():
    assert len(month_range("2023-12", "2026-11", TODAY)) == RANGE_MONTHS_MAX


@given(st.integers(2000 * 12, 2100 * 12), st.integers(0, 40))
def test_months_step_back_and_forth(index, n):
    m = Month(index // 12, index % 12 + 1)
    back = m.minus(n)
    for _ in range(n):
        back = back.next()
    assert back == m and m.start < m.end and Month.of(m.end) == m.next()


@pytest.mark.parametrize(
    ("period", "amount", "value"),
    [
        ("1m", 1900, 1900),
        ("3m", 3000, 1000),
        ("1y", 12000, 1000),
        ("2y", 100, 4),
        ("7d", 700, 3042),
        ("1d", 100, 3042),
    ],
)
def test_a_plans_monthly_value(period, amount, value):
    terms = PlanTerms(PaymentType.subscription, "eur", 5000, amount, period=parse_period(period))
    assert monthly_value(terms) == value


def test_a_one_time_plan_has_no_monthly_value():
    assert monthly_value(PlanTerms(PaymentType.one_time, "eur", 5000, 5000)) == 0


@given(st.sampled_from(ALLOWED_PERIODS), st.integers(1, 10**9))
def test_monthly_values_are_never_negative_and_scale(period, amount):
    terms = PlanTerms(PaymentType.subscription, "eur", amount, amount, period=parse_period(period))
    v = monthly_value(terms)
    assert v >= 0
    p = parse_period(period)
    if p.months == 1:
        assert v == amount
