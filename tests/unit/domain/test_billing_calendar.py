"""The billing calendar: examples a seller would check by hand, and properties over every allowed period, any
anchor date, start day and test period (Hypothesis)."""

from __future__ import annotations

import calendar
from dataclasses import replace
from datetime import date, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.billing.billing_calendar import (
    ALLOWED_PERIODS,
    START_DAYS,
    Period,
    PeriodUnit,
    PlanTerms,
    Rate,
    add_period,
    defers_first_rate,
    installment_total,
    next_due,
    parse_period,
    period_label,
    schedule,
    validate_terms,
)
from domain.orders.orders import PaymentType

M1 = parse_period("1m")
LIMITED = (PaymentType.installment, PaymentType.limited_subscription)


def monthly(**kw) -> PlanTerms:
    return replace(PlanTerms(PaymentType.subscription, "eur", 900, 900, period=M1), **kw)


# --- periods ----------------------------------------------------------------------------------------------------


def test_the_allowed_periods_in_order():
    assert ALLOWED_PERIODS[:3] == ("1d", "2d", "3d") and ALLOWED_PERIODS[26:29] == ("27d", "4w", "1m")
    assert ALLOWED_PERIODS[-3:] == ("11m", "1y", "2y")
    assert len(ALLOWED_PERIODS) == 27 + 1 + 11 + 2 == len(set(ALLOWED_PERIODS))
    assert START_DAYS == (1, 7, 14, 21, 28)


def test_7_14_and_21_days_read_as_weeks():
    assert period_label(parse_period("7d")) == "1w"
    assert period_label(Period(14, PeriodUnit.d)) == "2w"
    assert period_label(parse_period("21d")) == "3w"
    assert period_label(parse_period("4w")) == "4w" and parse_period("4w").days == 28
    assert period_label(parse_period("5d")) == "5d" and period_label(parse_period("11m")) == "11m"
    # one value per length: "1w" is 7 days, whichever way it is written
    assert parse_period("1w") == parse_period("7d") == Period(1, PeriodUnit.w) == Period(7, PeriodUnit.d)
    assert parse_period("2w").code == "14d" and parse_period(" 3W ").code == "21d"
    assert parse_period("1y").months == 12 and parse_period("2y").months == 24 and M1.days is None


@pytest.mark.parametrize(
    "bad",
    ["0d", "28d", "30d", "5w", "12m", "3y", "0m", "", "1x", "m1", "1.5m", "d", "07d", "1 m", "-1m", "100d"],
)
def test_a_period_outside_the_allowed_set_is_refused(bad):
    with pytest.raises(ValueError, match="period must be"):
        parse_period(bad)


def test_a_period_cannot_be_built_outside_the_allowed_set():
    for count, unit in ((28, PeriodUnit.d), (5, PeriodUnit.w), (12, PeriodUnit.m), (0, PeriodUnit.y)):
        with pytest.raises(ValueError, match="period must be"):
            Period(count, unit)
    with pytest.raises(ValueError, match="unit"):
        Period(1, "x")  # type: ignore[arg-type]


# --- due dates --------------------------------------------------------------------------------------------------


def test_month_ends_are_clamped_and_the_rate_returns_to_the_31st():
    jan31 = date(2026, 1, 31)
    assert [add_period(jan31, M1, n) for n in range(4)] == [
        jan31,
        date(2026, 2, 28),
        date(2026, 3, 31),
        date(2026, 4, 30),
    ]
    leap = date(2028, 1, 31)
    assert [add_period(leap, M1, n) for n in range(3)] == [leap, date(2028, 2, 29), date(2028, 3, 31)]
    assert add_period(date(2026, 11, 30), parse_period("3m"), 1) == date(2027, 2, 28)


def test_a_year_from_the_29th_of_february():
    y1 = parse_period("1y")
    leap = date(2024, 2, 29)
    assert [add_period(leap, y1, n) for n in range(5)] == [
        leap,
        date(2025, 2, 28),
        date(2026, 2, 28),
        date(2027, 2, 28),
        date(2028, 2, 29),
    ]
    assert add_period(leap, parse_period("2y"), 2) == date(2028, 2, 29)


def test_days_and_weeks_are_plain_day_arithmetic():
    assert add_period(date(2026, 2, 25), parse_period("1w"), 1) == date(2026, 3, 4)
    assert add_period(date(2026, 12, 30), parse_period("4w"), 2) == date(2027, 2, 24)
    assert add_period(date(2026, 1, 31), parse_period("27d"), 0) == date(2026, 1, 31)
    with pytest.raises(ValueError):
        add_period(date(2026, 1, 1), M1, -1)


def test_a_start_day_moves_the_first_rate_to_that_day_of_the_month():
    bought = date(2026, 11, 23)
    assert [r.due for r in schedule(monthly(start_day=28), bought, horizon=3)] == [
        date(2026, 11, 28),
        date(2026, 12, 28),
        date(2027, 1, 28),
    ]
    assert [r.due for r in schedule(monthly(start_day=1), bought, horizon=2)] == [
        date(2026, 12, 1),
        date(2027, 1, 1),
    ]
    assert schedule(monthly(start_day=28), date(2026, 12, 29), horizon=1)[0].due == date(2027, 1, 28)
    # bought on the start day itself: due the same day
    assert schedule(monthly(start_day=14), date(2026, 3, 14), horizon=1)[0].due == date(2026, 3, 14)


def test_a_test_period_delays_the_first_rate():
    assert [r.due for r in schedule(monthly(test_days=14), date(2026, 11, 23), horizon=2)] == [
        date(2026, 12, 7),
        date(2027, 1, 7),
    ]
    # the start day counts from the end of the test period
    both = monthly(test_days=14, start_day=1)
    assert schedule(both, date(2026, 11, 10), horizon=1)[0].due == date(2026, 12, 1)  # 24 Nov → 1 Dec
    assert schedule(both, date(2026, 11, 23), horizon=1)[0].due == date(2027, 1, 1)  # 7 Dec → 1 Jan
    assert schedule(monthly(test_days=14, start_day=7), date(2026, 11, 23), horizon=1)[0].due == date(
        2026, 12, 7
    )
    assert next_due(monthly(test_days=14), date(2026, 11, 23), 0) == date(2026, 12, 7)


def test_the_checkout_charges_nothing_only_when_the_first_rate_falls_due_later():
    bought = date(2026, 11, 23)
    assert defers_first_rate(monthly(test_days=1), bought)
    assert defers_first_rate(monthly(start_day=28), bought)
    assert not defers_first_rate(monthly(start_day=28), date(2026, 11, 28))  # the start day is today
    assert not defers_first_rate(monthly(), bought)


# --- plans ------------------------------------------------------------------------------------------------------


def test_installment_totals_with_and_without_rate_amounts():
    plain = PlanTerms(PaymentType.installment, "eur", 5000, 2500, payments_count=12, period=M1)
    assert installment_total(plain) == 5000 + 11 * 2500
    rates = schedule(plain, date(2026, 1, 31))
    assert len(rates) == 12 and [r.number for r in rates] == list(range(1, 13))
    assert sum(r.amount for r in rates) == installment_total(plain) == 32_500
    assert rates[0] == Rate(1, date(2026, 1, 31), 5000) and rates[1] == Rate(2, date(2026, 2, 28), 2500)
    assert rates[2].due == date(2026, 3, 31) and rates[-1].due == date(2026, 12, 31)

    custom = PlanTerms(
        PaymentType.installment,
        "eur",
        100,
        100,
        payments_count=3,
        period=M1,
        rate_amounts=(100, 250, 400),
        custom_intervals=(parse_period("14d"), M1),
    )
    assert validate_terms(custom) == {}
    assert installment_total(custom) == 750
    assert [(r.due, r.amount) for r in schedule(custom, date(2026, 1, 1))] == [
        (date(2026, 1, 1), 100),
        (date(2026, 1, 15), 250),
        (date(2026, 2, 15), 400),
    ]
    assert installment_total(monthly()) is None
    assert installment_total(PlanTerms(PaymentType.one_time, "eur", 1990, 1990)) == 1990


def test_custom_month_intervals_also_return_to_the_31st():
    terms = PlanTerms(PaymentType.installment, "eur", 100, 100, 3, None, custom_intervals=(M1, M1))
    assert validate_terms(terms) == {}
    assert [r.due for r in schedule(terms, date(2026, 1, 31))] == [
        date(2026, 1, 31),
        date(2026, 2, 28),
        date(2026, 3, 31),
    ]


def test_one_time_and_open_ended_plans():
    one = PlanTerms(PaymentType.one_time, "eur", 1990, 1990, test_days=14, start_day=28)
    assert schedule(one, date(2026, 5, 5)) == [Rate(1, date(2026, 5, 5), 1990)]
    assert (
        next_due(one, date(2026, 5, 5), 0) == date(2026, 5, 5) and next_due(one, date(2026, 5, 5), 1) is None
    )
    assert len(schedule(monthly(), date(2026, 5, 5))) == 12
    assert len(schedule(monthly(), date(2026, 5, 5), horizon=30)) == 30
    assert schedule(monthly(), date(2026, 5, 5), horizon=0) == []


def test_next_due():
    plain = PlanTerms(PaymentType.installment, "eur", 5000, 2500, payments_count=12, period=M1)
    assert next_due(plain, date(2026, 1, 31), 0) == date(2026, 1, 31)
    assert next_due(plain, date(2026, 1, 31), 1) == date(2026, 2, 28)
    assert next_due(plain, date(2026, 1, 31), 2) == date(2026, 3, 31)
    assert next_due(plain, date(2026, 1, 31), 12) is None
    assert next_due(monthly(), date(2026, 1, 31), 100) == date(2034, 5, 31)
    with pytest.raises(ValueError):
        next_due(plain, date(2026, 1, 31), -1)


def test_invalid_terms_are_named_by_field():
    bad = PlanTerms(PaymentType.installment, "eur", 100, 100, payments_count=1, period=M1, start_day=3)
    assert set(validate_terms(bad)) == {"payments_count", "start_day"}
    assert "period" in validate_terms(PlanTerms(PaymentType.subscription, "eur", 100, 100))
    assert "payments_count" in validate_terms(monthly(payments_count=3))
    assert validate_terms(PlanTerms(PaymentType.one_time, "eur", 100, 100)) == {}
    assert set(validate_terms(PlanTerms(PaymentType.one_time, "EUR", 0, 0))) == {"currency", "price"}
    assert "next_amount" in validate_terms(monthly(next_amount=0))
    assert "test_days" in validate_terms(monthly(test_days=-1))

    def limited(**kw) -> dict[str, str]:
        return validate_terms(PlanTerms(PaymentType.installment, "eur", 100, 100, 3, M1, **kw))

    assert limited() == {}
    assert "rate_amounts" in limited(rate_amounts=(100, 100))  # one amount per rate
    assert "rate_amounts" in limited(rate_amounts=(100, 0, 100))
    assert "rate_amounts" in limited(rate_amounts=(200, 100, 100))  # the first is the price
    assert "custom_intervals" in limited(custom_intervals=(M1,))
    assert "rate_amounts" in validate_terms(monthly(rate_amounts=(900,)))
    terms = PlanTerms(PaymentType.limited_subscription, "eur", 100, 100, 3, M1, custom_intervals=(M1, M1))
    assert "custom_intervals" in validate_terms(terms)
    with pytest.raises(ValueError):
        schedule(PlanTerms(PaymentType.subscription, "eur", 100, 100), date(2026, 1, 1))
    with pytest.raises(ValueError):
        schedule(PlanTerms(PaymentType.installment, "eur", 100, 100, None, M1), date(2026, 1, 1))


# --- properties -------------------------------------------------------------------------------------------------

periods = st.sampled_from(ALLOWED_PERIODS).map(parse_period)
day_periods = periods.filter(lambda p: p.days is not None)
anchors = st.dates(min_value=date(2000, 1, 1), max_value=date(2090, 12, 31))
amounts = st.integers(min_value=100, max_value=10**8)  # core §9: 1 to 1,000,000 in major units


@settings(max_examples=200, deadline=None)
@given(anchors, periods, st.integers(min_value=1, max_value=60))
def test_due_dates_strictly_increase_and_keep_their_day(anchor, period, n):
    dues = [add_period(anchor, period, k) for k in range(n + 1)]
    assert dues[0] == anchor
    assert all(a < b for a, b in zip(dues, dues[1:], strict=False))
    for k, d in enumerate(dues):
        if period.months is not None:
            assert d.day == min(anchor.day, calendar.monthrange(d.year, d.month)[1])
            assert (d.year - anchor.year) * 12 + d.month - anchor.month == period.months * k
        else:
            assert d - anchor == timedelta(days=period.days * k)


@settings(max_examples=200, deadline=None)
@given(
    anchors,
    periods,
    st.integers(min_value=2, max_value=36),
    amounts,
    amounts,
    st.sampled_from([None, *START_DAYS]),
    st.integers(min_value=0, max_value=60),
    st.sampled_from(LIMITED),
)
def test_a_limited_plan_has_its_count_of_rates_summing_to_its_total(
    purchased, period, count, first, nxt, start_day, test_days, kind
):
    terms = PlanTerms(kind, "eur", first, nxt, count, period, test_days=test_days, start_day=start_day)
    assert validate_terms(terms) == {}
    rates = schedule(terms, purchased)
    assert [r.number for r in rates] == list(range(1, count + 1))
    assert sum(r.amount for r in rates) == installment_total(terms)
    assert rates[0].amount == first and all(r.amount == nxt for r in rates[1:])
    start = purchased + timedelta(days=test_days)
    assert start <= rates[0].due
    if start_day is None:
        assert rates[0].due == start
    else:
        assert rates[0].due.day == start_day and rates[0].due - start < timedelta(days=31)
    assert all(a.due < b.due for a, b in zip(rates, rates[1:], strict=False))
    assert [r.due for r in rates] == [add_period(rates[0].due, period, k) for k in range(count)]
    assert next_due(terms, purchased, count) is None
    assert all(next_due(terms, purchased, k) == rates[k].due for k in (0, count // 2, count - 1))


@settings(max_examples=200, deadline=None)
@given(anchors, st.lists(amounts, min_size=2, max_size=24), periods)
def test_rate_amounts_are_the_rates_and_their_sum_the_total(purchased, rate_amounts, period):
    terms = PlanTerms(
        PaymentType.installment,
        "eur",
        rate_amounts[0],
        rate_amounts[-1],
        len(rate_amounts),
        period,
        rate_amounts=tuple(rate_amounts),
    )
    assert validate_terms(terms) == {}
    rates = schedule(terms, purchased)
    assert [r.amount for r in rates] == rate_amounts
    assert sum(r.amount for r in rates) == installment_total(terms) == sum(rate_amounts)


@settings(max_examples=200, deadline=None)
@given(anchors, st.lists(periods, min_size=1, max_size=24))
def test_custom_intervals_give_the_gaps_and_strictly_increase(purchased, intervals):
    count = len(intervals) + 1
    terms = PlanTerms(
        PaymentType.installment, "eur", 100, 100, count, None, custom_intervals=tuple(intervals)
    )
    assert validate_terms(terms) == {}
    rates = schedule(terms, purchased)
    assert len(rates) == count and rates[0].due == purchased
    assert all(a.due < b.due for a, b in zip(rates, rates[1:], strict=False))
    for gap, (a, b) in zip(intervals, zip(rates, rates[1:], strict=False), strict=True):
        if gap.days is not None:
            assert b.due - a.due == timedelta(days=gap.days)


@settings(max_examples=200, deadline=None)
@given(anchors, day_periods, st.integers(min_value=1, max_value=40), st.sampled_from([None, *START_DAYS]))
def test_day_and_week_gaps_are_exactly_the_period(purchased, period, horizon, start_day):
    terms = PlanTerms(PaymentType.subscription, "eur", 500, 500, period=period, start_day=start_day)
    rates = schedule(terms, purchased, horizon=horizon)
    assert len(rates) == horizon
    assert all(b.due - a.due == timedelta(days=period.days) for a, b in zip(rates, rates[1:], strict=False))


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(ALLOWED_PERIODS))
def test_every_allowed_period_round_trips(code):
    p = parse_period(code)
    assert p.code == code and parse_period(p.code) == p
    assert parse_period(period_label(p)) == p


@pytest.mark.parametrize(
    "field,terms",
    [
        ("price", {"first_amount": 99}),
        ("price", {"first_amount": 100_000_001}),
        ("next_amount", {"next_amount": 50}),
        ("next_amount", {"next_amount": 100_000_001}),
        ("rate_amounts", {"payments_count": 3, "rate_amounts": (900, 50, 900)}),
        ("rate_amounts", {"payments_count": 3, "rate_amounts": (900, 900, 100_000_001)}),
    ],
)
def test_the_price_limits_of_core_9_hold_for_every_amount_a_plan_carries(field, terms):
    """core §9: 1 to 1,000,000 (in the currency's major unit) for the price, the next amount and each rate."""
    base = PlanTerms(PaymentType.limited_subscription, "eur", 900, 900, payments_count=3, period=M1)
    assert validate_terms(base) == {}
    assert validate_terms(replace(base, **terms))[field].endswith("between 1 and 1000000")
