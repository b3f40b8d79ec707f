"""One payee capability for everyone who is paid through Sellflow: sellers, publishers and (sales) team members. A
payee is a type and an id (`Payee`); their balance (available, and held with when each part is released), payout
settings, the Payout workflow's next run and why it waits, their payouts, their money's movements, a cashout and the
payment account their payouts go by are the same use cases for every type."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import Client

from domain.ledger.ledger import PayeeType
from domain.ledger.payouts import BLOCKS_PAYOUT, PayoutCheck, PayoutSettings
from handles import payouts as flow
from store.accounts.actions import payment_account_opened
from store.accounts.models import User
from store.affiliates.publisher import EarningRow
from store.affiliates.publisher import earnings as earnings_of
from store.ledger.models import Payout
from store.ledger.payouts import CURRENCY, eligibility, held_releases, payouts_of, settings_of, settings_saved


@dataclass(frozen=True)
class Payee:
    type: PayeeType
    id: int  # the seller's id for a seller; the user's id for a publisher or team member


@dataclass
class Overview:
    available: int
    held: int
    releases: list[tuple[datetime, int]]  # when each held part is released, and how much
    currency: str
    settings: PayoutSettings
    next_run_at: datetime | None
    waiting_reason: str | None
    payouts: list[Payout]


async def overview(s: AsyncSession, client: Client, payee: Payee) -> Overview:
    """The payee's balance, payout settings, the next run of their Payout workflow and why it waits, and payouts."""
    settings = await settings_of(s, payee.type, payee.id)
    status = await flow.payout_status(client, payee.id, payee.type)
    hold_s = settings.hold_days * status.day_s
    # what stops a payout is read now (a payee legitimated since the workflow's last run is no longer waiting for it,
    # and one whose workflow has not run yet already is); below a minimum is the workflow's own answer
    now = await eligibility(s, PayoutCheck(payee.type, payee.id, hold_s))
    reason = now.reason or (None if status.last_reason in BLOCKS_PAYOUT else status.last_reason)
    return Overview(
        available=now.available,
        held=now.held,
        releases=await held_releases(s, payee.type, payee.id, hold_s, now.available + now.held),
        currency=CURRENCY,
        settings=settings,
        next_run_at=status.next_run_at,
        waiting_reason=reason,
        payouts=list(await payouts_of(s, payee.type, payee.id)),
    )


async def save_settings(s: AsyncSession, payee: Payee, settings: PayoutSettings) -> PayoutSettings:
    """The payee's payout settings saved; tell their workflow with `settings_changed` once this commits."""
    await settings_saved(s, payee.type, payee.id, settings)
    return settings


async def settings_changed(client: Client, payee: Payee) -> None:
    """The payee's Payout workflow reads their settings again (after the commit that saved them)."""
    await flow.settings_changed(client, payee.id, payee.type)


async def cash_out(client: Client, payee: Payee) -> None:
    """The available balance paid out now (no minimum): 409 `payout_not_eligible` with why not, or
    `cashout_pending`."""
    await flow.cashout_requested(client, payee.id, payee.type)


async def money_moves(s: AsyncSession, payee: Payee, page: int, per: int) -> tuple[list[EarningRow], int]:
    """Every movement of a publisher's or team member's money, newest first: earned, given back, paid out."""
    return await earnings_of(s, payee.id, page, per, payee.type)


async def payment_account(s: AsyncSession, user: User) -> bool:
    """The payment account a publisher's or team member's payouts go by (their details, bank account and documents
    are kept and legitimated in it), opened once; whether it is legitimated."""
    return (await payment_account_opened(s, user)).payment_account_done
