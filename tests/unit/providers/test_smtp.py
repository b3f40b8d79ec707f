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


async def test_every_mail_is_dkim_signed_and_a_changed_one_fails(tmp_path, monkeypatch):
    """With a key set, each mail carries a DKIM signature over its sender, recipient, subject, date and body that a
    receiver verifies with the published record; a mail changed on its way (another body, another subject) does not
    verify."""
    import dkim

    from providers.mail import dkim as signing
    from providers.mail import smtp

    key = signing.DkimKey("sellflow", "sellflow.local", signing.local_key(tmp_path / "dkim.pem").read_bytes())
    monkeypatch.setattr(smtp, "dkim_key", lambda: key)
    [record] = [r for r in signing.mail_records(key) if r.purpose == "dkim"]
    assert record.name == "sellflow._domainkey.sellflow.local"

    def dns(name: bytes, timeout: int = 5) -> bytes | None:
        return record.value.encode() if name.decode().rstrip(".") == record.name else None

    port, inbox = _free_port(), Inbox()
    server = Controller(inbox, hostname="127.0.0.1", port=port)
    server.start()
    try:
        await SmtpMailer("127.0.0.1", port, "Sellflow <no-reply@sellflow.local>").send(
            "payer@example.com",
            "Deine Bestellung",
            "Danke für deinen Kauf.",
            {"List-Unsubscribe": "<https://x/u>"},
        )
    finally:
        server.stop()
    raw = inbox.mails[0].encode()
    assert raw.startswith(b"DKIM-Signature:") and b"d=sellflow.local" in raw
    assert dkim.verify(raw, dnsfunc=dns)
    assert not dkim.verify(raw.replace(b"payer@example.com", b"other@example.com"), dnsfunc=dns)
    head, _, body = raw.partition(b"\r\n\r\n")
    assert not dkim.verify(head + b"\r\n\r\n" + body + b"P.S. pay here instead\r\n", dnsfunc=dns)


def test_the_openssl_signature_is_dkimpys_own_byte_for_byte(tmp_path, monkeypatch):
    """The signature OpenSSL makes for a mail is the one dkimpy's own RSA code makes (PKCS#1 v1.5 is
    deterministic): only the cost changed, not what receivers check."""
    import dkim
    import dkim.crypto

    from providers.mail import dkim as signing

    key = signing.DkimKey("sellflow", "sellflow.local", signing.local_key(tmp_path / "dkim.pem").read_bytes())
    mail = (
        b"From: Sellflow <no-reply@sellflow.local>\r\nTo: payer@example.com\r\nSubject: Danke\r\n"
        b"Date: Sun, 29 Nov 2026 09:00:00 +0000\r\nMessage-ID: <1@sellflow.local>\r\n\r\nDanke.\r\n"
    )
    fast = signing.signed(mail, key)
    monkeypatch.setattr(dkim, "parse_pem_private_key", dkim.crypto.parse_pem_private_key)
    monkeypatch.setattr(dkim, "RSASSA_PKCS1_v1_5_sign", dkim.crypto.RSASSA_PKCS1_v1_5_sign)
    assert fast == signing.signed(mail, key)
