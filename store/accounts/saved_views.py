"""Saved views of the cabinet's lists, each a seller's own (scoped by seller in every query)."""

from __future__ import annotations

from sqlalchemy import delete, func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain.errors import DomainError, ErrorCode
from domain.listing import SAVED_VIEWS_MAX, SavedList
from store.accounts.models import SavedView


async def views_of(s: AsyncSession, seller_id: int, list_key: SavedList) -> list[SavedView]:
    q = (
        select(SavedView)
        .where(SavedView.seller_id == seller_id, SavedView.list_key == list_key)
        .order_by(func.lower(SavedView.name), SavedView.id)
    )
    return list((await s.execute(q)).scalars())


async def view_saved(
    s: AsyncSession, seller_id: int, list_key: SavedList, name: str, query: str
) -> SavedView:
    """The view under its name: a new one, or the same name saved again replaces its query. At most
    SAVED_VIEWS_MAX per list (409 beyond)."""
    count = (
        await s.execute(
            select(func.count()).where(SavedView.seller_id == seller_id, SavedView.list_key == list_key)
        )
    ).scalar_one()
    exists = (
        await s.execute(
            select(SavedView.id).where(
                SavedView.seller_id == seller_id, SavedView.list_key == list_key, SavedView.name == name
            )
        )
    ).scalar_one_or_none()
    if exists is None and count >= SAVED_VIEWS_MAX:
        raise DomainError(
            ErrorCode.CONFLICT,
            f"A list keeps at most {SAVED_VIEWS_MAX} views; delete one first.",
            reason="too_many",
        )
    row = (
        await s.execute(
            insert(SavedView)
            .values(seller_id=seller_id, list_key=list_key, name=name, query=query)
            .on_conflict_do_update(constraint="uq_saved_views_seller_id", set_={"query": query})
            .returning(SavedView)
        )
    ).scalar_one()
    return row


async def view_deleted(s: AsyncSession, seller_id: int, view_id: int) -> None:
    """The seller's view gone; another seller's, or none, is a 404."""
    done = await s.execute(delete(SavedView).where(SavedView.id == view_id, SavedView.seller_id == seller_id))
    if not done.rowcount:  # type: ignore[attr-defined]
        raise DomainError(ErrorCode.NOT_FOUND, "View not found.")
