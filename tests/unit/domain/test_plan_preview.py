"""The plan preview: the sample order a seller checks by hand (a monthly plan bought on 31 January whose second
rate fails), and properties over every allowed period, strategy and stage days (Hypothesis)."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.billing.billing_calendar import ALLOWED_PERIODS, PlanTerms, parse_period, schedule
from domain.billing.claims import STAGE_DAYS_MAX, ClaimSettings, ClaimStrategy, DunningStage
from domain.billing.plan_preview import PreviewError, PreviewStep, plan_preview
from domain.orders.orders import PaymentType

MONTHLY = PlanTerms(PaymentType.subscription, "eur", 1900, 1500, period=parse_period("1m"))


def _steps(p):
    return [(e.on.isoformat(), e.step.value, e.rate, e.stage.value if e.stage else None) for e in p.events]


def test_a_monthly_plan_whose_second_rate_fails_under_dunning_then_inkasso():
    settings_ = ClaimSettings(ClaimStrategy.dunning_inkasso, (3, 7, 14))
    p = plan_preview(MONTHLY, settings_, date(2027, 1, 31), horizon=4)
    assert (p.currency, p.open_ended, p.total, p.charges, p.failing_rate) == ("eur", True, None, 4, 2)
    assert _steps(p) == [
        ("2027-01-31", "charge", 1, None),
        # rate 2 is due on the last day of February (clamped) and fails
        ("2027-02-28", "failed", 2, None),
        ("2027-03-03", "reminder", 2, "first"),
        ("2027-03-03", "retry", 2, "first"),
        ("2027-03-07", "reminder", 2, "second"),
        ("2027-03-07", "retry", 2, "second"),
        ("2027-03-14", "reminder", 2, "third"),
        ("2027-03-14", "retry", 2, "third"),
        ("2027-03-14", "handover", 2, None),
        # rate 3 returns to the 31st, and is charged while rate 2's claim runs
        ("2027-03-31", "charge", 3, None),
        ("2027-04-30", "charge", 4, None),
    ]
    assert [e.amount for e in p.events if e.step == PreviewStep.charge] == [1900, 1500, 1500]
    assert {e.amount for e in p.events if e.rate == 2} == {1500}
    assert [e.day for e in p.events if e.step == PreviewStep.reminder] == [3, 7, 14]


def test_dunning_ends_in_a_debt_and_inkasso_hands_over_at_once():
    dunning = plan_preview(
        MONTHLY, ClaimSettings(ClaimStrategy.dunning, (2, 5, 9)), date(2027, 1, 5), horizon=2
    )
    claim = [e for e in dunning.events if e.rate == 2]
    assert [e.step for e in claim][-1] == PreviewStep.debt
    assert claim[-1].on == date(2027, 2, 5) + timedelta(days=9)
    assert not any(e.step == PreviewStep.handover for e in claim)

    inkasso = plan_preview(MONTHLY, ClaimSettings(ClaimStrategy.inkasso), date(2027, 1, 5), horizon=2)
    claim = [(e.on, e.step) for e in inkasso.events if e.rate == 2]
    assert claim == [(date(2027, 2, 5), PreviewStep.failed), (date(2027, 2, 5), PreviewStep.handover)]


def test_an_installment_plan_shows_its_total_and_the_chosen_failing_rate():
    terms = PlanTerms(PaymentType.installment, "eur", 5000, 2500, payments_count=4, period=parse_period("1m"))
    p = plan_preview(terms, ClaimSettings(), date(2027, 1, 10), failing_rate=4)
    assert (p.total, p.charges, p.open_ended, p.failing_rate) == (12500, 4, False, 4)
    assert [e.rate for e in p.events if e.step == PreviewStep.charge] == [1, 2, 3]
    assert next(e for e in p.events if e.step == PreviewStep.failed).on == date(2027, 4, 10)


@pytest.mark.parametrize("rate", [1, 5, 0])
def test_a_failing_rate_outside_the_plan_is_refused(rate):
    terms = PlanTerms(PaymentType.installment, "eur", 5000, 2500, payments_count=4, period=parse_period("1m"))
    with pytest.raises(PreviewError, match="between 2 and 4"):
        plan_preview(terms, ClaimSettings(), date(2027, 1, 10), failing_rate=rate)


def test_a_one_time_plan_has_nothing_to_preview():
    with pytest.raises(PreviewError):
        plan_preview(PlanTerms(PaymentType.one_time, "eur", 900, 900), ClaimSettings(), date(2027, 1, 1))


_stage_days = st.lists(st.integers(1, STAGE_DAYS_MAX), min_size=3, max_size=3, unique=True).map(
    lambda xs: tuple(sorted(xs))
)


@settings(max_examples=200, deadline=None)
@given(
    period=st.sampled_from(ALLOWED_PERIODS),
    limited=st.booleans(),
    count=st.integers(2, 24),
    purchased=st.dates(date(2000, 1, 1), date(2090, 12, 31)),
    strategy=st.sampled_from(list(ClaimStrategy)),
    stage_days=_stage_days,
    data=st.data(),
)
def test_every_charge_and_every_claim_step_once_in_date_order(
    period, limited, count, purchased, strategy, stage_days, data
):
    terms = PlanTerms(
        PaymentType.limited_subscription if limited else PaymentType.subscription,
        "eur",
        1000,
        700,
        payments_count=count if limited else None,
        period=parse_period(period),
    )
    n = count if limited else 12
    failing = data.draw(st.integers(2, n))
    p = plan_preview(terms, ClaimSettings(strategy, stage_days), purchased, failing_rate=failing)
    rates = schedule(terms, purchased, horizon=12)
    # the timeline is in date order and holds every planned charge but the failing one, on its day
    assert [e.on for e in p.events] == sorted(e.on for e in p.events)
    charges = [(e.rate, e.on, e.amount) for e in p.events if e.step == PreviewStep.charge]
    assert charges == [(r.number, r.due, r.amount) for r in rates if r.number != failing]
    claim = [e for e in p.events if e.rate == failing]
    failed_on = rates[failing - 1].due
    assert claim[0].step == PreviewStep.failed and claim[0].on == failed_on
    assert all(e.on == failed_on + timedelta(days=e.day) for e in claim)
    reminders = [e for e in claim if e.step == PreviewStep.reminder]
    retries = [e for e in claim if e.step == PreviewStep.retry]
    if strategy == ClaimStrategy.inkasso:
        assert not reminders and not retries
    else:
        assert [e.stage for e in reminders] == list(DunningStage)
        assert [e.day for e in reminders] == list(stage_days) == [e.day for e in retries]
    ends = [e.step for e in claim if e.step in (PreviewStep.debt, PreviewStep.handover)]
    assert ends == [PreviewStep.debt if strategy == ClaimStrategy.dunning else PreviewStep.handover]
    assert claim[-1].step == ends[0]  # nothing of the claim after it ends
