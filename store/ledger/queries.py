"""Ledger reads: balances are sums of entries; the seller's transfers list runs on the generic list engine."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from sqlalchemy import ColumnElement, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.ledger.ledger import EntryKind, PayeeType, PlanPurpose
from domain.listing import ListParams
from store.accounts.models import Seller, User
from store.ledger.models import LedgerEntry, PlatformPlan
from store.listing import ListSpec, enum_filter, run_list, window_filters, window_schemas
from store.orders.models import Order


async def balances(s: AsyncSession, payee_type: PayeeType, payee_id: int) -> dict[str, int]:
    """The payee's balance per currency: the sum of its entries."""
    q = (
        select(LedgerEntry.currency, func.sum(LedgerEntry.amount))
        .where(LedgerEntry.payee_type == payee_type, LedgerEntry.payee_id == payee_id)
        .group_by(LedgerEntry.currency)
    )
    return {cur: int(total) for cur, total in (await s.execute(q)).all()}


async def order_entries(s: AsyncSession, order_id: int) -> list[LedgerEntry]:
    q = select(LedgerEntry).where(LedgerEntry.order_id == order_id).order_by(LedgerEntry.id)
    return list((await s.execute(q)).scalars())


TRANSFER_FILTERS: dict[str, dict[str, Any]] = {
    "kind": {"type": "array", "items": {"type": "string", "enum": list(EntryKind)}},
    **window_schemas("created"),
}
TRANSFER_LIST = ListSpec(
    sort_columns={"created_at": LedgerEntry.created_at, "amount": LedgerEntry.amount},
    default_sort="created_at",
    tiebreak=LedgerEntry.id,
    filters={
        "kind": enum_filter(LedgerEntry.kind, EntryKind, "kind"),
        **window_filters(LedgerEntry.created_at, "created"),
    },
    search=lambda q, text: q.where(Order.token == text.strip().lower().replace(" ", "")),
)


async def transfers_listed(
    s: AsyncSession, seller_id: int, params: ListParams
) -> tuple[list[dict[str, Any]], int]:
    base = (
        select(
            LedgerEntry.id,
            LedgerEntry.kind,
            LedgerEntry.amount,
            LedgerEntry.currency,
            LedgerEntry.created_at,
            Order.token.label("order_token"),
            Order.product_name,
        )
        .outerjoin(Order, Order.id == LedgerEntry.order_id)
        .where(LedgerEntry.payee_type == PayeeType.seller, LedgerEntry.payee_id == seller_id)
    )
    rows, total = await run_list(s, base, params, TRANSFER_LIST)
    return rows, total


async def payee_orders(
    s: AsyncSession,
    mine: ColumnElement[bool],
    payee: tuple[PayeeType, int],
    kinds: Collection[EntryKind],
    page: int,
    per: int,
) -> tuple[list[tuple[Order, str, int]], int]:
    """The orders that earn a payee (a publisher, a sales team member) something, newest first: each with its shop's
    name and what the payee's entries of `kinds` on it sum to; and how many there are. `mine`: which orders."""
    payee_type, payee_id = payee
    total = int((await s.execute(select(func.count()).where(mine))).scalar_one())
    earned = (
        select(func.coalesce(func.sum(LedgerEntry.amount), 0))
        .where(
            LedgerEntry.order_id == Order.id,
            LedgerEntry.payee_type == payee_type,
            LedgerEntry.payee_id == payee_id,
            LedgerEntry.kind.in_(kinds),
        )
        .scalar_subquery()
    )
    rows = await s.execute(
        select(Order, User.username, earned)
        .join(Seller, Seller.id == Order.seller_id)
        .join(User, User.id == Seller.user_id)
        .where(mine)
        .order_by(Order.id.desc())
        .offset((page - 1) * per)
        .limit(per)
    )
    return [(o, shop or "", int(e)) for o, shop, e in rows.all()], total


async def public_plans(s: AsyncSession) -> list[PlatformPlan]:
    """The platform plans a seller may choose (purpose `public`), the lowest fee first."""
    rows = await s.execute(
        select(PlatformPlan)
        .where(PlatformPlan.purpose == PlanPurpose.public)
        .order_by(PlatformPlan.fee_basis_points, PlatformPlan.fee_fixed, PlatformPlan.id)
    )
    return list(rows.scalars())
