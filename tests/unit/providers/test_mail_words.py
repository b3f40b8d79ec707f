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
    }
    mail = render(MailTemplate.claim_reminder, locale, context)
    assert mail.subject == f"{names[stage]}: Yoga course"


def test_german_dunning_screens_say_mahnung_never_erinnerung():
    de = json.loads((CATALOGUES / "de.json").read_text())
    billing = json.dumps(de["billing"], ensure_ascii=False) + json.dumps(de["recovery"], ensure_ascii=False)
    assert "Erinnerung" not in billing
    assert "Mahnung" in billing
