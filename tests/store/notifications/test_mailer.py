"""The notification mailer over the real outbox: each waiting notification is mailed once to its seller in their
language, a title with a line break makes a one-line subject, and a mail that cannot be made is marked failed
without holding up the others."""

from __future__ import annotations

from sqlalchemy import select

from activities.notifications import NotificationActivities
from domain.notifications import NotificationSetting, NotificationType
from store.db import session
from store.notifications.actions import choices_saved, custom_sent, noticed
from store.notifications.models import Notification
from tests.store.notifications.test_actions import _seller

T = NotificationType


class Outbox:
    def __init__(self) -> None:
        self.sent: list[tuple[str, str, str]] = []

    async def send(self, to: str, subject: str, body: str, headers=None) -> None:
        self.sent.append((to, subject, body))


async def test_each_mail_goes_once_and_a_broken_one_holds_nothing_up():
    seller = await _seller()
    async with session() as s:
        await choices_saved(s, seller, [NotificationSetting(T.quiz_attempt, True, True)])
        await custom_sent(s, f"nl-{seller}", seller, "Line one\nline two", "Text")
        await noticed(
            s, seller, T.quiz_attempt, f"broken-{seller}", {"passed": True}
        )  # no lesson: cannot render
        await noticed(
            s,
            seller,
            T.comment,
            f"ok-{seller}",
            {"lesson": "Breathing", "author": "Bea", "excerpt": "Hi", "product_name": "Yoga"},
        )
    outbox = Outbox()
    mailer = NotificationActivities(outbox)
    while await mailer._mail_once():
        pass
    async with session() as s:
        states = dict(
            (
                await s.execute(
                    select(Notification.type, Notification.mail_state).where(Notification.seller_id == seller)
                )
            )
            .tuples()
            .all()
        )
    assert states == {"custom_notification": "sent", "quiz_attempt": "failed", "comment": "sent"}
    mine = [
        (subject, body)
        for to, subject, body in outbox.sent
        if "Line one" in subject or "Breathing" in subject
    ]
    assert sorted(subject for subject, _ in mine) == ["Line one line two", "New comment on Breathing"]
    await mailer._mail_once()  # another round sends none of them again
    assert len([x for x in outbox.sent if "Line one" in x[1] or "Breathing" in x[1]]) == 2
