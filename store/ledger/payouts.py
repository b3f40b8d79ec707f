"""Payouts: settings, eligibility (legitimated, an activated bank account, no payouts limit), the balance split
into available and held, payouts issued with their ledger entries once, and the bank's answers applied once."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import ColumnElement, func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain.ledger.ledger import EntryKind, PayeeType
from domain.ledger.payouts import (
    BankAnswer,
    BankOutcome,
    Eligibility,
    PayoutCheck,
    PayoutKind,
    PayoutRequest,
    PayoutSettings,
    PayoutState,
    payout_entries,
    returned_entries,
)
from domain.legitimation.legitimation import ACTIVE_BANK_STATES, STOPS_PAYOUTS
from domain.listing import AMOUNT_FILTER_MAX, ListParams
from domain.seller_webhooks import EventType
from store.accounts.models import Seller
from store.ledger.actions import entries_booked
from store.ledger.models import LedgerEntry, Payout, PayoutSettingsRow
from store.legitimation.models import BankAccount
from store.listing import (
    ListSpec,
    enum_filter,
    range_filters,
    range_schemas,
    run_list,
    window_filters,
    window_schemas,
)
from store.seller_webhooks.actions import event_recorded

CURRENCY = "eur"  # SEPA credit transfers are in euro
# what is held for the hold days after it was earned: a sale net of its fee and of the commissions it paid, and a
# publisher's commission (held like the seller's money it came from)
HELD_KINDS = (EntryKind.sale, EntryKind.platform_fee, EntryKind.commission, EntryKind.sales_team_fee)


async def settings_of(s: AsyncSession, payee_type: PayeeType, payee_id: int) -> PayoutSettings:
    row = (
        await s.execute(
            select(PayoutSettingsRow).where(
                PayoutSettingsRow.payee_type == payee_type, PayoutSettingsRow.payee_id == payee_id
            )
        )
    ).scalar_one_or_none()
    if row is None:
        return PayoutSettings()
    return PayoutSettings(schedule=row.schedule, minimum=row.minimum, hold_days=row.hold_days)


async def settings_saved(
    s: AsyncSession, payee_type: PayeeType, payee_id: int, settings: PayoutSettings
) -> None:
    values = {"schedule": settings.schedule, "minimum": settings.minimum, "hold_days": settings.hold_days}
    await s.execute(
        insert(PayoutSettingsRow)
        .values(payee_type=payee_type, payee_id=payee_id, **values)
        .on_conflict_do_update(
            index_elements=[PayoutSettingsRow.payee_type, PayoutSettingsRow.payee_id], set_=values
        )
    )


async def payment_account(s: AsyncSession, payee_type: PayeeType, payee_id: int) -> Seller | None:
    """Whose legitimation and bank account a payee is paid by: a seller's own; a publisher's or a team member's
    (their user id) is their user's, one for every profile the user holds (docs/DECISIONS.md)."""
    if payee_type == PayeeType.seller:
        return await s.get(Seller, payee_id)
    return (await s.execute(select(Seller).where(Seller.user_id == payee_id))).scalar_one_or_none()


async def _payee_bank_account(s: AsyncSession, payee_type: PayeeType, payee_id: int) -> BankAccount | None:
    account = await payment_account(s, payee_type, payee_id)
    return await _bank_account(s, account.id) if account else None


async def _bank_account(s: AsyncSession, seller_id: int) -> BankAccount | None:
    q = (
        select(BankAccount)
        .where(BankAccount.seller_id == seller_id, BankAccount.state.in_(list(ACTIVE_BANK_STATES)))
        .order_by(BankAccount.id.desc())
    )
    return (await s.execute(q)).scalars().first()


def _mine(payee_type: PayeeType, payee_id: int) -> tuple[ColumnElement[bool], ...]:
    """The payee's entries in the payout currency."""
    return (
        LedgerEntry.payee_type == payee_type,
        LedgerEntry.payee_id == payee_id,
        LedgerEntry.currency == CURRENCY,
    )


async def balance_split(
    s: AsyncSession, payee_type: PayeeType, payee_id: int, hold_s: float
) -> tuple[int, int]:
    """(available, held): sales (net of their fee and commissions) and commissions younger than the hold are held; the rest of the balance is
    available, never below zero."""
    since = datetime.now(UTC) - timedelta(seconds=hold_s)
    mine = _mine(payee_type, payee_id)
    total = int(
        (await s.execute(select(func.coalesce(func.sum(LedgerEntry.amount), 0)).where(*mine))).scalar_one()
    )
    held = int(
        (
            await s.execute(
                select(func.coalesce(func.sum(LedgerEntry.amount), 0)).where(
                    *mine,
                    LedgerEntry.kind.in_(HELD_KINDS),
                    LedgerEntry.created_at > since,
                )
            )
        ).scalar_one()
    )
    held = max(0, min(held, total))
    return max(0, total - held), held


async def held_releases(
    s: AsyncSession, payee_type: PayeeType, payee_id: int, hold_s: float, balance: int
) -> list[tuple[datetime, int]]:
    """The held money by the moment it is released, oldest first: what the payouts screen lists with its release
    date. Each held entry leaves the hold `hold_s` after it was made; what that releases is how much the held part of
    the balance (`balance_split`'s, never below zero nor above the balance) drops then, so a refund's reversal inside
    the hold lowers the release of the sale before it and the releases add up to what is held. `balance` is
    `balance_split`'s available plus held: the balance itself, or 0 below zero, which clamps the same."""
    since = datetime.now(UTC) - timedelta(seconds=hold_s)
    rows = (
        await s.execute(
            select(LedgerEntry.created_at, func.sum(LedgerEntry.amount))
            .where(
                *_mine(payee_type, payee_id),
                LedgerEntry.kind.in_(HELD_KINDS),
                LedgerEntry.created_at > since,
            )
            .group_by(LedgerEntry.created_at)
            .order_by(LedgerEntry.created_at)
        )
    ).all()
    releases: list[tuple[datetime, int]] = []
    left = sum(int(amount) for _, amount in rows)  # still inside the hold
    held = max(0, min(left, balance))
    for at, amount in rows:
        left -= int(amount)
        after = max(0, min(left, balance))
        if held > after:
            releases.append((at + timedelta(seconds=hold_s), held - after))
        held = after
    return releases


async def eligibility(s: AsyncSession, check: PayoutCheck) -> Eligibility:
    available, held = await balance_split(s, check.payee_type, check.payee_id, check.hold_s)
    seller = await payment_account(s, check.payee_type, check.payee_id)
    reason = None
    if seller is None or not seller.payment_account_done:
        reason = "not_legitimated"
    elif seller.account_limit in STOPS_PAYOUTS:
        reason = "payouts_limited"
    elif await _bank_account(s, seller.id) is None:
        reason = "no_bank_account"
    return Eligibility(ok=reason is None, available=available, held=held, currency=CURRENCY, reason=reason)


async def payout_issued(s: AsyncSession, req: PayoutRequest) -> Payout:
    """The payout row and its ledger entries, once per end-to-end id (a retry finds the first)."""
    existing = (
        await s.execute(select(Payout).where(Payout.end_to_end_id == req.end_to_end_id))
    ).scalar_one_or_none()
    if existing:
        return existing
    bank = await _payee_bank_account(s, req.payee_type, req.payee_id)
    if bank is None:
        raise ValueError("no activated bank account")
    payout = Payout(
        payee_type=req.payee_type,
        payee_id=req.payee_id,
        number=req.number,
        kind=req.kind,
        amount=req.amount,
        currency=req.currency,
        state=PayoutState.pending,
        iban=bank.iban,
        end_to_end_id=req.end_to_end_id,
    )
    s.add(payout)
    await s.flush()
    await entries_booked(s, payout_entries(req))
    return payout


async def payout_sent(s: AsyncSession, end_to_end_id: str) -> None:
    payout = (await s.execute(select(Payout).where(Payout.end_to_end_id == end_to_end_id))).scalar_one()
    if payout.state == PayoutState.pending:
        payout.state = PayoutState.issued
        payout.updated_at = datetime.now(UTC)


async def payout_answered(s: AsyncSession, answer: BankAnswer) -> Payout | None:
    """Booked: successful. Returned: canceled, and the money is the payee's again. Once per payout."""
    payout = (
        await s.execute(select(Payout).where(Payout.end_to_end_id == answer.end_to_end_id).with_for_update())
    ).scalar_one_or_none()
    if payout is None or payout.state in (PayoutState.successful, PayoutState.canceled):
        return None
    if answer.outcome == BankOutcome.booked:
        payout.state = PayoutState.successful
    else:
        payout.state = PayoutState.canceled
        payout.reason = answer.reason
        await entries_booked(
            s,
            returned_entries(
                payout.payee_type, payout.payee_id, payout.end_to_end_id, payout.amount, payout.currency
            ),
        )
    payout.updated_at = datetime.now(UTC)
    if payout.payee_type == PayeeType.seller:
        await event_recorded(
            s,
            payout.payee_id,
            EventType.payout_paid if answer.outcome == BankOutcome.booked else EventType.payout_returned,
            payout.end_to_end_id,
            {
                "payout": payout.end_to_end_id,
                "amount": payout.amount,
                "currency": payout.currency,
                "reason": payout.reason,
            },
        )
    return payout


PAYOUT_FILTERS: dict[str, dict[str, Any]] = {
    "state": {"type": "array", "items": {"type": "string", "enum": list(PayoutState)}},
    "kind": {"type": "array", "items": {"type": "string", "enum": list(PayoutKind)}},
    **window_schemas("created"),
    **range_schemas("amount", AMOUNT_FILTER_MAX),
}
PAYOUT_LIST = ListSpec(
    sort_columns={"created_at": Payout.created_at, "number": Payout.number, "amount": Payout.amount},
    default_sort="created_at",
    tiebreak=Payout.id,
    filters={
        "state": enum_filter(Payout.state, PayoutState, "state"),
        "kind": enum_filter(Payout.kind, PayoutKind, "kind"),
        **window_filters(Payout.created_at, "created"),
        **range_filters(Payout.amount, "amount", AMOUNT_FILTER_MAX),
    },
    entities=True,
)


async def payouts_listed(
    s: AsyncSession, payee_type: PayeeType, payee_id: int, params: ListParams
) -> tuple[list[dict[str, Any]], int]:
    """The payee's payouts and cashouts as a generic list (filters, sort, paging)."""
    base = select(Payout).where(Payout.payee_type == payee_type, Payout.payee_id == payee_id)
    rows, total = await run_list(s, base, params, PAYOUT_LIST)
    keys = ("number", "kind", "amount", "currency", "state", "iban", "reason", "created_at")
    return [{k: getattr(r[0], k) for k in keys} for r in rows], total


async def payouts_of(s: AsyncSession, payee_type: PayeeType, payee_id: int) -> list[Payout]:
    q = (
        select(Payout)
        .where(Payout.payee_type == payee_type, Payout.payee_id == payee_id)
        .order_by(Payout.number.desc())
    )
    return list((await s.execute(q)).scalars())


async def sepa_creditor(s: AsyncSession, req: PayoutRequest) -> tuple[str, str, str]:
    """(name, IBAN, BIC) of the payee's activated bank account."""
    bank = await _payee_bank_account(s, req.payee_type, req.payee_id)
    if bank is None:
        raise ValueError("no activated bank account")
    return bank.holder, bank.iban, bank.bic
