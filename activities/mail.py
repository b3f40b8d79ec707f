"""Mail: every mail has a business key; it is stored once and sent at most once per key."""

from __future__ import annotations

import asyncio
import smtplib
from datetime import UTC, datetime
from email.message import EmailMessage

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert

from sellflow.settings import get_settings
from store.db import session
from store.models import Mail


def _smtp_send(to: str, subject: str, body: str) -> None:
    s = get_settings()
    msg = EmailMessage()
    msg["From"] = s.mail_from
    msg["To"] = to
    msg["Subject"] = subject
    msg.set_content(body)
    with smtplib.SMTP(s.smtp_host, s.smtp_port, timeout=10) as smtp:
        smtp.send_message(msg)


async def send_once(key: str, to: str, subject: str, body: str) -> bool:
    """Store the mail under its key, then send it unless an earlier attempt already did. True if sent now."""
    async with session() as s:
        await s.execute(
            insert(Mail)
            .values(idempotency_key=key, to_email=to, subject=subject, body=body)
            .on_conflict_do_nothing()
        )
        mail = (
            await s.execute(select(Mail).where(Mail.idempotency_key == key).with_for_update())
        ).scalar_one()
        if mail.sent_at is not None:
            return False
        await asyncio.to_thread(_smtp_send, mail.to_email, mail.subject, mail.body)
        mail.sent_at = datetime.now(UTC)
        return True
