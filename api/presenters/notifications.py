"""A seller's notifications and their choices as the cabinet shows them."""

from __future__ import annotations

from api.schemas.notifications import NotificationOut, SettingOut, SettingsOut
from domain.notifications import NotificationSetting, NotificationType
from store.notifications.models import Notification


def notification_out(n: Notification) -> NotificationOut:
    return NotificationOut(
        id=n.id, type=NotificationType(n.type), data=n.data, created_at=n.created_at, read_at=n.read_at
    )


def settings_out(chosen: list[NotificationSetting]) -> SettingsOut:
    return SettingsOut(list=[SettingOut(type=x.type, in_app=x.in_app, mail=x.mail) for x in chosen])
