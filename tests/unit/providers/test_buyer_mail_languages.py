"""The buyer's order mails in all 20 buyer languages: each template exists in each language, takes the same facts
as the English one (no fact dropped, none invented), renders with a full order (download, key, ticket, consent,
documents), says none of the English sentences, and dates read as the locale writes them (CLDR)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from jinja2 import meta

from domain.languages import BUYER_LANGUAGES
from domain.mail import BUYER_MAILS, MailTemplate, mail_date
from providers.mail.templates import TEMPLATES, _env, render

FULL = {
    "product_name": "Yoga", "order_token": "tok123", "first_name": "Bea", "price": "25,00 €",
    "invoice_number": "7", "custom_text": "", "download_url": "https://x/d", "license_key": "K-1",
    "ticket_code": "T-1", "ticket_url": "https://x/t", "ticket_pdf_url": "https://x/t.pdf",
    "certificate_url": "https://x/c", "course_url": "https://x/co", "items_text": "- A", "delivery_link": "https://x/l",
    "delivery_text": "Enjoy", "consent_text": "I agree", "consent_at": "28.11.2026 10:00 UTC",
    "terms_url": "https://x/terms", "cancellation_terms_url": "https://x/ct", "privacy_url": "https://x/p",
    "imprint_url": "https://x/i", "item_name": "Mat", "item_text": "Roll it", "amount": "5,00 €", "reason": "Late",
    "access": "revoked", "amount_due": "5,00 €", "due": "1 décembre 2026", "manage_url": "https://x/m", "rate": "2",
    "expires": "12/2026", "stage": "third", "hard": "", "holder": "Sellflow", "iban": "DE89", "bic": "COBA", "reference": "SF-1", "order_url": "https://x/o",
}  # fmt: skip


def _facts(lang: str, name: str) -> set[str]:
    source = (TEMPLATES / lang / f"{name}.txt").read_text()
    return meta.find_undeclared_variables(_env().parse(source))


def _sentences(text: str) -> set[str]:
    """The template's own words: lines without Jinja and placeholders, long enough to be a sentence."""
    plain = re.sub(r"\{[{%].*?[}%]\}", "\n", text)
    return {line.strip() for line in plain.splitlines() if len(line.strip()) > 12}


@pytest.mark.parametrize("lang", BUYER_LANGUAGES)
@pytest.mark.parametrize("name", BUYER_MAILS)
def test_every_buyer_mail_is_written_in_every_buyer_language(lang: str, name: str):
    assert (TEMPLATES / lang / f"{name}.txt").is_file()
    assert _facts(lang, name) == _facts("en", name)
    if lang != "en":
        english = _sentences((TEMPLATES / "en" / f"{name}.txt").read_text())
        assert not english & _sentences((TEMPLATES / lang / f"{name}.txt").read_text())


@pytest.mark.parametrize("lang", BUYER_LANGUAGES)
def test_a_full_order_confirmation_renders_in_the_buyers_language(lang: str):
    mail = render(MailTemplate.order_confirmation, lang, FULL)
    for fact in ("Yoga", "tok123", "K-1", "https://x/t.pdf", "I agree", "https://x/i\n", "https://x/ct", "7"):
        assert fact in mail.subject + mail.body, (fact, mail.body)
    assert ("Your license key" in mail.body) == (lang == "en")
    refund = render(MailTemplate.refund_payer, lang, FULL)
    assert "5,00 €" in refund.body and "Late" in refund.body
    later = ("pay_later_instructions", "pay_later_reminder")
    for template in (
        "order_started",
        "rate_paid",
        "card_expiry",
        "wire_instructions",
        "wire_reminder",
        *later,
    ):
        mail = render(MailTemplate(template), lang, FULL)
        assert "5,00 €" in mail.subject + mail.body and "Yoga" in mail.subject + mail.body, (template, mail)
    wire = render(MailTemplate.wire_instructions, lang, FULL).body
    assert "SF-1" in wire and "DE89" in wire and "https://x/o" in wire


def test_a_mail_without_its_language_is_sent_in_english():
    assert render(MailTemplate.magic_link, "fr", {"link": "u"}) == render(
        MailTemplate.magic_link, "en", {"link": "u"}
    )


@pytest.mark.parametrize(
    ("lang", "says"),
    [("en", "28 November 2026"), ("de", "28.11.2026"), ("fr", "28 novembre 2026"), ("pl", "28 listopada 2026"),
     ("ko", "2026년 11월 28일"), ("pt_br", "28 de novembro de 2026")],
)  # fmt: skip
def test_dates_read_as_the_locale_writes_them(lang: str, says: str):
    assert mail_date("2026-11-28", lang) == says


def test_the_language_list_and_the_templates_agree():
    assert {p.name for p in TEMPLATES.iterdir() if p.is_dir()} == set(BUYER_LANGUAGES)
    assert not set(BUYER_MAILS) - {p.stem for p in Path(TEMPLATES / "en").glob("*.txt")}


@pytest.mark.parametrize("lang", BUYER_LANGUAGES)
def test_each_dunning_stage_has_its_own_subject_in_every_language(lang: str):
    subjects = {
        stage: render(MailTemplate.claim_reminder, lang, {**FULL, "stage": stage}).subject
        for stage in ("first", "second", "third")
    }
    assert len(set(subjects.values())) == 3 and all("Yoga" in x for x in subjects.values())
    card = render(MailTemplate.claim_reminder, lang, {**FULL, "reference": "", "hard": "yes"}).body
    invoice = render(MailTemplate.claim_reminder, lang, FULL).body
    assert "SF-1" in invoice and "DE89" in invoice and "SF-1" not in card and "https://x/m" in card
