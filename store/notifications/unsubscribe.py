"""A notification mail's one-click unsubscribe (RFC 8058): its link names the seller and the kind of mail, signed, and
stops that kind of mail for that seller (the cabinet's setting of the type, its in-app half kept)."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from core.settings import get_settings
from core.signing import signed, verified
from domain.notifications import DEFAULTS, NotificationSetting, NotificationType
from store.notifications.actions import choices_of, choices_saved

PURPOSE = "unsubscribe"


def unsubscribe_url(seller_id: int, t: NotificationType) -> str:
    """The address that stops mails of type `t` to this seller (the mail's `List-Unsubscribe`)."""
    token = signed(PURPOSE, f"{seller_id}:{t.value}")
    return f"{get_settings().public_url.rstrip('/')}/emails/unsubscribe/{token}"


def kind_of(token: str) -> tuple[int, NotificationType] | None:
    """The seller and the kind of mail a link stops, if it is one of ours."""
    payload = verified(PURPOSE, token)
    seller, _, kind = (payload or "").partition(":")
    if not seller.isdigit() or kind not in {t.value for t in NotificationType}:
        return None
    return int(seller), NotificationType(kind)


async def mails_stopped(s: AsyncSession, seller_id: int, t: NotificationType) -> None:
    """No more mails of type `t` to the seller; whether it shows in the cabinet stays as they chose."""
    in_app, _ = (await choices_of(s, seller_id)).get(t.value, DEFAULTS[t])
    await choices_saved(s, seller_id, [NotificationSetting(t, in_app, False)])
