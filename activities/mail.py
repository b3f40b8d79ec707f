"""Mail delivery: render the template, store the mail under its key, send it unless it was sent already.

A mail is sent at most once per key: the outbox row is locked while it is sent and marked sent in the same
transaction. A worker killed between the SMTP send and the commit sends it again (no SMTP server offers an
idempotency key); that is the one gap, and it is documented in docs/DECISIONS.md.
"""

from __future__ import annotations

import structlog
from temporalio import activity

from domain.mail import OutgoingMail
from providers.mail.smtp import Mailer
from providers.mail.templates import render
from store.db import session
from store.mail.actions import mail_sent, mail_stored

log = structlog.get_logger()


async def deliver(mailer: Mailer, mail: OutgoingMail) -> bool:
    """True if the mail went out now, False if an earlier attempt had sent it."""
    rendered = render(mail.template, mail.locale, mail.context)
    async with session() as s:
        row = await mail_stored(s, key=mail.key, to=mail.to, subject=rendered.subject, body=rendered.body)
        if row.sent_at is not None:
            return False
        await mailer.send(row.to_email, row.subject, row.body)
        mail_sent(row)
    log.info("mail_sent", key=mail.key, template=mail.template)
    return True


class MailActivities:
    """Activities for the Mail workflow, with the sender injected (the worker passes the SMTP mailer)."""

    def __init__(self, mailer: Mailer) -> None:
        self.mailer = mailer

    @activity.defn
    async def deliver_mail(self, mail: OutgoingMail) -> bool:
        return await deliver(self.mailer, mail)
