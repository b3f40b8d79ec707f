"""The mail sender behind one small interface; locally the stack's mail catcher, in production any SMTP relay. Every
mail carries its date and message id, and is DKIM-signed when a key is set (providers/mail/dkim.py)."""

from __future__ import annotations

import asyncio
import queue
import smtplib
from collections.abc import Mapping
from email.message import EmailMessage
from email.policy import SMTP
from email.utils import formatdate, make_msgid, parseaddr
from typing import Protocol

from core.settings import get_settings
from providers.mail.dkim import dkim_key, signed


class Mailer(Protocol):
    async def send(
        self, to: str, subject: str, body: str, headers: Mapping[str, str] | None = None
    ) -> None: ...


class SmtpMailer:
    """Sends through connections it keeps open between mails (a connection, EHLO and QUIT per mail were a seventh
    of the worker's CPU in a billing storm, py-spy); a connection the server has closed meanwhile is replaced."""

    def __init__(self, host: str, port: int, sender: str) -> None:
        self.host, self.port, self.sender = host, port, sender
        self.address = parseaddr(sender)[1]  # the envelope's sender, and the domain of each message id
        self.domain = self.address.rpartition("@")[2].lower() or None
        self._idle: queue.SimpleQueue[smtplib.SMTP] = queue.SimpleQueue()

    def _connection(self) -> smtplib.SMTP:
        try:
            return self._idle.get_nowait()
        except queue.Empty:
            return smtplib.SMTP(self.host, self.port, timeout=10)

    @classmethod
    def from_settings(cls) -> SmtpMailer:
        s = get_settings()
        return cls(s.smtp_host, s.smtp_port, s.mail_from)

    def _send(self, to: str, subject: str, body: str, headers: Mapping[str, str] | None = None) -> None:
        msg = EmailMessage(policy=SMTP)
        msg["From"] = self.sender
        msg["To"] = to
        msg["Subject"] = subject
        msg["Date"] = formatdate(localtime=False, usegmt=True)
        msg["Message-ID"] = make_msgid(domain=self.domain)
        for name, value in (headers or {}).items():
            msg[name] = value
        msg.set_content(body)
        raw = msg.as_bytes()
        key = dkim_key()
        if key is not None:
            raw = signed(raw, key)
        smtp = self._connection()
        try:
            try:
                smtp.sendmail(self.address, [to], raw)
            except smtplib.SMTPServerDisconnected:
                # an idle connection the server closed: refused at its first command, so nothing went out yet
                smtp.close()
                smtp = smtplib.SMTP(self.host, self.port, timeout=10)
                smtp.sendmail(self.address, [to], raw)
        except BaseException:
            smtp.close()
            raise
        self._idle.put(smtp)

    async def send(self, to: str, subject: str, body: str, headers: Mapping[str, str] | None = None) -> None:
        await asyncio.to_thread(self._send, to, subject, body, headers)
