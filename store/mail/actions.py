"""Outbox actions: a mail is stored once under its business key, and marked sent once it went out."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain.limits import MAIL_SUBJECT_MAX
from store.mail.models import Mail


def _fits(subject: str) -> str:
    return subject if len(subject) <= MAIL_SUBJECT_MAX else subject[: MAIL_SUBJECT_MAX - 1] + "…"


async def mail_stored(
    s: AsyncSession,
    *,
    key: str,
    to: str,
    subject: str,
    body: str,
    unsubscribe_url: str | None = None,
    view_token: str | None = None,
) -> Mail:
    """The mail under this key, locked for this transaction; the first stored content wins."""
    await mail_queued(
        s, key=key, to=to, subject=subject, body=body, unsubscribe_url=unsubscribe_url, view_token=view_token
    )
    return (await s.execute(select(Mail).where(Mail.idempotency_key == key).with_for_update())).scalar_one()


async def mail_queued(
    s: AsyncSession,
    *,
    key: str,
    to: str,
    subject: str,
    body: str,
    unsubscribe_url: str | None = None,
    view_token: str | None = None,
) -> None:
    """The mail stored under its key unless it is there (the first stored content wins), in one statement: a
    caller that does not need the row (the outbox sends it) stops here."""
    values = {"idempotency_key": key, "to_email": to, "subject": _fits(subject), "body": body,
              "unsubscribe_url": unsubscribe_url, "view_token": view_token}  # fmt: skip
    await s.execute(insert(Mail).values(**values).on_conflict_do_nothing())


def mail_sent(mail: Mail) -> None:
    mail.sent_at = datetime.now(UTC)


async def mail_marked_sent(s: AsyncSession, *, key: str, to: str, subject: str, body: str) -> None:
    """The mail stored as sent (its row too, when the transaction that stored it was lost with the send's)."""
    subject = _fits(subject)
    now = datetime.now(UTC)
    await s.execute(
        insert(Mail)
        .values(idempotency_key=key, to_email=to, subject=subject, body=body, sent_at=now)
        .on_conflict_do_update(
            index_elements=[Mail.idempotency_key], set_={"sent_at": func.coalesce(Mail.sent_at, now)}
        )
    )


async def mails_unsent(s: AsyncSession, limit: int) -> list[int]:
    """The oldest mails stored and not sent (queued with their fact, activities/mail.py `queued`)."""
    rows = await s.execute(select(Mail.id).where(Mail.sent_at.is_(None)).order_by(Mail.id).limit(limit))
    return list(rows.scalars())


async def unsent_locked(s: AsyncSession, mail_id: int) -> Mail | None:
    """The mail, locked for this transaction, if it is still unsent and no one else is sending it now."""
    q = select(Mail).where(Mail.id == mail_id, Mail.sent_at.is_(None)).with_for_update(skip_locked=True)
    return (await s.execute(q)).scalar_one_or_none()


async def mail_viewed(s: AsyncSession, token: str) -> Mail | None:
    """The mail a browser-view link finds (core §2 `/email_logs/{token}`)."""
    return (await s.execute(select(Mail).where(Mail.view_token == token))).scalar_one_or_none()
