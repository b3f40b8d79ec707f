"""Payouts: the schedule and holds a payee chooses, the balance split into available and held, payouts and
cashouts with their states (core §4), and what the Payout workflow exchanges."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum

from domain.keys import payout_end_to_end_id
from domain.ledger.ledger import NO_PAYEE, Entry, EntryKind, PayeeType


class PayoutSchedule(StrEnum):
    daily = "daily"
    weekly = "weekly"
    monthly = "monthly"


INTERVAL_DAYS = {PayoutSchedule.daily: 1, PayoutSchedule.weekly: 7, PayoutSchedule.monthly: 30}


class PayoutState(StrEnum):
    pending = "pending"
    issued = "issued"
    successful = "successful"
    canceled = "canceled"


class CashoutState(StrEnum):
    successful = "successful"
    pending = "pending"
    canceled = "canceled"


class PayoutKind(StrEnum):
    payout = "payout"  # on the schedule
    cashout = "cashout"  # asked for by the payee


class BankOutcome(StrEnum):
    booked = "booked"
    returned = "returned"


# Defaults (docs/DECISIONS.md): weekly, from 10.00, seven days after the sale.
DEFAULT_SCHEDULE = PayoutSchedule.weekly
DEFAULT_MINIMUM = 1000
DEFAULT_HOLD_DAYS = 7


@dataclass(frozen=True)
class PayoutSettings:
    schedule: PayoutSchedule = DEFAULT_SCHEDULE
    minimum: int = DEFAULT_MINIMUM
    hold_days: int = DEFAULT_HOLD_DAYS


@dataclass(frozen=True)
class PayoutCheck:
    payee_type: PayeeType
    payee_id: int
    hold_s: float  # the hold in seconds of the workflow's calendar


# the reasons a payee cannot be paid at all (the others: nothing, or too little, is available yet)
BLOCKS_PAYOUT = frozenset({"not_legitimated", "no_bank_account", "payouts_limited"})


@dataclass(frozen=True)
class Eligibility:
    """Whether money may leave now, why not, and how much is available (the rest is held)."""

    ok: bool
    available: int
    held: int
    currency: str
    reason: str | None = None  # not_legitimated, no_bank_account, payouts_limited


@dataclass(frozen=True)
class PayoutRequest:
    payee_type: PayeeType
    payee_id: int
    number: int
    kind: PayoutKind
    amount: int
    currency: str

    @property
    def end_to_end_id(self) -> str:
        return payout_end_to_end_id(self.payee_type.value, self.payee_id, self.number)


@dataclass(frozen=True)
class BankAnswer:
    event_id: str
    end_to_end_id: str
    outcome: BankOutcome
    reason: str | None = None


@dataclass(frozen=True)
class PayeeRef:
    payee_type: PayeeType
    payee_id: int


@dataclass
class PayoutWorkflowState:
    settings: PayoutSettings = field(default_factory=PayoutSettings)
    next_run_at: datetime | None = None
    number: int = 0  # payouts and cashouts issued so far
    cashout_requested: bool = False
    waiting: list[str] = field(default_factory=list)  # end-to-end ids the bank has not answered yet
    answers: list[BankAnswer] = field(default_factory=list)  # answers not applied yet
    seen_events: list[str] = field(default_factory=list)
    last_reason: str | None = None
    reload: bool = False  # the settings changed: read them again and reschedule
    cashouts_answered: int = 0  # cashout requests served so far (the update waits for its own)
    cashout_outcome: str | None = None  # the last one's: "issued", or why nothing left (a PayoutCheck reason)


@dataclass(frozen=True)
class PayoutInput:
    payee_type: PayeeType
    payee_id: int
    day_s: float = 86400.0
    state: PayoutWorkflowState | None = None


@dataclass(frozen=True)
class PayoutStatus:
    day_s: float  # the workflow's calendar: holds are counted in its days
    next_run_at: datetime | None
    waiting: list[str]
    last_reason: str | None
    settings: PayoutSettings


def payout_entries(req: PayoutRequest) -> list[Entry]:
    """Money leaving for the payee's bank: the payee's balance goes down, the provider holds less."""
    k = req.end_to_end_id
    kind = EntryKind.payout if req.kind == PayoutKind.payout else EntryKind.cashout
    return [
        Entry(req.payee_type, req.payee_id, kind, -req.amount, req.currency, f"{k}-payee"),
        Entry(PayeeType.clearing, NO_PAYEE, kind, req.amount, req.currency, f"{k}-clearing"),
    ]


def returned_entries(
    payee_type: PayeeType, payee_id: int, end_to_end_id: str, amount: int, currency: str
) -> list[Entry]:
    """A payout the bank returned: the money is the payee's again."""
    k = f"{end_to_end_id}-returned"
    return [
        Entry(payee_type, payee_id, EntryKind.reversal, amount, currency, f"{k}-payee"),
        Entry(PayeeType.clearing, NO_PAYEE, EntryKind.reversal, -amount, currency, f"{k}-clearing"),
    ]
