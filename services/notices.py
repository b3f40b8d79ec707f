"""The platform's own messages to sellers: a manager's custom notification, shown and mailed as each seller chose."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from domain.errors import DomainError, ErrorCode
from store.accounts.models import Seller
from store.notifications.actions import custom_sent


async def custom_notification(s: AsyncSession, key: str, seller_id: int | None, title: str, text: str) -> int:
    """To one seller (404 for no such seller) or to every active seller, once per seller under `key`: how many it
    reached now."""
    if seller_id is not None and await s.get(Seller, seller_id) is None:
        raise DomainError(ErrorCode.NOT_FOUND, "No such seller.")
    return await custom_sent(s, key, seller_id, title, text)
