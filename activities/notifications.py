"""Notification activities, with the mailer injected.

- `mail_notifications`: for about half a minute, sends the mails of new notifications (the ones whose type the
  seller gets by mail), each once under its key `notice-{id}`, and marks them sent.
- `write_income_summaries`: the day, week and month summaries a closed day is due for, a page of sellers a call.
"""

from __future__ import annotations

import asyncio
import smtplib
import time
from datetime import date

import structlog
from temporalio import activity

from activities.mail import deliver, send_queued
from core.settings import get_settings
from domain.mail import OutgoingMail
from domain.notifications import (
    MAIL_BATCH,
    MAIL_LANES,
    NOTICE_MAIL,
    NoticeMailRound,
    NotificationType,
    SummaryPage,
    SummaryPageDone,
    notice_mail_context,
)
from providers.mail.smtp import Mailer
from store.accounts.queries import seller_user_of
from store.db import session
from store.notifications.actions import mails_waiting
from store.notifications.models import Notification
from store.notifications.unsubscribe import unsubscribe_url
from store.orders.income_summaries import summaries_written

log = structlog.get_logger()


class NotificationActivities:
    def __init__(self, mailer: Mailer) -> None:
        self.mailer = mailer

    async def _mail_once(self) -> int:
        """One batch: each notification's mail is rendered and sent (at most once per key, activities/mail.py),
        several at a time, while the batch's rows are locked; they are marked sent in the same transaction."""
        base = get_settings().public_url
        async with session() as s:
            waiting = await mails_waiting(s, MAIL_BATCH)
            mails: list[tuple[Notification, OutgoingMail | None]] = []
            for n in waiting:
                t = NotificationType(n.type)
                user = await seller_user_of(s, n.seller_id)
                template = NOTICE_MAIL.get(t)
                mail = (
                    OutgoingMail(
                        key=f"notice-{n.id}",
                        to=user.email,
                        template=template,
                        locale=user.locale,
                        context=notice_mail_context(t, n.data, user.locale, base),
                        unsubscribe_url=unsubscribe_url(n.seller_id, t),
                    )
                    if user is not None and template is not None
                    else None
                )
                mails.append((n, mail))
            lanes = asyncio.Semaphore(MAIL_LANES)

            async def send(n: Notification, mail: OutgoingMail) -> str:
                async with lanes:
                    try:
                        await deliver(self.mailer, mail)
                    except (OSError, smtplib.SMTPException):
                        raise  # the mail server: the round is tried again
                    except Exception:  # noqa: BLE001 - this one mail cannot be made: it must not hold up the rest
                        log.exception("notification_mail_failed", notification=n.id, type=n.type)
                        return "failed"
                return "sent"

            sent = await asyncio.gather(*(send(n, m) for n, m in mails if m is not None))
            results = iter(sent)
            for n, m in mails:
                n.mail_state = next(results) if m is not None else "none"
        return len(waiting)

    @activity.defn
    async def mail_notifications(self, req: NoticeMailRound) -> int:
        deadline = time.monotonic() + req.window_s
        sent = 0
        while True:
            # the notifications' mails, then the mails queued with their fact (a renewal's receipt)
            n = await self._mail_once()
            n += await send_queued(self.mailer, MAIL_BATCH, MAIL_LANES)
            sent += n
            activity.heartbeat(sent)
            if time.monotonic() >= deadline:
                return sent
            if n < MAIL_BATCH:
                await asyncio.sleep(req.poll_s)

    @activity.defn
    async def write_income_summaries(self, req: SummaryPage) -> SummaryPageDone:
        async with session() as s:
            written, last = await summaries_written(s, date.fromisoformat(req.day), req.after_seller_id)
        log.info("income_summaries_written", day=req.day, written=written, after=req.after_seller_id)
        return SummaryPageDone(written, last)
