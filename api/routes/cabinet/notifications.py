"""The seller's notifications (core §9 types; issue 24 item 6): the list the cabinet's bell opens, marking read,
and the choice per type of what is shown and what is mailed."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Query
from pydantic import BaseModel, ConfigDict, Field

from api.deps import DB, CurrentSeller
from domain.errors import invalid
from domain.notifications import (
    LIST_MAX,
    OFFERED,
    NotificationSetting,
    NotificationType,
    settings_with_defaults,
)
from store.notifications.actions import choices_of, choices_saved, read_marked
from store.notifications.models import Notification
from store.notifications.queries import notifications_of, unread_count

router = APIRouter()


class NotificationOut(BaseModel):
    id: int
    type: NotificationType
    data: dict[
        str, Any
    ]  # what it is about (an order's token, product and amount; a lesson; a period's sales)
    created_at: datetime
    read_at: datetime | None


class NotificationList(BaseModel):
    list: list[NotificationOut]
    total_count: int
    unread_count: int


class UnreadCount(BaseModel):
    unread_count: int


class ReadIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    # the notifications to mark read; none: every one
    ids: Annotated[list[Annotated[int, Field(ge=1, le=2**53)]], Field(max_length=LIST_MAX)] | None = None


class SettingOut(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: NotificationType
    in_app: bool  # shown in the cabinet
    mail: bool  # sent by mail


class SettingsOut(BaseModel):
    list: list[SettingOut]


class SettingsIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    list: Annotated[list[SettingOut], Field(max_length=len(NotificationType))]


def _out(n: Notification) -> NotificationOut:
    return NotificationOut(
        id=n.id, type=NotificationType(n.type), data=n.data, created_at=n.created_at, read_at=n.read_at
    )


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
    return NotificationList(list=[_out(n) for n in rows], total_count=total, unread_count=unread_n)


@router.get("/notifications/unread_count", response_model=UnreadCount)
async def count_unread_notifications(seller: CurrentSeller, s: DB) -> UnreadCount:
    """How many notifications the seller has not read (the bell's badge)."""
    return UnreadCount(unread_count=await unread_count(s, seller.id))


@router.post("/notifications/read", response_model=UnreadCount)
async def mark_notifications_read(body: ReadIn, seller: CurrentSeller, s: DB) -> UnreadCount:
    """Marks the given notifications read (every one without `ids`); another seller's ids change nothing."""
    await read_marked(s, seller.id, body.ids)
    return UnreadCount(unread_count=await unread_count(s, seller.id))


async def _settings(s: DB, seller_id: int) -> SettingsOut:
    chosen = settings_with_defaults(await choices_of(s, seller_id))
    return SettingsOut(list=[SettingOut(type=x.type, in_app=x.in_app, mail=x.mail) for x in chosen])


@router.get("/notification_settings", response_model=SettingsOut)
async def get_notification_settings(seller: CurrentSeller, s: DB) -> SettingsOut:
    """Every notification type the seller can get, shown and mailed as they chose (else the default)."""
    return await _settings(s, seller.id)


@router.put("/notification_settings", response_model=SettingsOut)
async def save_notification_settings(body: SettingsIn, seller: CurrentSeller, s: DB) -> SettingsOut:
    """The seller's choice for the types given (the others keep theirs); a type that cannot occur yet is refused."""
    offered = set(OFFERED)
    bad = [x.type for x in body.list if x.type not in offered]
    if bad:
        raise invalid(list=f"not offered: {', '.join(sorted(bad))}")
    await choices_saved(s, seller.id, [NotificationSetting(x.type, x.in_app, x.mail) for x in body.list])
    return await _settings(s, seller.id)
