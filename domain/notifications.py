"""Which mails a user chooses to get (core §2 `/publish/email_notification`; issue 23). Mails about money and
access (payments, refunds, payouts, invitations) always go; the notices here are the ones a busy seller or
publisher may turn off, each for the mail it stands for. Everything is on until the user turns it off."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from enum import StrEnum
from typing import Any

from domain.mail import MailTemplate
from domain.money import format_money


class Notice(StrEnum):
    program_decisions = "program_decisions"  # to a publisher: a seller accepted, rejected or ended them
    publisher_requests = "publisher_requests"  # to a seller: a publisher asks to join a program


NOTICE_OF: dict[MailTemplate, Notice] = {
    MailTemplate.affiliate_decided: Notice.program_decisions,
    MailTemplate.affiliate_requested: Notice.publisher_requests,
}

# the notices each area's settings page offers
AREA_NOTICES: dict[str, tuple[Notice, ...]] = {
    "publish": (Notice.program_decisions,),
    "cabinet": (Notice.publisher_requests,),
}


def wanted(template: MailTemplate, muted: list[str] | None) -> bool:
    """Whether a mail of `template` goes to a user who turned off `muted`."""
    notice = NOTICE_OF.get(template)
    return notice is None or notice.value not in (muted or [])


# --- the seller's notifications (core §9 notification types; issue 24 item 6) ---------------------------------


class NotificationType(StrEnum):
    """Core §9's notification types. Each is shown in the cabinet's notifications and may go by mail; the seller
    chooses both per type (`NotificationSetting`)."""

    paid_transaction = "paid_transaction"  # a payment of an order: its first or a later rate
    free_transaction = "free_transaction"  # a free order was taken
    order_created = "order_created"  # an order waits for the buyer's money (bank wire, pay later)
    order_canceled = "order_canceled"  # a subscription or installment plan ended before its last rate
    comment = "comment"  # a buyer commented on a course lesson
    quiz_attempt = "quiz_attempt"  # a buyer took a lesson's quiz
    day_income = "day_income"  # yesterday's sales, once a day
    week_income = "week_income"  # last week's sales, on Mondays
    month_income = "month_income"  # last month's sales, on the 1st
    custom_notification = "custom_notification"  # a message from the platform's managers
    community_new_post_for_review = "community_new_post_for_review"  # (no community yet: never sent)


# the types a seller can receive today, in the settings' order (a community comes with its own issue)
OFFERED: tuple[NotificationType, ...] = tuple(
    t for t in NotificationType if t != NotificationType.community_new_post_for_review
)

# (shown in the cabinet, sent by mail) until the seller chooses: every type is shown; mails for what needs the
# seller (a sale, a cancellation, a buyer's words, the platform) and the weekly and monthly summaries, not for
# each free order, quiz or day (Gumroad and Stripe mail sales and summaries, and leave the rest to the app)
DEFAULTS: dict[NotificationType, tuple[bool, bool]] = {
    NotificationType.paid_transaction: (True, True),
    NotificationType.free_transaction: (True, False),
    NotificationType.order_created: (True, True),
    NotificationType.order_canceled: (True, True),
    NotificationType.comment: (True, True),
    NotificationType.quiz_attempt: (True, False),
    NotificationType.day_income: (True, False),
    NotificationType.week_income: (True, True),
    NotificationType.month_income: (True, True),
    NotificationType.custom_notification: (True, True),
    NotificationType.community_new_post_for_review: (True, False),
}

# A payment's mail to the seller is the order's sale mail (MailTemplate.order_sale, sent with the buyer's mails);
# the notification's own mail would be a second one, so the type's mail setting governs that mail instead.
MAILED_WITH_THE_ORDER = frozenset({NotificationType.paid_transaction})

NOTICE_MAIL: dict[NotificationType, MailTemplate] = {
    t: MailTemplate(f"notice_{t.value}") for t in OFFERED if t not in MAILED_WITH_THE_ORDER
}

TEXT_MAX = 2000  # a custom notification's text
TITLE_MAX = 200
EXCERPT_MAX = 280  # a comment's first characters in its notification
LIST_MAX = 100  # a page of the notifications list
MAIL_BATCH = 50  # notification mails sent per round of the mailer
MAIL_LANES = 8  # of them at once (each its own SMTP exchange and outbox row)
SUMMARY_PAGE = 200  # sellers summarised per activity call


@dataclass(frozen=True)
class NotificationSetting:
    type: NotificationType
    in_app: bool
    mail: bool


def settings_with_defaults(chosen: dict[str, tuple[bool, bool]]) -> list[NotificationSetting]:
    """Every offered type with the seller's choice, else its default."""
    return [NotificationSetting(t, *chosen.get(t.value, DEFAULTS[t])) for t in OFFERED]


def mail_wanted(t: NotificationType, chosen: tuple[bool, bool] | None) -> bool:
    return (chosen or DEFAULTS[t])[1]


# --- the income summaries -----------------------------------------------------------------------------------


def summaries_due(day: date) -> list[tuple[NotificationType, date, date]]:
    """What the close of `day` (a UTC day that just ended) summarises: the day; the ISO week when the day is a
    Sunday; the month when it is the month's last day. Each as (type, first day, day after the last)."""
    out = [(NotificationType.day_income, day, day + timedelta(days=1))]
    if day.isoweekday() == 7:
        out.append((NotificationType.week_income, day - timedelta(days=6), day + timedelta(days=1)))
    after = day + timedelta(days=1)
    if after.day == 1:
        out.append((NotificationType.month_income, day.replace(day=1), after))
    return out


def summary_key(seller_id: int, first: date) -> str:
    """A summary's business key within its type (noticed() puts the type in front)."""
    return f"{seller_id}:{first.isoformat()}"


@dataclass(frozen=True)
class IncomeClockRequest:
    """The long-lived clock's input: `day_s` compresses a day in tests (86400 in production); `next_day` the UTC
    day it summarises next (ISO; empty: the day the workflow starts in)."""

    day_s: float = 86_400.0
    next_day: str = ""


@dataclass(frozen=True)
class IncomeSummariesRequest:
    day: str  # the UTC day that ended (ISO)
    after_seller_id: int = 0  # where a continued run goes on
    written: int = 0


@dataclass(frozen=True)
class SummaryPage:
    day: str
    after_seller_id: int


@dataclass(frozen=True)
class SummaryPageDone:
    written: int
    last_seller_id: int | None  # None: no seller after this page


@dataclass(frozen=True)
class IncomeSummariesDone:
    day: str
    written: int


@dataclass(frozen=True)
class NoticeMailRound:
    """The notification mailer's input (as the webhook dispatcher's): poll every `poll_s` within one activity run
    of `window_s`; `rounds` counts runs for continue-as-new."""

    poll_s: float = 0.5
    window_s: float = 30.0
    rounds: int = 0


# --- a notification's mail ------------------------------------------------------------------------------------

MONTHS = {
    "en": "January February March April May June July August September October November December".split(),
    "de": "Januar Februar März April Mai Juni Juli August September Oktober November Dezember".split(),
}
SALES_WORD = {"en": ("sale", "sales"), "de": ("Verkauf", "Verkäufe")}
NOTHING_SOLD = {"en": "No sales.", "de": "Keine Verkäufe."}


def _day(d: str) -> str:
    """The spec's date format (core §9, DD.MM.YYYY) in both languages."""
    y, m, dd = d.split("-")
    return f"{dd}.{m}.{y}"


def period_text(t: NotificationType, first: str, last: str, lang: str) -> str:
    if t == NotificationType.month_income:
        y, m, _ = first.split("-")
        return f"{MONTHS[lang][int(m) - 1]} {y}"
    if t == NotificationType.week_income:
        return f"{_day(first)} – {_day(last)}"
    return _day(first)


def sales_lines(sales: list[dict[str, Any]], lang: str) -> str:
    one, many = SALES_WORD[lang]
    lines = [
        f"{x['count']} {one if x['count'] == 1 else many}: {format_money(int(x['amount']), x['currency'], lang)}"
        for x in sales
    ]
    return "\n".join(lines) or NOTHING_SOLD[lang]


def notice_mail_context(t: NotificationType, data: dict[str, Any], locale: str, base: str) -> dict[str, str]:
    """What a notification's mail template (NOTICE_MAIL) is given: its data as text in the seller's language."""
    lang = locale if locale in MONTHS else "en"
    out = {
        "settings_url": f"{base}/cabinet/settings/notifications",
        "orders_url": f"{base}/cabinet/orders",
    }
    if "order" in data:
        out["order_url"] = f"{base}/cabinet/orders/{data['order']}"
    for k in ("product_name", "lesson", "author", "excerpt", "title", "text", "method"):
        if k in data:
            out[k] = str(data[k])
    if "email" in data:
        out["payer_email"] = str(data["email"])
    if "amount" in data and "currency" in data:
        out["price"] = format_money(int(data["amount"]), str(data["currency"]), lang)
    if "passed" in data:
        out["passed"] = "yes" if data["passed"] else "no"
        out["score"] = str(data.get("score", 0))
    if "sales" in data:
        out["period"] = period_text(t, str(data["first"]), str(data["last"]), lang)
        out["lines"] = sales_lines(list(data["sales"]), lang)
    return out
