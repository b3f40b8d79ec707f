"""Ledger writes: entries are inserted once per idempotency key and never changed."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain.ledger.ledger import DEFAULT_FEE, DEFAULT_PLAN, Entry, FeeRate, balanced
from store.accounts.models import Seller
from store.ledger.models import LedgerEntry, PlatformPlan


async def fee_rate_of(s: AsyncSession, seller_id: int) -> FeeRate:
    """The fee of the seller's platform plan, or of the default plan when they have none (one statement)."""
    plan_id = select(Seller.platform_plan_id).where(Seller.id == seller_id).scalar_subquery()
    plan = (
        await s.execute(
            select(PlatformPlan).where(
                (PlatformPlan.id == plan_id) | (plan_id.is_(None) & (PlatformPlan.name == DEFAULT_PLAN))
            )
        )
    ).scalar_one_or_none()
    return FeeRate(plan.fee_basis_points, plan.fee_fixed) if plan else DEFAULT_FEE


async def entries_booked(
    s: AsyncSession, entries: list[Entry], *, order_id: int | None = None, refund_id: int | None = None
) -> int:
    """Books a balanced set of entries; a retry books nothing twice (unique key). Returns how many were new."""
    if not balanced(entries):
        raise ValueError("ledger entries must sum to zero per currency")
    result = await s.execute(
        insert(LedgerEntry)
        .values(
            [
                {
                    "payee_type": e.payee_type,
                    "payee_id": e.payee_id,
                    "kind": e.kind,
                    "amount": e.amount,
                    "currency": e.currency,
                    "idempotency_key": e.key,
                    "order_id": order_id,
                    "refund_id": refund_id,
                }
                for e in entries
            ]
        )
        .on_conflict_do_nothing(index_elements=[LedgerEntry.idempotency_key])
        .returning(LedgerEntry.id)
    )
    return len(result.all())
