"""What the team member area shows (issue 23): the orders a sales team member sold and what they earned."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.ledger.ledger import EntryKind, PayeeType
from store.accounts.models import User
from store.accounts.queries import display_name
from store.ledger.models import LedgerEntry
from store.ledger.queries import payee_orders
from store.orders.models import Order

FEE_KINDS = (EntryKind.sales_team_fee, EntryKind.reversal)


@dataclass(frozen=True)
class SoldOrder:
    id: int
    created_at: datetime
    product: str
    shop: str
    payment_state: str
    total: int
    paid: int
    currency: str
    fee_bp: int
    earned: int


async def sold_orders(s: AsyncSession, user_id: int, page: int, per: int) -> tuple[list[SoldOrder], int]:
    """The orders credited to the sales team member, newest first, with their fee and what each earned them; no
    buyer's details."""
    mine = Order.sales_team_user_id == user_id
    rows, total = await payee_orders(s, mine, (PayeeType.sales_team_member, user_id), FEE_KINDS, page, per)
    return [
        SoldOrder(
            id=o.id,
            created_at=o.created_at,
            product=o.product_name,
            shop=shop,
            payment_state=o.payment_state.value,
            total=o.total,
            paid=o.paid,
            currency=o.currency_key,
            fee_bp=int((o.sales_team or {}).get("fee_bp", 0)),
            earned=e,
        )
        for o, shop, e in rows
    ], total


@dataclass(frozen=True)
class SalesTotals:
    orders: int
    earned: int


async def sales_totals(s: AsyncSession, user_id: int) -> SalesTotals:
    orders = int(
        (await s.execute(select(func.count()).where(Order.sales_team_user_id == user_id))).scalar_one()
    )
    earned = int(
        (
            await s.execute(
                select(func.coalesce(func.sum(LedgerEntry.amount), 0)).where(
                    LedgerEntry.payee_type == PayeeType.sales_team_member,
                    LedgerEntry.payee_id == user_id,
                    LedgerEntry.kind.in_(FEE_KINDS),
                    LedgerEntry.order_id.is_not(None),  # a returned payout's reversal is no earning
                )
            )
        ).scalar_one()
    )
    return SalesTotals(orders, earned)


async def member_name(s: AsyncSession, user_id: int) -> str:
    """How the cabinet names a sales team member: their name, else their address."""
    u = await s.get(User, user_id)
    return (display_name(u) or u.email) if u else ""
