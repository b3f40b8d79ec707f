"""Claims: what Sellflow does about a rate that was not paid (core §4 collection vocabularies, §6 visibility).

A failed rate opens a claim (`claim-{order token}-{rate}`) under the seller's claim strategy: dunning (three
reminder mails, each followed by a new charge where the decline allows one), dunning then debt collection
(inkasso), or inkasso at once. Sellers never see the court stages; managers and power sellers do.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from domain.billing.inkasso import AgencyEvent
from domain.orders.checkout import DAY_S


class ClaimStrategy(StrEnum):
    dunning = "dunning"
    dunning_inkasso = "dunning_inkasso"
    inkasso = "inkasso"


class DunningState(StrEnum):
    in_progress = "in_progress"
    completed = "completed"
    skipped = "skipped"


class DunningStage(StrEnum):
    """The three reminder mails (core §4 "first, second, third email")."""

    first = "first"
    second = "second"
    third = "third"


DUNNING_STAGES = tuple(DunningStage)


class InkassoStatus(StrEnum):
    not_ready_for_inkasso = "not_ready_for_inkasso"
    ready_for_inkasso = "ready_for_inkasso"
    in_inkasso = "in_inkasso"
    pre_court = "pre_court"
    court = "court"
    post_court = "post_court"
    no = "no"


# What a seller may see (core §6): court and post_court are for managers and power sellers only.
COURT_STATUSES = frozenset({InkassoStatus.court, InkassoStatus.post_court})


def inkasso_filter_values(asked: list[str], *, manager_or_power_seller: bool) -> list[str]:
    """The stored statuses a list filter matches, so the filter agrees with what the list shows: a seller sees a
    claim at court as `pre_court`, so a seller's `pre_court` also finds `court` and `post_court`."""
    if manager_or_power_seller or InkassoStatus.pre_court.value not in asked:
        return asked
    return [*asked, *(x.value for x in sorted(COURT_STATUSES) if x.value not in asked)]


def visible_inkasso(status: InkassoStatus, *, manager_or_power_seller: bool) -> InkassoStatus:
    """A seller sees a claim at court as `pre_court`, the last stage shown to sellers."""
    if status in COURT_STATUSES and not manager_or_power_seller:
        return InkassoStatus.pre_court
    return status


def inkasso_options(*, manager_or_power_seller: bool) -> list[InkassoStatus]:
    return [s for s in InkassoStatus if manager_or_power_seller or s not in COURT_STATUSES]


class ClaimOutcome(StrEnum):
    collected = "collected"
    not_collected = "not_collected"
    partially_collected = "partially_collected"
    manually_resolved_dunning = "manually_resolved_dunning"
    manually_resolved_inkasso = "manually_resolved_inkasso"


# Default stage days after the failed charge (docs/DECISIONS.md): reminders on days 3, 7 and 14.
DEFAULT_STAGE_DAYS = (3, 7, 14)
STAGE_DAYS_MAX = 90


@dataclass(frozen=True)
class ClaimSettings:
    strategy: str = ClaimStrategy.dunning
    stage_days: tuple[int, int, int] = DEFAULT_STAGE_DAYS


@dataclass
class ClaimState:
    opened_at: str = ""  # ISO time of the first run: day 0 of the claim's calendar
    hard: bool = False  # the last decline was hard: no retry until the payment method changes
    stage: int = 0  # how many reminder stages have run
    attempt: int = 1  # the charge attempts of this rate so far (the subscription's was 1)
    method_changed: bool = False
    paid: bool = False
    resolved: str | None = None  # a manual resolution (ClaimOutcome) asked for
    paused: bool = False
    outcome: str | None = None
    seen: list[str] = field(default_factory=list)
    inkasso: str | None = None  # where debt collection stands (InkassoStatus), once handed over
    agency_events: list[AgencyEvent] = field(default_factory=list)  # reported, not applied yet
    agency_outcome: str | None = None  # how the agency closed the case


# The Claim's message to the Subscription that started it, once it closes: the signal's name (the Subscription's
# handler is declared with it), its payload the rate (an int, as every history since the first claim carries it).
# By name, so that the Claim's module and the Subscription's do not import each other.
CLAIM_CLOSED = "claim_closed"


@dataclass
class ClaimInput:
    order_token: str
    rate: int
    amount: int
    decline: str  # DeclineKind of the charge that opened the claim
    day_s: float = DAY_S
    state: ClaimState | None = None


@dataclass(frozen=True)
class OpenClaim:
    order_token: str
    rate: int
    amount: int
    decline: str


@dataclass(frozen=True)
class ClaimOpened:
    settings: ClaimSettings


@dataclass(frozen=True)
class ClaimStageMail:
    order_token: str
    rate: int
    stage: str  # DunningStage
    amount: int
    hard: bool  # the mail asks for another payment method instead of announcing a retry


@dataclass(frozen=True)
class ClaimClosed:
    order_token: str
    rate: int
    outcome: str  # ClaimOutcome
    dunning: str  # DunningState
    inkasso: str  # InkassoStatus
    charges: int = 1


@dataclass(frozen=True)
class ClaimStatus:
    stage: int
    attempt: int
    paid: bool
    outcome: str | None
    paused: bool
