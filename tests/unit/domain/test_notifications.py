"""The seller's notifications: which summaries a closed day is due for, the defaults, and each type's mail read in
the seller's language with the figures of its data."""

from __future__ import annotations

from datetime import date

import pytest

from domain.notifications import (
    DEFAULTS,
    MAILED_WITH_THE_ORDER,
    NOTICE_MAIL,
    OFFERED,
    NotificationType,
    mail_wanted,
    notice_mail_context,
    settings_with_defaults,
    summaries_due,
)
from providers.mail.templates import render

T = NotificationType


def test_an_ordinary_day_is_summarised_alone():
    assert summaries_due(date(2026, 11, 25)) == [(T.day_income, date(2026, 11, 25), date(2026, 11, 26))]


def test_a_sunday_closes_its_monday_to_sunday_week_too():
    due = summaries_due(date(2026, 11, 29))  # a Sunday
    assert (T.week_income, date(2026, 11, 23), date(2026, 11, 30)) in due
    assert [t for t, _, _ in due] == [T.day_income, T.week_income]


def test_the_last_day_of_a_month_closes_the_month_and_the_year_turns():
    assert (T.month_income, date(2026, 12, 1), date(2027, 1, 1)) in summaries_due(date(2026, 12, 31))
    assert (T.month_income, date(2028, 2, 1), date(2028, 3, 1)) in summaries_due(date(2028, 2, 29))
    assert [t for t, _, _ in summaries_due(date(2028, 2, 28))] == [T.day_income]  # a leap year's February


def test_a_sunday_that_ends_a_month_closes_day_week_and_month():
    assert [t for t, _, _ in summaries_due(date(2026, 5, 31))] == [
        T.day_income,
        T.week_income,
        T.month_income,
    ]


def test_the_community_type_is_not_offered_until_a_community_exists():
    assert T.community_new_post_for_review not in OFFERED
    assert len(OFFERED) == len(T) - 1


def test_the_sellers_choice_wins_over_the_default_and_the_rest_keep_theirs():
    chosen = {s.type: (s.in_app, s.mail) for s in settings_with_defaults({"day_income": (False, True)})}
    assert chosen[T.day_income] == (False, True)
    assert chosen[T.week_income] == DEFAULTS[T.week_income] == (True, True)
    assert not mail_wanted(T.quiz_attempt, None) and mail_wanted(T.quiz_attempt, (True, True))


def test_every_offered_type_but_the_sale_has_a_mail_of_its_own():
    assert (
        set(NOTICE_MAIL) == set(OFFERED) - MAILED_WITH_THE_ORDER
    )  # the sale's mail is the order's sale mail


ORDER = {"order": "tok1", "product_name": "Yoga course", "email": "bea@example.com", "currency": "eur"}
DATA = {
    T.free_transaction: ORDER,
    T.order_created: {**ORDER, "amount": 4900, "method": "bank_wire"},
    T.order_canceled: {**ORDER, "last_rate": 3},
    T.comment: {**ORDER, "lesson": "Breathing", "author": "Bea Lind", "excerpt": "Lovely lesson!"},
    T.quiz_attempt: {**ORDER, "lesson": "Breathing", "author": "Bea Lind", "passed": True, "score": 80},
    T.day_income: {
        "first": "2026-11-25",
        "last": "2026-11-25",
        "sales": [{"currency": "eur", "count": 3, "amount": 14700}, {"currency": "usd", "count": 1, "amount": 900}],
    },
    T.week_income: {"first": "2026-11-23", "last": "2026-11-29", "sales": [{"currency": "eur", "count": 1, "amount": 4900}]},
    T.month_income: {"first": "2026-11-01", "last": "2026-11-30", "sales": [{"currency": "eur", "count": 2, "amount": 9800}]},
    T.custom_notification: {"title": "New payment methods", "text": "SEPA is here."},
}  # fmt: skip


@pytest.mark.parametrize("locale", ["en", "de"])
@pytest.mark.parametrize("t", sorted(NOTICE_MAIL))
def test_each_notification_mail_renders_with_its_data(t: NotificationType, locale: str):
    mail = render(NOTICE_MAIL[t], locale, notice_mail_context(t, DATA[t], locale, "https://sellflow.test"))
    assert mail.subject and "{{" not in mail.body
    assert "https://sellflow.test/cabinet/settings/notifications" in mail.body


@pytest.mark.parametrize(
    ("locale", "subject", "lines"),
    [
        ("en", "Your sales on 25.11.2026", ["3 sales: 147.00€", "1 sale: $9.00"]),
        ("de", "Deine Verkäufe am 25.11.2026", ["3 Verkäufe: 147,00€", "1 Verkauf: $9,00"]),
    ],
)
def test_the_days_summary_gives_each_currency_its_count_and_sum(locale: str, subject: str, lines: list[str]):
    t = T.day_income
    mail = render(NOTICE_MAIL[t], locale, notice_mail_context(t, DATA[t], locale, "https://x"))
    assert mail.subject == subject
    assert all(line in mail.body for line in lines), mail.body


def test_the_months_summary_names_the_month_in_the_sellers_language():
    t = T.month_income
    assert render(NOTICE_MAIL[t], "de", notice_mail_context(t, DATA[t], "de", "")).subject.endswith(
        "November 2026"
    )
    assert (
        "23.11.2026 – 29.11.2026"
        in render(
            NOTICE_MAIL[T.week_income],
            "en",
            notice_mail_context(T.week_income, DATA[T.week_income], "en", ""),
        ).subject
    )


def test_a_quiz_mail_says_whether_it_was_passed():
    t = T.quiz_attempt
    failed = {**DATA[t], "passed": False, "score": 40}
    assert (
        "did not pass with 40 %"
        in render(NOTICE_MAIL[t], "en", notice_mail_context(t, failed, "en", "")).body
    )
    assert "bestanden" in render(NOTICE_MAIL[t], "de", notice_mail_context(t, DATA[t], "de", "")).subject
