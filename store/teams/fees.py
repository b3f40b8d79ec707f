"""An order sold by a sales team member (issue 23; domain/teams.py): the member fixed on the order when it is
bought, the fee each of its payments earns them booked with the payment, and given back with a refund or a
chargeback in proportion. Every entry's key is built from the payment's own, so nothing is booked twice."""

from __future__ import annotations

from sqlalchemy import func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.ledger.ledger import Entry, EntryKind, PayeeType
from domain.teams import SalesTeamCredit, sales_fee_back_entries, sales_fee_entries, sales_fee_key
from store.accounts.models import User
from store.ledger.actions import entries_booked
from store.ledger.models import LedgerEntry
from store.orders.models import Order
from store.teams.actions import active_sales_member


async def orders_sold_by(s: AsyncSession, orders: list[Order], member_user_id: int | None) -> None:
    """The orders of one checkout credited to the sales team member whose link the buyer followed, while they are
    an active sales team member of the shop; not when they buy themselves."""
    if member_user_id is None:
        return
    for o in orders:
        m = await active_sales_member(s, o.seller_id, member_user_id)
        if m is None:
            return
        email = (await s.execute(select(User.email).where(User.id == member_user_id))).scalar_one()
        if email.lower() == o.payer_email.strip().lower():
            return
        credited(o, SalesTeamCredit(m.id, member_user_id, m.fee_bp))


def credited(order: Order, credit: SalesTeamCredit | None) -> None:
    if credit is not None:
        order.sales_team = credit.to_json()
        order.sales_team_user_id = credit.user_id


async def sales_fees_booked(s: AsyncSession, order: Order, ref: str, amount: int) -> int:
    """The fee a payment of `amount` (keyed under `ref`) earns the order's sales team member, in the payment's
    transaction; once. How many entries were new."""
    if not order.sales_team or amount <= 0:
        return 0
    credit = SalesTeamCredit.from_json(order.sales_team)
    entries = sales_fee_entries(ref, order.seller_id, credit, amount, order.currency_key)
    return await entries_booked(s, entries, order_id=order.id) if entries else 0


async def _earned(s: AsyncSession, order: Order, roots: tuple[str, ...]) -> int:
    q = select(func.coalesce(func.sum(LedgerEntry.amount), 0)).where(
        LedgerEntry.order_id == order.id,
        LedgerEntry.payee_type == PayeeType.sales_team_member,
        LedgerEntry.kind == EntryKind.sales_team_fee,
    )
    if roots:
        q = q.where(
            or_(
                *(
                    LedgerEntry.idempotency_key.startswith(f"{sales_fee_key(r)}-", autoescape=True)
                    for r in roots
                )
            )
        )
    return int((await s.execute(q)).scalar_one())


async def sales_fees_given_back(
    s: AsyncSession,
    order: Order,
    key: str,
    *,
    total: int,
    before: int,
    amount: int,
    rate_roots: tuple[str, ...] = (),
    refund_id: int | None = None,
) -> int:
    """A refund or a chargeback (`key`) of `amount` after `before`, of payments of `total`: the member gives back
    that share of the fee they earned on them; once."""
    if not order.sales_team or amount <= 0:
        return 0
    credit = SalesTeamCredit.from_json(order.sales_team)
    earned = await _earned(s, order, rate_roots)
    entries = sales_fee_back_entries(
        key, order.seller_id, credit.user_id, earned, total, before, amount, order.currency_key
    )
    return await entries_booked(s, entries, order_id=order.id, refund_id=refund_id) if entries else 0


async def sales_fees_restored(s: AsyncSession, order: Order, key: str) -> int:
    """A dispute the seller won: what the chargeback (`key`) took back from the member is theirs again."""
    rows = (
        await s.execute(
            select(LedgerEntry).where(
                LedgerEntry.order_id == order.id,
                LedgerEntry.kind == EntryKind.reversal,
                LedgerEntry.idempotency_key.startswith(f"{sales_fee_key(key)}-", autoescape=True),
            )
        )
    ).scalars()
    entries = [
        Entry(
            e.payee_type,
            e.payee_id,
            EntryKind.sales_team_fee,
            -e.amount,
            e.currency,
            f"{e.idempotency_key}-won",
        )
        for e in rows
    ]
    return await entries_booked(s, entries, order_id=order.id) if entries else 0
