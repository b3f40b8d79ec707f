"""Mails queued with their fact (a renewal's receipt): stored in the fact's transaction (rolled back with it), sent
by the outbox round once each even when two rounds race, never while a Mail workflow is sending the same key, and
left queued when the mail server refuses."""

from __future__ import annotations

import asyncio
import smtplib
import uuid

import pytest
from sqlalchemy import select

from activities.mail import queued, send_queued
from domain.mail import MailTemplate, OutgoingMail
from store.db import session
from store.mail.actions import mail_stored
from store.mail.models import Mail


class Server:
    def __init__(self, refuse: bool = False) -> None:
        self.sent: list[str] = []
        self.refuse = refuse

    async def send(self, to: str, subject: str, body: str, headers=None) -> None:
        await asyncio.sleep(0.01)  # a round trip: the rounds below overlap
        if self.refuse:
            raise smtplib.SMTPServerDisconnected("gone")
        self.sent.append(to)


def _receipt(tag: str, n: int) -> OutgoingMail:
    ctx = {"first_name": "Bea", "product_name": "Club", "amount": "9.90 €", "rate": str(n)}
    return OutgoingMail(
        key=f"q-{tag}-{n}", to=f"{tag}-{n}@example.com", template=MailTemplate.rate_paid, context=ctx
    )


async def _sent_at(tag: str) -> dict[str, bool]:
    async with session() as s:
        rows = await s.execute(
            select(Mail.idempotency_key, Mail.sent_at).where(Mail.idempotency_key.like(f"q-{tag}-%"))
        )
        return {k: at is not None for k, at in rows.all()}


async def test_queued_mails_go_once_each_when_two_rounds_race():
    tag = uuid.uuid4().hex[:8]
    async with session() as s:
        for n in range(12):
            await queued(s, _receipt(tag, n))
    server = Server()
    while sum(await asyncio.gather(send_queued(server, 5, 3), send_queued(server, 5, 3))):
        pass
    mine = sorted(to for to in server.sent if to.startswith(tag))
    assert mine == sorted(f"{tag}-{n}@example.com" for n in range(12))
    assert all((await _sent_at(tag)).values())


async def test_a_mail_queued_in_a_transaction_that_fails_is_never_sent():
    tag = uuid.uuid4().hex[:8]
    with pytest.raises(RuntimeError):
        async with session() as s:
            await queued(s, _receipt(tag, 1))
            raise RuntimeError("the booking failed")
    server = Server()
    await send_queued(server, 50, 3)
    assert await _sent_at(tag) == {}
    assert not [to for to in server.sent if to.startswith(tag)]


async def test_a_mail_being_sent_by_its_workflow_is_skipped_and_a_refused_one_stays_queued():
    tag = uuid.uuid4().hex[:8]
    async with session() as s:
        await queued(s, _receipt(tag, 1))
        await queued(s, _receipt(tag, 2))
    server = Server()
    async with session() as s:  # a Mail workflow holds mail 1's row while it talks to the mail server
        await mail_stored(s, key=f"q-{tag}-1", to="x", subject="x", body="x")
        await send_queued(server, 50, 3)
    assert [to for to in server.sent if to.startswith(tag)] == [f"{tag}-2@example.com"]
    with pytest.raises(smtplib.SMTPException):
        await send_queued(Server(refuse=True), 50, 3)
    assert await _sent_at(tag) == {f"q-{tag}-1": False, f"q-{tag}-2": True}


async def test_a_mail_sent_while_the_database_went_away_is_marked_sent_once_it_is_back(monkeypatch):
    """The mail server took the mail, then the commit failed (the database restarted): the mail is marked sent
    when the database answers again, so the activity's retry does not send it a second time."""
    import activities.mail as mail_module
    from activities.mail import deliver

    tag = uuid.uuid4().hex[:8]
    real, failures = mail_module.mail_sent, {"left": 1}

    def lost_commit(row) -> None:
        if failures["left"]:
            failures["left"] -= 1
            raise OSError("server closed the connection unexpectedly")
        real(row)

    monkeypatch.setattr(mail_module, "mail_sent", lost_commit)
    server = Server()
    assert await deliver(server, _receipt(tag, 1)) is True
    assert await deliver(server, _receipt(tag, 1)) is False  # the activity's retry
    assert [to for to in server.sent if to.startswith(tag)] == [f"{tag}-1@example.com"]
    assert await _sent_at(tag) == {f"q-{tag}-1": True}
