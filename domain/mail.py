"""Mails as data: which template, in which language, to whom, under which business key (sent at most once)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from enum import StrEnum

from domain.languages import BY_CODE

MAIL_LOCALES = ("en", "de")
# The mails a buyer gets about an order, written in each of the 20 buyer languages (the others, and every mail of
# an account, in en and de); a template a language lacks is sent in English.
BUYER_MAILS = (
    "order_confirmation", "_delivery", "_legal", "order_item", "refund_payer", "order_started", "rate_paid",
    "card_expiry", "wire_instructions", "wire_reminder", "pay_later_instructions", "pay_later_reminder",
    "claim_reminder",
)  # fmt: skip


class MailTemplate(StrEnum):
    account_confirmation = "account_confirmation"
    magic_link = "magic_link"
    reset_password = "reset_password"
    change_email = "change_email"  # to the new address: the link that confirms it
    email_changed = "email_changed"  # to the old address: the account's address was changed
    order_confirmation = "order_confirmation"
    order_started = (
        "order_started"  # a test period or start day: the card is saved, the first rate comes later
    )
    order_sale = "order_sale"
    contact_message = "contact_message"  # a buyer wrote through a shop page's contact form
    order_item = "order_item"  # a membership or bundle with emailForEachItem: one included product
    legitimation_changes_requested = "legitimation_changes_requested"
    legitimation_changes_reminder = "legitimation_changes_reminder"
    legitimation_legitimated = "legitimation_legitimated"
    legitimation_rejected = "legitimation_rejected"
    refund_payer = "refund_payer"
    refund_seller = "refund_seller"
    payout_returned = "payout_returned"
    rate_paid = "rate_paid"
    claim_reminder = "claim_reminder"
    card_expiry = "card_expiry"
    account_closing_requested = "account_closing_requested"
    account_closing_completed = "account_closing_completed"
    product_rejected = "product_rejected"  # the platform's review did not approve a product
    wire_instructions = "wire_instructions"  # pay by bank transfer: the account, the reference, the day
    wire_reminder = "wire_reminder"  # the transfer has not arrived yet
    pay_later_instructions = "pay_later_instructions"  # pay later: the invoice, its day, where to transfer
    pay_later_reminder = "pay_later_reminder"  # the invoice falls due soon and is not paid yet
    affiliate_requested = "affiliate_requested"  # to the seller: a publisher asks to join a program
    affiliate_decided = "affiliate_decided"  # to the publisher: accepted, rejected or ended
    team_invited = "team_invited"  # to an address a seller invites into their team
    support_message = "support_message"  # to the platform's support: a user's question from their area
    webhook_paused = (
        "webhook_paused"  # to the seller: an endpoint failed every attempt of a delivery and paused
    )
    # the seller's notifications by mail (domain/notifications.py NOTICE_MAIL)
    notice_free_transaction = "notice_free_transaction"
    notice_order_created = "notice_order_created"
    notice_order_canceled = "notice_order_canceled"
    notice_comment = "notice_comment"
    notice_quiz_attempt = "notice_quiz_attempt"
    notice_day_income = "notice_day_income"
    notice_week_income = "notice_week_income"
    notice_month_income = "notice_month_income"
    notice_custom_notification = "notice_custom_notification"


@dataclass
class OutgoingMail:
    """One mail: `key` is its business key (e.g. `order-{token}-payer-confirmation`); one key, one mail."""

    key: str
    to: str
    template: MailTemplate
    locale: str = "en"
    context: dict[str, str] = field(default_factory=dict)
    # a mail the recipient may stop (a notification, a summary): the address that stops its kind in one click
    # (RFC 8058 `List-Unsubscribe`, and a line at its end)
    unsubscribe_url: str | None = None


UNSUBSCRIBE_LINE = {
    "en": "You get this mail because of your notification settings. Stop mails of this kind: {url}",
    "de": "Du bekommst diese Mail wegen deiner Benachrichtigungseinstellungen. Mails dieser Art abbestellen: {url}",
}


VIEW_LINE = {
    "en": "View this mail in your browser: {url}",
    "de": "Diese Mail im Browser ansehen: {url}",
    "es": "Ver este correo en el navegador: {url}",
    "fr": "Voir cet e-mail dans votre navigateur : {url}",
    "it": "Visualizza questa e-mail nel browser: {url}",
    "nl": "Bekijk deze mail in je browser: {url}",
    "pl": "Zobacz tę wiadomość w przeglądarce: {url}",
    "pt_br": "Veja este e-mail no navegador: {url}",
    "pt_pt": "Veja este e-mail no navegador: {url}",
    "cs": "Zobrazit tento e-mail v prohlížeči: {url}",
    "da": "Se denne mail i din browser: {url}",
    "sv": "Visa mejlet i webbläsaren: {url}",
    "no": "Vis denne e-posten i nettleseren: {url}",
    "el": "Δείτε αυτό το email στο πρόγραμμα περιήγησης: {url}",
    "hr": "Pogledajte ovu poruku u pregledniku: {url}",
    "hu": "A levél megtekintése böngészőben: {url}",
    "ro": "Vedeți acest e-mail în browser: {url}",
    "tr": "Bu e-postayı tarayıcınızda görüntüleyin: {url}",
    "ar": "اعرض هذه الرسالة في متصفحك: {url}",
    "ko": "브라우저에서 이 메일 보기: {url}",
}
# mails whose link signs in or changes the account: kept out of the browser view (`/email_logs/{token}`)
SIGN_IN_LINKS = frozenset({"account_confirmation", "magic_link", "reset_password", "change_email"})


def with_footer(body: str, unsubscribe_url: str | None, view_url: str | None, locale: str) -> str:
    """The body with its footer: where to read it in a browser (core §2 `/email_logs/{token}`) and the line that
    stops its kind of mail, each when it has one."""
    lines = [
        words.get(locale, words["en"]).format(url=url)
        for words, url in ((VIEW_LINE, view_url), (UNSUBSCRIBE_LINE, unsubscribe_url))
        if url
    ]
    if not lines:
        return body
    return f"{body.rstrip()}\n\n-- \n" + "\n".join(lines) + "\n"


def unsubscribe_headers(url: str | None) -> dict[str, str]:
    """RFC 2369 and RFC 8058 headers: the mail client's own "unsubscribe" button posts to `url`."""
    if not url:
        return {}
    return {"List-Unsubscribe": f"<{url}>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}


_MONTHS_EN = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)  # fmt: skip


def mail_date(day: date | str | None, locale: str) -> str:
    """A day as a mail in `locale` writes it: `28.11.2026` in German, `28 November 2026` in English, CLDR's long
    date in the other buyer languages (an ISO day given as text too; none: empty)."""
    if day is None or day == "":
        return ""
    d = date.fromisoformat(day[:10]) if isinstance(day, str) else day
    if locale == "de":
        return f"{d.day:02d}.{d.month:02d}.{d.year}"
    if locale in BY_CODE and locale != "en":  # another buyer language: CLDR's long date (`28 novembre 2026`)
        from babel.dates import format_date

        return format_date(d, "long", locale=BY_CODE[locale].posix)
    return f"{d.day} {_MONTHS_EN[d.month - 1]} {d.year}"
