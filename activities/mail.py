"""Mail delivery: render the template, store the mail under its key, send it unless it was sent already.

A mail is sent at most once per key: the outbox row is locked while it is sent and marked sent in the same
transaction; when the database goes away between the send and the commit, the process marks it sent as soon as
the database answers again. A worker killed between the SMTP send and the commit sends it again (no SMTP server
offers an idempotency key); that is the one gap, and it is documented in docs/DECISIONS.md.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import TypedDict

import structlog
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncSession
from temporalio import activity

from core.settings import get_settings
from core.signing import keyed
from domain.mail import SIGN_IN_LINKS, OutgoingMail, unsubscribe_headers, with_footer
from providers.mail.smtp import Mailer
from providers.mail.templates import render
from store.db import session
from store.mail.actions import (
    mail_marked_sent,
    mail_queued,
    mail_sent,
    mail_stored,
    mails_unsent,
    unsent_locked,
)
from store.mail.models import Mail

log = structlog.get_logger()
MARK_SENT_PATIENCE_S = 20  # a sent mail waits at most this long for the database to mark it


class Written(TypedDict):
    key: str
    to: str
    subject: str
    body: str
    unsubscribe_url: str | None
    view_token: str | None


def _written(mail: OutgoingMail) -> Written:
    """The mail as stored and sent: its template rendered, with its footer (the link to read it in a browser, unless
    its link signs in, and the line that stops its kind if it has one)."""
    rendered = render(mail.template, mail.locale, mail.context)
    view = None if mail.template.value in SIGN_IN_LINKS else keyed("email_log", mail.key)
    view_url = f"{get_settings().public_url}/email_logs/{view}" if view else None
    return {
        "key": mail.key,
        "to": mail.to,
        "subject": rendered.subject,
        "body": with_footer(rendered.body, mail.unsubscribe_url, view_url, mail.locale),
        "unsubscribe_url": mail.unsubscribe_url,
        "view_token": view,
    }


async def queued(s: AsyncSession, mail: OutgoingMail) -> None:
    """The mail stored in the caller's transaction, to be sent by the outbox round (`send_queued`): it commits
    with its fact or not at all, and the fact's path waits for no mail server."""
    await mail_queued(s, **_written(mail))


async def send_queued(mailer: Mailer, limit: int, lanes: int) -> int:
    """One round of the outbox: the oldest queued mails, `lanes` at a time, each locked, sent and marked sent in
    its own transaction (a Mail workflow sending the same key holds the lock: it is skipped). How many went."""
    async with session() as s:
        ids = await mails_unsent(s, limit)
    gate = asyncio.Semaphore(lanes)

    async def one(mail_id: int) -> bool:
        async with gate:
            return await _sent_once(mailer, lambda s: unsent_locked(s, mail_id))

    sent = sum(await asyncio.gather(*(one(i) for i in ids)))
    if sent:
        log.info("queued_mails_sent", sent=sent)
    return sent


async def deliver(mailer: Mailer, mail: OutgoingMail) -> bool:
    """True if the mail went out now, False if an earlier attempt had sent it."""
    written = _written(mail)

    async def unsent(s: AsyncSession) -> Mail | None:
        row = await mail_stored(s, **written)
        return None if row.sent_at is not None else row

    if not await _sent_once(mailer, unsent):
        return False
    log.info("mail_sent", key=mail.key, template=mail.template)
    return True


async def _sent_once(mailer: Mailer, locked: Callable[[AsyncSession], Awaitable[Mail | None]]) -> bool:
    """The mail `locked` finds (locked for the transaction; None: nothing to send) sent, and marked sent in that
    transaction; when the database went away after the send, marked as soon as it answers again. Whether it went."""
    sent: tuple[str, str, str, str] | None = None
    try:
        async with session() as s:
            row = await locked(s)
            if row is None:
                return False
            await mailer.send(row.to_email, row.subject, row.body, unsubscribe_headers(row.unsubscribe_url))
            sent = (row.idempotency_key, row.to_email, row.subject, row.body)
            mail_sent(row)
    except (OSError, SQLAlchemyError):
        if sent is None:
            raise
        await _marked_sent_once_back(*sent)
    return True


async def _marked_sent_once_back(key: str, to: str, subject: str, body: str) -> None:
    """The mail went out but the database went away before it was marked sent (it restarts): marked as soon as it
    answers again, so the activity's retry does not send it a second time. Only this process knows it was sent;
    a worker killed in this moment sends it again (the gap in the module's docstring)."""
    patience: float = MARK_SENT_PATIENCE_S
    if activity.in_activity():  # within the step's own time: a timed-out attempt's retry would send it again
        info = activity.info()
        if info.start_to_close_timeout:
            spent = (datetime.now(UTC) - info.started_time).total_seconds()
            patience = min(patience, info.start_to_close_timeout.total_seconds() - spent - 1)
    deadline = time.monotonic() + patience
    while True:
        try:
            async with session() as s:
                await mail_marked_sent(s, key=key, to=to, subject=subject, body=body)
            return
        except (OSError, SQLAlchemyError):
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.5)


class MailActivities:
    """Activities for the Mail workflow, with the sender injected (the worker passes the SMTP mailer)."""

    def __init__(self, mailer: Mailer) -> None:
        self.mailer = mailer

    @activity.defn
    async def deliver_mail(self, mail: OutgoingMail) -> bool:
        return await deliver(self.mailer, mail)
