"""A seller's notification choices (core §2 notific_settings): every type shown and mailed as they chose, else
its default; only the types that can occur may be chosen."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from domain.errors import invalid
from domain.notifications import OFFERED, NotificationSetting, settings_with_defaults
from store.notifications.actions import choices_of, choices_saved


async def settings_of(s: AsyncSession, seller_id: int) -> list[NotificationSetting]:
    return settings_with_defaults(await choices_of(s, seller_id))


async def settings_chosen(
    s: AsyncSession, seller_id: int, wanted: list[NotificationSetting]
) -> list[NotificationSetting]:
    """The seller's choice for the types given (the others keep theirs); a type that cannot occur yet is refused."""
    offered = set(OFFERED)
    bad = [x.type for x in wanted if x.type not in offered]
    if bad:
        raise invalid(list=f"not offered: {', '.join(sorted(bad))}")
    await choices_saved(s, seller_id, wanted)
    return await settings_of(s, seller_id)
