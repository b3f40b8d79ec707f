"""The SMTP mailer keeps its connections open between mails and replaces one the server has closed meanwhile:
every mail arrives once, over one connection while the server keeps it."""

from __future__ import annotations

import socket

from aiosmtpd.controller import Controller

from providers.mail.smtp import SmtpMailer


class Inbox:
    def __init__(self) -> None:
        self.mails: list[str] = []
        self.greetings = 0

    async def handle_EHLO(self, server, session, envelope, hostname, responses):  # noqa: N802 - aiosmtpd's hook
        self.greetings += 1
        session.host_name = hostname
        return responses

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's hook
        self.mails.append(envelope.content.decode())
        return "250 OK"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def test_mails_share_a_connection_and_a_closed_one_is_replaced():
    port, inbox = _free_port(), Inbox()
    server = Controller(inbox, hostname="127.0.0.1", port=port)
    server.start()
    mailer = SmtpMailer("127.0.0.1", port, "shop@sellflow.local")
    try:
        for n in range(3):
            await mailer.send("payer@example.com", f"Rate {n}", "Thank you.")
        assert [m.count("Subject: Rate") for m in inbox.mails] == [1, 1, 1]
        assert inbox.greetings == 1  # one connection for three mails
        server.stop()  # the server goes away and comes back: the kept connection is dead
        server = Controller(inbox, hostname="127.0.0.1", port=port)
        server.start()
        await mailer.send("payer@example.com", "Rate 3", "Thank you.")
        assert len(inbox.mails) == 4 and "Subject: Rate 3" in inbox.mails[-1]
    finally:
        server.stop()
