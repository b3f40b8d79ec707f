"""Notifications (core §2 notifications, notific_settings): what the cabinet's bell and its settings send and get
back."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from domain.notifications import LIST_MAX, NotificationType


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
