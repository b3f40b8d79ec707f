"""Account deletion and deactivation (core §2 wizard steps -1..5, core §3 flow kinds, account types and
questionnaire reasons, core §4 account data states, core §8 blocking checks), and what the Account deletion
workflow exchanges. Pure rules, no I/O."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from enum import IntEnum, StrEnum


class AccountType(StrEnum):
    """core §3 account types, stored in lower case."""

    active = "active"
    deactivated = "deactivated"
    deleted = "deleted"


class FlowKind(StrEnum):
    deactivation = "deactivation"
    deletion = "deletion"


class DeletionReason(StrEnum):
    """core §3 seller deletion questionnaire reasons."""

    dont_need_anymore = "dont_need_anymore"
    my_account_not_successful = "my_account_not_successful"
    changing_my_business_strategy = "changing_my_business_strategy"
    switching_to_another_platform = "switching_to_another_platform"
    too_expensive = "too_expensive"
    other = "other"


class AccountDataState(StrEnum):
    """core §4: empty (nothing done yet) → inactive_plan (products off, plan set to deletion) →
    data_scrambled (personal data replaced) → deleted (the account is gone; bookkeeping kept)."""

    empty = "empty"
    inactive_plan = "inactive_plan"
    data_scrambled = "data_scrambled"
    deleted = "deleted"


class CheckKind(StrEnum):
    """core §8 seller deletion blocking checks."""

    risky_transfers = "risky_transfers"
    active_orders = "active_orders"
    payouts_not_paid_out = "payouts_not_paid_out"
    unpaid_monthly_invoices = "unpaid_monthly_invoices"


CHECK_ORDER = tuple(CheckKind)

# Where the seller clears each blocker (a web route of core §2); the orders list opens filtered to the running ones.
CLEAR_AT = {
    CheckKind.risky_transfers: "/cabinet/transfers",
    CheckKind.active_orders: "/cabinet/orders?filters[payment_state][]=paying&filters[payment_state][]=payment_paused",
    CheckKind.payouts_not_paid_out: "/cabinet/payouts",
    CheckKind.unpaid_monthly_invoices: "/cabinet/platform_invoices",
}


class SubscriptionChoice(StrEnum):
    """What happens to the seller's running subscriptions (docs/DECISIONS.md): `wait` (the seller ends them, the
    wizard waits) or `cancel_at_period_end` (each is cancelled at the end of its paid period; its buyers keep
    access until then and are not charged again)."""

    wait = "wait"
    cancel_at_period_end = "cancel_at_period_end"


class DeletionPhase(StrEnum):
    """The workflow's own state, diagram in workflows/account_deletion.py."""

    preparing = "preparing"  # checks run; some still block
    ready = "ready"  # every check passes; waiting for the seller's confirmation
    working = "working"  # confirmed: deactivating or scrambling
    deactivated = "deactivated"  # finished: the account is Deactivated (reactivation ends the workflow)
    deleted = "deleted"  # finished: the account is Deleted
    canceled = "canceled"  # the seller cancelled before confirming
    reactivated = "reactivated"


class WizardStep(IntEnum):
    """core §2 steps -1..5."""

    deletion_not_possible = -1
    why_deleting = 0
    preparing_account = 1
    ready_to_be_deleted = 2
    confirm_deletion = 3
    first_deactivate = 4
    confirm_deactivation = 5


# How often the workflow looks again by itself, in days of its calendar; and the bookkeeping retention period
# (German HGB §257 / AO §147: ten years for invoices and booking records).
RECHECK_DAYS = 1.0
RETENTION_YEARS = 10
REASON_TEXT_MAX = 1000


@dataclass(frozen=True)
class CheckResult:
    kind: CheckKind
    ok: bool
    count: int = 0  # how many items still block (orders and claims, transfers, payouts, invoices)
    amount: int = 0  # the balance left, in cents (payouts not paid out)


@dataclass(frozen=True)
class CheckRequest:
    seller_id: int
    flow_kind: FlowKind
    ending_tokens: list[str] = field(default_factory=list)  # subscriptions already cancelled at period end


@dataclass(frozen=True)
class SellerRef:
    seller_id: int


@dataclass(frozen=True)
class Completion:
    seller_id: int
    flow_kind: FlowKind
    retention_until: str | None = None  # ISO date


@dataclass(frozen=True)
class EndingSubscriptions:
    seller_id: int
    tokens: list[str]


@dataclass(frozen=True)
class DeletionMail:
    seller_id: int
    flow_kind: FlowKind
    stage: str  # requested | completed
    request: str  # the request's first run id: a later request after a cancel mails again
    retention_until: str | None = None  # ISO date


@dataclass
class DeletionState:
    phase: DeletionPhase = DeletionPhase.preparing
    checks: list[CheckResult] = field(default_factory=list)
    checked_at: datetime | None = None
    recheck_requested: bool = False
    confirmed: bool = False
    cancel_requested: bool = False
    reactivate_requested: bool = False
    end_requested: bool = False  # the seller asked, after starting, to cancel subscriptions at period end
    ending_tokens: list[str] = field(default_factory=list)
    products_off: bool = False
    requested_mailed: bool = False
    checks_run: int = 0


@dataclass(frozen=True)
class DeletionInput:
    seller_id: int
    flow_kind: FlowKind
    subscriptions: SubscriptionChoice = SubscriptionChoice.wait
    day_s: float = 86400.0
    state: DeletionState | None = None


@dataclass(frozen=True)
class DeletionStatus:
    phase: DeletionPhase
    flow_kind: FlowKind
    checks: list[CheckResult]
    checked_at: datetime | None
    ending_tokens: list[str]


def checks_for(flow_kind: FlowKind) -> tuple[CheckKind, ...]:
    """A deletion needs every check of core §8; a deactivation (reversible: the account, its balance and its
    invoices stay) needs only that no buyer is left with a running order (docs/DECISIONS.md)."""
    return CHECK_ORDER if flow_kind == FlowKind.deletion else (CheckKind.active_orders,)


def blocking(checks: list[CheckResult]) -> list[CheckResult]:
    return [c for c in checks if not c.ok]


def wizard_step(
    flow_kind: FlowKind | None, phase: DeletionPhase | None, checks: list[CheckResult]
) -> WizardStep:
    """The step of core §2 the wizard shows: no workflow yet → why deleting (0); a deactivation asks to
    deactivate first (4) then to confirm it (5); a deletion shows the blockers (-1) while any check fails,
    preparing (1) before the first check, ready (2) once they pass; confirmation (3) while it works."""
    if phase is None or phase in (DeletionPhase.canceled, DeletionPhase.reactivated):
        return WizardStep.why_deleting
    if flow_kind == FlowKind.deactivation:
        if phase in (DeletionPhase.working, DeletionPhase.deactivated):
            return WizardStep.confirm_deactivation
        if checks and blocking(checks):
            return WizardStep.deletion_not_possible
        return WizardStep.first_deactivate
    if phase in (DeletionPhase.working, DeletionPhase.deleted):
        return WizardStep.confirm_deletion
    if not checks:
        return WizardStep.preparing_account
    if blocking(checks):
        return WizardStep.deletion_not_possible
    return WizardStep.ready_to_be_deleted


def retention_until(deleted_on: date) -> date:
    """The last day the bookkeeping records must be kept: the end of the tenth calendar year after the year of
    deletion (the retention period starts at the end of the calendar year, AO §147 (4))."""
    return date(deleted_on.year + RETENTION_YEARS, 12, 31)


def scrambled_email(seller_id: int) -> str:
    """A unique, undeliverable address that replaces a deleted seller's e-mail (`.invalid`, RFC 2606)."""
    return f"deleted-seller-{seller_id}@deleted.invalid"


# core §8: each check's success and failure message (the wizard shows them translated by kind).
CHECK_MESSAGES = {
    CheckKind.risky_transfers: (
        "No risky transfers: every transaction is settled or reversed.",
        "Some transactions are still in progress and could be reversed; wait until they are settled.",
    ),
    CheckKind.active_orders: (
        "No active orders: no subscription runs and no claim is open.",
        "Active orders: end the running subscriptions and settle the open claims first.",
    ),
    CheckKind.payouts_not_paid_out: (
        "Everything is paid out.",
        "Your balance is not paid out yet. The payouts page says when each amount is released and whether a "
        "cashout is possible now.",
    ),
    CheckKind.unpaid_monthly_invoices: (
        "Every monthly invoice is paid.",
        "Unpaid monthly invoices: pay them first.",
    ),
}


def check_message(kind: CheckKind, ok: bool) -> str:
    success, failure = CHECK_MESSAGES[kind]
    return success if ok else failure
