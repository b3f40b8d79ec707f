"""The billing calendar of recurring pricing plans (core §3, editor §3): periods, due dates, test periods, custom
start days, and the rates of a plan with their amounts. Pure: no clock, no I/O; amounts are integer minor units.

Month and year periods are counted from the original anchor and clamped to the month's end: 31 January + 1m is
the last day of February, + 2m is 31 March again (the rate returns to the 31st). Counting from the previous due
date instead would drift to the 28th for good. Days and weeks are plain day arithmetic.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date, timedelta
from enum import StrEnum

from domain.catalog.products import PRICE_MAX_MAJOR, PRICE_MIN_MAJOR
from domain.limits import PAYMENTS_COUNT_MAX, TEST_DAYS_MAX
from domain.orders.orders import PaymentType


class PeriodError(ValueError):
    pass


class PeriodUnit(StrEnum):
    d = "d"
    w = "w"
    m = "m"
    y = "y"


# core §3: 1 to 27 days (7, 14 and 21 are shown as 1w, 2w, 3w), 4w, 1m to 11m, 1y, 2y. These are the canonical
# codes, one per length of time; "1w", "2w" and "3w" are accepted as input and read as 7, 14 and 21 days.
ALLOWED_PERIODS: tuple[str, ...] = (
    *(f"{n}d" for n in range(1, 28)),
    "4w",
    *(f"{n}m" for n in range(1, 12)),
    "1y",
    "2y",
)
_ALLOWED = frozenset(ALLOWED_PERIODS)
_WEEK_ALIASES = {1: 7, 2: 14, 3: 21}  # weeks → days
_ALLOWED_TEXT = "1d–27d (7d, 14d, 21d also as 1w, 2w, 3w), 4w, 1m–11m, 1y or 2y"
_PERIOD_RE = re.compile(r"^([1-9][0-9]?)([dwmy])$")

# core §3 start-day options. All are ≤ 28, so every month has them and a start day is never clamped.
START_DAYS: tuple[int, ...] = (1, 7, 14, 21, 28)


@dataclass(frozen=True, slots=True)
class Period:
    """A length of time between two rates. Only the allowed periods can be built, and each length has one value
    (Period(1, w) is Period(7, d)), so equal periods compare equal and serialise to the same code."""

    count: int
    unit: PeriodUnit

    def __post_init__(self) -> None:
        if not isinstance(self.count, int) or isinstance(self.count, bool):
            raise PeriodError(f"a period's count must be an integer (got {self.count!r})")
        try:
            unit = PeriodUnit(self.unit)
        except ValueError:
            raise PeriodError(f"a period's unit must be d, w, m or y (got {self.unit!r})") from None
        count = self.count
        if unit == PeriodUnit.w and count in _WEEK_ALIASES:
            count, unit = _WEEK_ALIASES[count], PeriodUnit.d
        if f"{count}{unit.value}" not in _ALLOWED:
            raise PeriodError(f"period must be {_ALLOWED_TEXT} (got {self.count}{unit.value})")
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "unit", unit)

    @property
    def code(self) -> str:
        """The canonical text, as stored; `parse_period(p.code) == p`."""
        return f"{self.count}{self.unit.value}"

    @property
    def days(self) -> int | None:
        """The length in days of a day or week period (None for months and years, whose length varies)."""
        if self.unit == PeriodUnit.d:
            return self.count
        if self.unit == PeriodUnit.w:
            return self.count * 7
        return None

    @property
    def months(self) -> int | None:
        """The length in months of a month or year period (None for days and weeks)."""
        if self.unit == PeriodUnit.m:
            return self.count
        if self.unit == PeriodUnit.y:
            return self.count * 12
        return None


def parse_period(code: str) -> Period:
    """A period from its text ("7d", "1w", "4w", "11m", "2y"); anything outside the allowed set is a PeriodError."""
    m = _PERIOD_RE.match(code.strip().lower()) if isinstance(code, str) else None
    if not m:
        raise PeriodError(f"period must be {_ALLOWED_TEXT} (got {code!r})")
    return Period(int(m.group(1)), PeriodUnit(m.group(2)))


def period_label(period: Period) -> str:
    """What the seller and buyer see: 7, 14 and 21 days read as 1w, 2w, 3w."""
    if period.unit == PeriodUnit.d and period.count % 7 == 0:
        return f"{period.count // 7}w"
    return period.code


def _add_months(anchor: date, months: int) -> date:
    y, m = divmod(anchor.month - 1 + months, 12)
    year, month = anchor.year + y, m + 1
    return date(year, month, min(anchor.day, calendar.monthrange(year, month)[1]))


def add_period(anchor: date, period: Period, n: int) -> date:
    """The n-th due date after the anchor (n ≥ 0). Always from the original anchor, so a clamped month end
    (28 February) does not pull the later rates off the 31st."""
    if n < 0:
        raise ValueError("n must not be negative")
    months = period.months
    if months is not None:
        return _add_months(anchor, months * n)
    return anchor + timedelta(days=(period.days or 0) * n)


def next_start_day(d: date, start_day: int) -> date:
    """The first date on or after `d` that falls on day `start_day` of a month: a plan with a custom start day
    bills everyone on the same day of the month, whenever they bought."""
    if start_day not in START_DAYS:
        raise ValueError(f"start day must be one of {', '.join(map(str, START_DAYS))}")
    if d.day <= start_day:
        return d.replace(day=start_day)
    return _add_months(d.replace(day=start_day), 1)


@dataclass(frozen=True, slots=True)
class PlanTerms:
    """A plan's terms as bought: copied onto the order at purchase, so a later change of the plan never alters
    the order's rates. Construction does not validate (the API reports every problem by field through
    `validate_terms`); `schedule` refuses terms it cannot compute."""

    payment_type: PaymentType
    currency: str
    first_amount: int  # the price; the first rate, charged at purchase
    next_amount: int
    payments_count: int | None = None  # None: an open-ended subscription
    period: Period | None = None
    custom_intervals: tuple[Period, ...] | None = None  # installments: the gap before rate 2, 3, …
    rate_amounts: tuple[int, ...] | None = None  # rate{n}Amount: every rate's amount, the first included
    test_days: int = 0  # days before the first paid rate; 0: no test period
    start_day: int | None = None  # None or one of START_DAYS

    @property
    def recurring(self) -> bool:
        return self.payment_type != PaymentType.one_time

    @property
    def limited(self) -> bool:
        """A plan with a fixed number of rates."""
        return self.payment_type in (PaymentType.limited_subscription, PaymentType.installment)


@dataclass(frozen=True, slots=True)
class Rate:
    number: int  # 1-based
    due: date
    amount: int  # minor units of the plan's currency


# core §9 price limits (1 to 1,000,000 in the currency's major unit; every supported currency has 100 minor units)
# hold for every amount a plan carries: its price, next amount and each rate amount.
PRICE_MIN = PRICE_MIN_MAJOR * 100
PRICE_MAX = PRICE_MAX_MAJOR * 100
PRICE_LIMITS = f"must be between {PRICE_MIN_MAJOR} and {PRICE_MAX_MAJOR}"


def _amount_error(amount: int) -> str | None:
    return None if PRICE_MIN <= amount <= PRICE_MAX else PRICE_LIMITS


def validate_terms(t: PlanTerms) -> dict[str, str]:
    """What is wrong with the terms, as field → message (empty: valid); keyed by field so the API can answer
    with every problem at once. A one-time plan ignores the recurring fields."""
    errors: dict[str, str] = {}
    if (
        len(t.currency) != 3
        or not t.currency.isascii()
        or not t.currency.isalpha()
        or not t.currency.islower()
    ):
        errors["currency"] = "must be a lowercase ISO 4217 key"
    if problem := _amount_error(t.first_amount):
        errors["price"] = problem
    if not t.recurring:
        return errors
    if t.period is None and not (t.payment_type == PaymentType.installment and t.custom_intervals):
        errors["period"] = "a recurring plan needs a period"
    if not t.rate_amounts and (problem := _amount_error(t.next_amount)):
        errors["next_amount"] = problem
    if t.limited:
        if t.payments_count is None or t.payments_count < 2:
            errors["payments_count"] = "must be at least 2"
        elif t.payments_count > PAYMENTS_COUNT_MAX:
            errors["payments_count"] = f"must be at most {PAYMENTS_COUNT_MAX}"
    elif t.payments_count is not None:
        errors["payments_count"] = "an open-ended subscription has no payments count"
    count = t.payments_count or 0
    if t.rate_amounts is not None:
        if not t.limited:
            errors["rate_amounts"] = "only a limited plan has per-rate amounts"
        elif len(t.rate_amounts) != count:
            errors["rate_amounts"] = f"must list {count} amounts, one per rate"
        elif any(_amount_error(a) for a in t.rate_amounts):
            errors["rate_amounts"] = f"every amount {PRICE_LIMITS}"
        elif t.rate_amounts[0] != t.first_amount:
            # the checkout charges the price as the first rate; the schedule must say the same
            errors["rate_amounts"] = "the first rate's amount must equal the price"
    if t.custom_intervals is not None:
        if t.payment_type != PaymentType.installment:
            errors["custom_intervals"] = "only an installment plan has custom intervals"
        elif len(t.custom_intervals) != max(count - 1, 0):
            errors["custom_intervals"] = (
                f"must list {max(count - 1, 0)} intervals, one before each later rate"
            )
    if t.start_day is not None and t.start_day not in START_DAYS:
        errors["start_day"] = f"must be one of {', '.join(map(str, START_DAYS))}"
    if not 0 <= t.test_days <= TEST_DAYS_MAX:
        errors["test_days"] = f"must be between 0 and {TEST_DAYS_MAX}"
    return errors


def installment_total(t: PlanTerms) -> int | None:
    """What the buyer pays in all (core §5: first amount + next amount × (count − 1), or the sum of the rate
    amounts); None for an open-ended subscription, which has no total; the price for a one-time plan."""
    if not t.recurring:
        return t.first_amount
    if t.payments_count is None:
        return None
    if t.rate_amounts:
        return sum(t.rate_amounts)
    return t.first_amount + t.next_amount * (t.payments_count - 1)


def first_due(t: PlanTerms, purchased: date) -> date:
    """The first rate's day: the purchase, moved past the test period, then on to the start day."""
    if not t.recurring:
        return purchased
    start = purchased + timedelta(days=t.test_days)
    return next_start_day(start, t.start_day) if t.start_day is not None else start


def defers_first_rate(t: PlanTerms, purchased: date) -> bool:
    """The first rate falls due after the purchase (a test period, or a start day still to come): the checkout
    saves the card and charges nothing; the subscription charges rate 1 on its day."""
    return t.recurring and first_due(t, purchased) > purchased


def schedule(t: PlanTerms, purchased: date, horizon: int = 12) -> list[Rate]:
    """The plan's rates for an order bought on `purchased`: one for a one-time plan, `payments_count` for a
    limited plan, the first `horizon` of an open-ended subscription (it has no last rate to stop at)."""
    if not t.recurring:
        return [Rate(1, purchased, t.first_amount)]
    if t.limited:
        if t.payments_count is None or t.payments_count < 1:
            raise ValueError("a limited plan needs a payments count")
        count = t.payments_count
    else:
        if horizon < 0:
            raise ValueError("horizon must not be negative")
        count = horizon
    if t.rate_amounts is not None and len(t.rate_amounts) < count:
        raise ValueError("the plan lists fewer rate amounts than rates")
    intervals = t.custom_intervals if t.payment_type == PaymentType.installment else None
    if intervals:
        if len(intervals) < count - 1:
            raise ValueError("the plan lists fewer custom intervals than gaps between rates")
    elif t.period is None and count > 1:
        raise ValueError("a recurring plan needs a period")
    anchor = first_due(t, purchased)
    rates: list[Rate] = []
    months = days = 0  # custom intervals: the offset from the anchor, months kept apart so they never drift
    for n in range(1, count + 1):
        if n == 1:
            due = anchor
        elif intervals:
            gap = intervals[n - 2]
            months += gap.months or 0
            days += gap.days or 0
            due = _add_months(anchor, months) + timedelta(days=days)
        else:
            assert t.period is not None
            due = add_period(anchor, t.period, n - 1)
        rates.append(Rate(n, due, rate_amount(t, n)))
    return rates


def rate_amount(t: PlanTerms, n: int) -> int:
    """What rate `n` (1-based) of the plan costs, as `schedule` computes it."""
    if t.rate_amounts is not None and 0 < n <= len(t.rate_amounts):
        return t.rate_amounts[n - 1]
    return t.first_amount if n == 1 else t.next_amount


def next_due(t: PlanTerms, purchased: date, paid_count: int) -> date | None:
    """The due date of the first rate not yet paid; None once every rate of a one-time or limited plan is paid."""
    if paid_count < 0:
        raise ValueError("paid_count must not be negative")
    if not t.recurring:
        return None if paid_count else purchased
    if t.limited and t.payments_count is not None and paid_count >= t.payments_count:
        return None
    rates = schedule(t, purchased, horizon=paid_count + 1)
    return rates[paid_count].due if paid_count < len(rates) else None
