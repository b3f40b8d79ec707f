"""The payer's dunning mails name each stage as the seller's screens do (billing.stageName in the web app's
catalogues): one word for one thing, in English and in German."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from domain.mail import MailTemplate
from providers.mail.templates import render

CATALOGUES = Path(__file__).parents[3] / "web" / "src" / "i18n"


@pytest.mark.parametrize("locale", ["en", "de"])
@pytest.mark.parametrize("stage", ["first", "second", "third"])
def test_a_reminder_mail_names_its_stage_as_the_cabinet_does(locale: str, stage: str):
    names = json.loads((CATALOGUES / f"{locale}.json").read_text())["billing"]["stageName"]
    context = {
        "stage": stage,
        "hard": "",
        "product_name": "Yoga course",
        "first_name": "Dora",
        "amount": "29,00 €",
        "manage_url": "https://shop.example/manage",
        "reference": "",
    }
    mail = render(MailTemplate.claim_reminder, locale, context)
    assert mail.subject == f"{names[stage]}: Yoga course"
    assert "IBAN" not in mail.body  # a card's claim: the manage page pays it


@pytest.mark.parametrize(
    ("locale", "says"), [("en", "was due on 2026-12-08"), ("de", "war am 2026-12-08 fällig")]
)
def test_a_reminder_of_an_invoice_paid_later_gives_the_account_and_reference(locale: str, says: str):
    context = {"stage": "first", "hard": "yes", "product_name": "Yoga course", "first_name": "Dora",
               "amount": "29,00 €", "manage_url": "https://shop.example/s/dana/yoga/thank_you/tok",
               "reference": "SF-TOK", "due": "2026-12-08", "holder": "Sellflow", "iban": "DE89 3704",
               "bic": "COBADEFFXXX"}  # fmt: skip
    body = render(MailTemplate.claim_reminder, locale, context).body
    assert says in body and "SF-TOK" in body and "DE89 3704" in body
    assert "declined" not in body and "abgelehnt" not in body


def test_german_dunning_screens_say_mahnung_never_erinnerung():
    de = json.loads((CATALOGUES / "de.json").read_text())
    billing = json.dumps(de["billing"], ensure_ascii=False) + json.dumps(de["recovery"], ensure_ascii=False)
    assert "Erinnerung" not in billing
    assert "Mahnung" in billing


@pytest.mark.parametrize("locale", ["en", "de"])
@pytest.mark.parametrize("state", ["accepted", "rejected", "canceled"])
def test_a_publisher_reads_the_sellers_decision_in_their_language(locale: str, state: str):
    context = {
        "first_name": "Pia",
        "state": state,
        "program": "Bakers",
        "shop": "Dana Demo",
        "area_url": "https://x/p",
    }
    mail = render(MailTemplate.affiliate_decided, locale, context)
    assert (
        "Bakers" in mail.subject and "Dana Demo" in mail.body and mail.body.rstrip().endswith("https://x/p")
    )
    others = {"accepted", "rejected", "canceled"} - {state}
    subjects = {
        render(MailTemplate.affiliate_decided, locale, {**context, "state": o}).subject for o in others
    }
    assert mail.subject not in subjects  # each decision says what it is


@pytest.mark.parametrize("locale", ["en", "de"])
def test_a_seller_is_told_who_asks_to_join(locale: str):
    context = {"first_name": "Dana", "publisher": "Pia P", "publisher_email": "pia@x.io", "program": "Bakers",
               "nodes_url": "https://x/cabinet/affiliate_nodes"}  # fmt: skip
    mail = render(MailTemplate.affiliate_requested, locale, context)
    assert "Pia P" in mail.subject and "pia@x.io" in mail.body and "affiliate_nodes" in mail.body


@pytest.mark.parametrize("locale", ["en", "de"])
@pytest.mark.parametrize("role", ["team_member", "sales_team_member"])
def test_an_invitation_says_which_role_and_where_to_accept(locale: str, role: str):
    context = {
        "shop": "Dana's Bakery",
        "role": role,
        "fee": "12.5 %",
        "invites_url": "https://x/team_member/invites",
    }
    mail = render(MailTemplate.team_invited, locale, context)
    assert "Dana's Bakery" in mail.subject and "team_member/invites" in mail.body
    assert ("12.5 %" in mail.body) == (role == "sales_team_member")  # only a seller's closer earns a fee
