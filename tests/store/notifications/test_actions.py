"""Notifications in PostgreSQL: one per key, shown and mailed as the seller chose for its type (nothing at all when
both are off); marking read touches only the seller's own; a closed day's summaries sum each seller's sales per
currency in that day alone, once however often the day is run; the managers' message reaches each seller once."""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime, timedelta

from sqlalchemy import select

from domain.accounts.accounts import ProfileType
from domain.notifications import NotificationSetting, NotificationType
from domain.orders.orders import PaymentLogState, TransferForm
from store.accounts.actions import user_created
from store.accounts.queries import seller_of
from store.db import session
from store.notifications.actions import (
    choices_saved,
    custom_sent,
    mail_chosen,
    mails_waiting,
    noticed,
    read_marked,
)
from store.notifications.models import Notification
from store.notifications.queries import notifications_of, unread_count
from store.orders.income_summaries import summaries_written
from store.orders.models import Transfer

T = NotificationType


async def _seller() -> int:
    name = uuid.uuid4().hex[:10]
    async with session() as s:
        user = await user_created(
            s,
            email=f"{name}@example.test",
            password="sellflow-demo",
            username=f"n{name}",
            first_name="A",
            last_name="B",
            locale="en",
            profile_type=ProfileType.seller,
        )
        seller = await seller_of(s, user.id)
        assert seller is not None
        return seller.id


async def _rows(seller_id: int) -> list[Notification]:
    async with session() as s:
        return list(
            await s.scalars(
                select(Notification).where(Notification.seller_id == seller_id).order_by(Notification.id)
            )
        )


async def test_a_fact_is_noticed_once_shown_and_mailed_as_its_type_defaults():
    seller = await _seller()
    async with session() as s:
        for _ in range(2):  # a retried activity
            await noticed(s, seller, T.comment, "c1", {"excerpt": "hi"})
        await noticed(s, seller, T.paid_transaction, "o1", {"amount": 4900})
        await noticed(s, seller, T.quiz_attempt, "q1", {"passed": True})
    rows = await _rows(seller)
    assert [(r.type, r.shown, r.mail_state) for r in rows] == [
        ("comment", True, "waiting"),
        ("paid_transaction", True, "none"),  # its mail is the order's sale mail
        ("quiz_attempt", True, "none"),  # not mailed until chosen
    ]


async def test_the_sellers_choice_decides_and_both_off_writes_nothing():
    seller = await _seller()
    async with session() as s:
        await choices_saved(
            s,
            seller,
            [
                NotificationSetting(T.comment, False, False),
                NotificationSetting(T.quiz_attempt, False, True),
                NotificationSetting(T.paid_transaction, True, False),
            ],
        )
        assert not await mail_chosen(s, seller, T.paid_transaction)
        assert await mail_chosen(s, seller, T.order_canceled)  # untouched: its default
    async with session() as s:
        await noticed(s, seller, T.comment, "c2", {})
        await noticed(s, seller, T.quiz_attempt, "q2", {"passed": False})
    assert [(r.type, r.shown, r.mail_state) for r in await _rows(seller)] == [
        ("quiz_attempt", False, "waiting")
    ]
    async with session() as s:
        rows, total, unread = await notifications_of(s, seller, 0, 20, False)
    assert (rows, total, unread) == ([], 0, 0)  # a mail-only notice is not in the list


async def test_marking_read_touches_only_the_sellers_own():
    mine, theirs = await _seller(), await _seller()
    async with session() as s:
        await noticed(s, mine, T.comment, f"r-{mine}", {})
        await noticed(s, theirs, T.comment, f"r-{theirs}", {})
    [their_row] = await _rows(theirs)
    async with session() as s:
        assert await read_marked(s, mine, [their_row.id]) == 0
        assert await unread_count(s, theirs) == 1
        assert await read_marked(s, mine, None) == 1
        assert await unread_count(s, mine) == 0


async def _sale(seller_id: int, amount: int, currency: str, at: datetime) -> None:
    async with session() as s:
        s.add(
            Transfer(
                seller_id=seller_id,
                form=TransferForm.sale,
                state=PaymentLogState.successful,
                amount=amount,
                currency=currency,
                idempotency_key=f"t-{uuid.uuid4().hex}",
                created_at=at,
            )
        )


async def test_a_closed_days_summary_sums_that_day_per_currency_once():
    seller = await _seller()
    day = date(2031, 6, 30)  # a Monday, the last day of June: the day's and the month's summaries
    noon = datetime(2031, 6, 30, 12, tzinfo=UTC)
    await _sale(seller, 4900, "eur", noon)
    await _sale(seller, 100, "eur", noon + timedelta(hours=11, minutes=59))
    await _sale(seller, 900, "usd", noon)
    await _sale(seller, 7000, "eur", noon - timedelta(days=3))  # earlier in the month
    await _sale(seller, 5000, "eur", noon + timedelta(hours=12))  # the next day
    for _ in range(2):
        after = 0
        while True:
            async with session() as s:
                _, last = await summaries_written(s, day, after)
            if last is None:
                break
            after = last
    rows = {r.type: r.data for r in await _rows(seller)}
    assert rows["day_income"] == {
        "first": "2031-06-30",
        "last": "2031-06-30",
        "sales": [
            {"currency": "eur", "count": 2, "amount": 5000},
            {"currency": "usd", "count": 1, "amount": 900},
        ],
    }
    assert rows["month_income"]["first"] == "2031-06-01"
    assert rows["month_income"]["sales"][0] == {"currency": "eur", "count": 3, "amount": 12000}
    assert "week_income" not in rows
    assert len(await _rows(seller)) == 2  # run twice, written once


async def test_the_managers_message_reaches_a_seller_once_per_key_and_is_mailed():
    seller = await _seller()
    async with session() as s:
        assert await custom_sent(s, "k1", seller, "Hello", "Text") == 1
        assert await custom_sent(s, "k1", seller, "Hello", "Text") == 0
    [row] = await _rows(seller)
    assert (row.type, row.data, row.mail_state) == (
        "custom_notification",
        {"title": "Hello", "text": "Text"},
        "waiting",
    )
    async with session() as s:
        assert row.id in [n.id for n in await mails_waiting(s, 1000)]


async def test_a_message_to_every_seller_is_mailed_after_the_sellers_own_notifications():
    seller = await _seller()
    async with session() as s:
        reached = await custom_sent(s, f"all-{seller}", None, "To all", "Text")
        assert reached >= 1
        await noticed(s, seller, T.comment, f"after-{seller}", {})  # written after the broadcast
    async with session() as s:
        first = await mails_waiting(s, 1)
    assert [(n.type, n.mail_state) for n in first] in (
        [("comment", "waiting")],
        [],
    )  # another test's may be older
    async with session() as s:
        everything = await mails_waiting(s, 100_000)
    states = [n.mail_state for n in everything]
    assert states == sorted(states, key=lambda x: x == "bulk")  # every seller's own before any broadcast
    mine = [(n.type, n.mail_state) for n in everything if n.seller_id == seller]
    assert ("custom_notification", "bulk") in mine and ("comment", "waiting") in mine
