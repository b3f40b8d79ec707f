"""The seller's notifications (core §9 types; issue 24 item 6): the list the cabinet's bell opens, marking read,
and the choice per type of what is shown and what is mailed."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from api.deps import DB, CurrentSeller
from api.presenters.notifications import notification_out, settings_out
from api.schemas.notifications import NotificationList, ReadIn, SettingsIn, SettingsOut, UnreadCount
from domain.notifications import LIST_MAX, NotificationSetting
from services import notifications
from store.notifications.actions import read_marked
from store.notifications.queries import notifications_of, unread_count

router = APIRouter()


@router.get("/notifications", response_model=NotificationList)
async def list_notifications(
    seller: CurrentSeller,
    s: DB,
    page: Annotated[int, Query(ge=1, le=100_000)] = 1,
    per: Annotated[int, Query(ge=1, le=LIST_MAX)] = 20,
    unread: bool = False,
) -> NotificationList:
    """The seller's notifications, newest first (`unread`: only the unread ones), with the unread count."""
    rows, total, unread_n = await notifications_of(s, seller.id, (page - 1) * per, per, unread)
    return NotificationList(
        list=[notification_out(n) for n in rows], total_count=total, unread_count=unread_n
    )


@router.get("/notifications/unread_count", response_model=UnreadCount)
async def count_unread_notifications(seller: CurrentSeller, s: DB) -> UnreadCount:
    """How many notifications the seller has not read (the bell's badge)."""
    return UnreadCount(unread_count=await unread_count(s, seller.id))


@router.post("/notifications/read", response_model=UnreadCount)
async def mark_notifications_read(body: ReadIn, seller: CurrentSeller, s: DB) -> UnreadCount:
    """Marks the given notifications read (every one without `ids`); another seller's ids change nothing."""
    await read_marked(s, seller.id, body.ids)
    return UnreadCount(unread_count=await unread_count(s, seller.id))


@router.get("/notification_settings", response_model=SettingsOut)
async def get_notification_settings(seller: CurrentSeller, s: DB) -> SettingsOut:
    """Every notification type the seller can get, shown and mailed as they chose (else the default)."""
    return settings_out(await notifications.settings_of(s, seller.id))


@router.put("/notification_settings", response_model=SettingsOut)
async def save_notification_settings(body: SettingsIn, seller: CurrentSeller, s: DB) -> SettingsOut:
    """The seller's choice for the types given (the others keep theirs); a type that cannot occur yet is refused."""
    wanted = [NotificationSetting(x.type, x.in_app, x.mail) for x in body.list]
    return settings_out(await notifications.settings_chosen(s, seller.id, wanted))
