"""Recovery analytics (issue "Recurring money" §7): the rules behind the seller's monthly chart of recurring
revenue, churn and recovered money. Pure: months, the monthly value of a plan, and at which stage a claim's money
came back.

- **MRR** of a month: the monthly value of every recurring order running at the month's end (bought by then,
  not ended by then). A plan's monthly value is its renewal amount normalised to a month: a month plan's amount
  divided by its months, a day or week plan's amount times 365/12 divided by its days (rounded half up), as
  ChartMogul and Stripe normalise. An installment plan counts while it has rates to come.
- **Churn**: voluntary when the payer or seller canceled (or the order was refunded); involuntary when a rate
  ended as a debt (its claim closed not collected or only partly) or the payment was charged back.
- **Recovered**: a claim whose money came back, counted in the month it closed, under the last stage that ran
  before the payment: before the first reminder (the payer changed the card at once), after the first, second or
  third reminder, or in debt collection (inkasso; partly collected claims count what the agency collected).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime
from enum import StrEnum

from domain.billing.billing_calendar import PlanTerms
from domain.billing.claims import ClaimOutcome, DunningStage, InkassoStatus

RANGE_MONTHS_MAX = 36  # months one request may span
DEFAULT_MONTHS = 12
_MONTH_RE = re.compile(r"^(\d{4})-(\d{2})$")


class RecoveryStage(StrEnum):
    before_first_reminder = "before_first_reminder"
    first = "first"
    second = "second"
    third = "third"
    inkasso = "inkasso"


class ChurnKind(StrEnum):
    voluntary = "voluntary"
    involuntary = "involuntary"


# Inkasso statuses that mean the claim was with the agency.
_WITH_AGENCY = frozenset(
    {InkassoStatus.in_inkasso, InkassoStatus.pre_court, InkassoStatus.court, InkassoStatus.post_court}
)


def recovery_stage(outcome: str | None, stage: str | None, inkasso: str) -> RecoveryStage | None:
    """Where a closed claim's money came back; None when none did (not collected, resolved by hand, open)."""
    if outcome not in (ClaimOutcome.collected, ClaimOutcome.partially_collected):
        return None
    if inkasso in _WITH_AGENCY or outcome == ClaimOutcome.partially_collected:
        return RecoveryStage.inkasso
    if stage is None:
        return RecoveryStage.before_first_reminder
    return RecoveryStage(DunningStage(stage).value)


class MonthError(ValueError):
    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


@dataclass(frozen=True, order=True, slots=True)
class Month:
    year: int
    month: int

    @property
    def code(self) -> str:
        return f"{self.year:04d}-{self.month:02d}"

    @property
    def start(self) -> datetime:
        return datetime(self.year, self.month, 1, tzinfo=UTC)

    @property
    def end(self) -> datetime:
        """The first moment of the next month (exclusive)."""
        return self.next().start

    def next(self) -> Month:
        return Month(self.year + self.month // 12, self.month % 12 + 1)

    def minus(self, n: int) -> Month:
        index = self.year * 12 + self.month - 1 - n
        return Month(index // 12, index % 12 + 1)

    @staticmethod
    def of(d: date | datetime) -> Month:
        return Month(d.year, d.month)


def parse_month(text: str) -> Month:
    m = _MONTH_RE.match(text) if isinstance(text, str) else None
    if not m or not 1 <= int(m.group(2)) <= 12 or not 2000 <= int(m.group(1)) <= 2100:
        raise MonthError("month", "must be a month YYYY-MM between 2000-01 and 2100-12")
    return Month(int(m.group(1)), int(m.group(2)))


def month_range(first: str | None, last: str | None, today: date) -> list[Month]:
    """The months asked for: `first`..`last` inclusive (YYYY-MM), by default the 12 months up to this one; at
    most RANGE_MONTHS_MAX, none after this month. Raises MonthError with the field at fault."""
    current = Month.of(today)
    try:
        end = parse_month(last) if last is not None else current
    except MonthError as e:
        raise MonthError("to", e.message) from None
    try:
        start = parse_month(first) if first is not None else end.minus(DEFAULT_MONTHS - 1)
    except MonthError as e:
        raise MonthError("from", e.message) from None
    if end > current:
        raise MonthError("to", "must not be after this month")
    if start > end:
        raise MonthError("from", "must not be after to")
    months = [start]
    while months[-1] < end:
        months.append(months[-1].next())
        if len(months) > RANGE_MONTHS_MAX:
            raise MonthError("from", f"the range may span at most {RANGE_MONTHS_MAX} months")
    return months


def monthly_value(terms: PlanTerms) -> int:
    """The plan's renewal amount per month (minor units, rounded half up); 0 for a one-time plan."""
    if not terms.recurring:
        return 0
    amount = terms.next_amount
    period = terms.period or (terms.custom_intervals[0] if terms.custom_intervals else None)
    if period is None:
        return 0
    if (months := period.months) is not None:
        return (2 * amount + months) // (2 * months)
    days = period.days or 1
    # amount × 365 / (12 × days), half up
    return (2 * amount * 365 + 12 * days) // (2 * 12 * days)
