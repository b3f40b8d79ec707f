"""`/emails/unsubscribe/{token}` (core §2): a notification mail's unsubscribe link. A mail client's one-click button
posts to it (RFC 8058, `List-Unsubscribe=One-Click`, no session: the signed link is the permission); opened in a
browser it is the web app's page, which asks first and then posts the same (`GET /v1/emails/unsubscribe/{token}` says
what the link stops). `/email_logs/{token}` (core §2): a mail read in a browser, the web app's page asking
`GET /v1/emails/logs/{token}` (the token, kept with the mail, is the permission)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Path
from pydantic import BaseModel

from api.deps import DB
from domain.errors import DomainError, ErrorCode
from domain.notifications import NotificationType
from store.mail.actions import mail_viewed
from store.notifications.actions import mail_chosen
from store.notifications.unsubscribe import kind_of, mails_stopped

router = APIRouter(tags=["emails"])
Token = Annotated[str, Path(min_length=10, max_length=400)]


class MailKind(BaseModel):
    """The kind of mail an unsubscribe link stops, and whether it is still sent."""

    type: NotificationType
    mailed: bool


def _kind(token: str) -> tuple[int, NotificationType]:
    found = kind_of(token)
    if found is None:
        raise DomainError(ErrorCode.NOT_FOUND, "This unsubscribe link is not valid.")
    return found


@router.get("/v1/emails/unsubscribe/{token}", response_model=MailKind)
async def unsubscribe_link(token: Token, s: DB) -> MailKind:
    """What an unsubscribe link stops, and whether those mails are still sent. 404 for a link that is not ours."""
    seller_id, t = _kind(token)
    return MailKind(type=t, mailed=await mail_chosen(s, seller_id, t))


@router.post("/emails/unsubscribe/{token}", response_model=MailKind)
async def unsubscribe(token: Token, s: DB) -> MailKind:
    """Stops the link's kind of mail (the one-click POST of RFC 8058; its body, `List-Unsubscribe=One-Click`, is not
    needed). Again: the same answer. 404 for a link that is not ours."""
    seller_id, t = _kind(token)
    await mails_stopped(s, seller_id, t)
    return MailKind(type=t, mailed=False)


class MailView(BaseModel):
    """A mail as it was sent: its subject and text, and when it went (null: still on its way)."""

    subject: str
    body: str
    sent_at: datetime | None
    created_at: datetime


ViewToken = Annotated[str, Path(min_length=32, max_length=32, pattern="^[0-9a-f]{32}$")]


@router.get("/v1/emails/logs/{token}", response_model=MailView)
async def mail_view(token: ViewToken, s: DB) -> MailView:
    """A mail's browser view (its footer links here). 404 for a token that finds none, and for the mails whose link
    signs in (they have no browser view)."""
    mail = await mail_viewed(s, token)
    if mail is None:
        raise DomainError(ErrorCode.NOT_FOUND, "This mail is not here.")
    return MailView(subject=mail.subject, body=mail.body, sent_at=mail.sent_at, created_at=mail.created_at)
