"""Notification reads: the seller's list (newest first) and how many are unread."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from store.notifications.models import Notification


async def notifications_of(
    s: AsyncSession, seller_id: int, offset: int, limit: int, unread_only: bool
) -> tuple[list[Notification], int, int]:
    """A page of the seller's notifications, the count the filter gives, and the unread count."""
    n = Notification
    where = [n.seller_id == seller_id, n.shown]
    if unread_only:
        where.append(n.read_at.is_(None))
    rows = list(
        (await s.execute(select(n).where(*where).order_by(n.id.desc()).offset(offset).limit(limit))).scalars()
    )
    total = (await s.execute(select(func.count()).where(*where))).scalar_one()
    return rows, total, await unread_count(s, seller_id)


async def unread_count(s: AsyncSession, seller_id: int) -> int:
    n = Notification
    return (
        await s.execute(select(func.count()).where(n.seller_id == seller_id, n.shown, n.read_at.is_(None)))
    ).scalar_one()
