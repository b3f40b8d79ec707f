"""The plan preview (issue "Recurring money" §7): before a plan is published, the seller sees one sample order of
it on a timeline: every charge the billing calendar gives the plan's terms, and what the claim of one failed rate
would go through under the seller's current claim strategy and stage days. Pure: the caller passes the purchase
day; no clock, no I/O.

The claim's steps mirror the Claim workflow (workflows/claim.py) for a soft decline, the common case:

    rate n fails on its due day (day 0 of the claim)
    dunning, dunning_inkasso: first, second, third reminder on day stage_days[i], each followed at once by a
        new charge of the rate (a hard decline gets the reminder but no retry: it waits for another card)
    dunning: unpaid after the third stage ─► the rate is a debt (not collected)
    dunning_inkasso: unpaid after the third stage ─► handed to the collection agency the same day
    inkasso: handed to the collection agency on day 0, no reminders

Rate 1 is charged at checkout with the buyer present, so it cannot open a claim: the sample failure is rate 2 (the
first off-session renewal) unless the caller picks another.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from enum import StrEnum

from domain.billing.billing_calendar import PlanTerms, installment_total, schedule
from domain.billing.claims import DUNNING_STAGES, ClaimSettings, ClaimStrategy, DunningStage

PREVIEW_HORIZON = 12  # charges shown of an open-ended subscription


class PreviewStep(StrEnum):
    """What happens on a day of the sample order's timeline."""

    charge = "charge"  # a rate charged as planned (rate 1 at checkout)
    failed = "failed"  # the sample rate's charge fails: its claim opens
    reminder = "reminder"  # a reminder mail of a dunning stage
    retry = "retry"  # the rate charged again after a reminder (soft declines only)
    handover = "handover"  # the claim handed to the collection agency
    debt = "debt"  # dunning is over and the rate stays unpaid: a debt


@dataclass(frozen=True, slots=True)
class PreviewEvent:
    on: date
    step: PreviewStep
    rate: int
    amount: int  # minor units of the plan's currency
    day: int = 0  # days after the failure (claim steps); 0 for charges
    stage: DunningStage | None = None  # the reminder stage of a reminder or retry


@dataclass(frozen=True, slots=True)
class PlanPreview:
    currency: str
    purchased: date
    open_ended: bool  # an open-ended subscription: the charges shown are the first PREVIEW_HORIZON
    total: int | None  # what the buyer pays in all (None: open-ended)
    charges: int  # how many charges the timeline shows
    strategy: ClaimStrategy
    stage_days: tuple[int, int, int]
    failing_rate: int | None  # the sample rate whose claim is shown (None: the plan has no renewal)
    events: tuple[PreviewEvent, ...]  # by date; on one day, in the order they happen


class PreviewError(ValueError):
    pass


def claim_steps(settings: ClaimSettings, rate: int, amount: int, failed_on: date) -> list[PreviewEvent]:
    """The claim of `rate` failing on `failed_on`, step by step, as the Claim workflow would run it for a soft
    decline that is never paid."""
    strategy = ClaimStrategy(settings.strategy)
    steps = [PreviewEvent(failed_on, PreviewStep.failed, rate, amount)]
    last_day = 0
    if strategy != ClaimStrategy.inkasso:
        for stage, days in zip(DUNNING_STAGES, settings.stage_days, strict=True):
            on = failed_on + timedelta(days=days)
            steps.append(PreviewEvent(on, PreviewStep.reminder, rate, amount, days, stage))
            steps.append(PreviewEvent(on, PreviewStep.retry, rate, amount, days, stage))
            last_day = days
    end_on = failed_on + timedelta(days=last_day)
    if strategy == ClaimStrategy.dunning:
        steps.append(PreviewEvent(end_on, PreviewStep.debt, rate, amount, last_day))
    else:
        steps.append(PreviewEvent(end_on, PreviewStep.handover, rate, amount, last_day))
    return steps


def plan_preview(
    terms: PlanTerms,
    settings: ClaimSettings,
    purchased: date,
    failing_rate: int | None = None,
    horizon: int = PREVIEW_HORIZON,
) -> PlanPreview:
    """The sample order's timeline: the plan's charges, and the claim of `failing_rate` (default: rate 2) merged
    in by date. A charge of a later rate that falls due while the claim runs stays on the timeline: the
    subscription goes on charging while one rate is in dunning."""
    if not terms.recurring:
        raise PreviewError("only a recurring plan has a schedule to preview")
    rates = schedule(terms, purchased, horizon=horizon)
    if failing_rate is None:
        failing_rate = 2 if len(rates) >= 2 else None
    elif not 2 <= failing_rate <= len(rates):
        raise PreviewError(f"the failing rate must be between 2 and {len(rates)}")
    events: list[tuple[date, int, int, PreviewEvent]] = []  # (day, rate, order within the day, event)
    for r in rates:
        if r.number != failing_rate:
            events.append((r.due, r.number, 0, PreviewEvent(r.due, PreviewStep.charge, r.number, r.amount)))
    if failing_rate is not None:
        failed = rates[failing_rate - 1]
        for i, ev in enumerate(claim_steps(settings, failed.number, failed.amount, failed.due)):
            events.append((ev.on, failed.number, i, ev))
    events.sort(key=lambda x: (x[0], x[1], x[2]))
    stage_days = settings.stage_days
    return PlanPreview(
        currency=terms.currency,
        purchased=purchased,
        open_ended=not terms.limited,
        total=installment_total(terms),
        charges=len(rates),
        strategy=ClaimStrategy(settings.strategy),
        stage_days=(stage_days[0], stage_days[1], stage_days[2]),
        failing_rate=failing_rate,
        events=tuple(e for *_, e in events),
    )
