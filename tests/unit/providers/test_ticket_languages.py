"""A ticket's PDF in each of the 20 buyer languages: its labels in the language (every label in every language),
Korean glyphs printed, Arabic shaped."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from domain.catalog.events import TICKET_PDF_WORDS
from domain.languages import BUYER_LANGUAGES
from providers.documents import ticket_pdf


def test_every_buyer_language_has_every_ticket_label():
    assert set(TICKET_PDF_WORDS) == set(BUYER_LANGUAGES)
    assert all(w.keys() == TICKET_PDF_WORDS["en"].keys() for w in TICKET_PDF_WORDS.values())


@pytest.mark.parametrize("lang", ["fr", "pl", "el", "ko", "tr", "de"])
def test_a_ticket_prints_its_labels_in_the_buyers_language(lang: str):
    w = TICKET_PDF_WORDS[lang]
    pdf = ticket_pdf.render(
        code="ABCDE23456", shown="ABCDE-23456", title="Bread day", seller="Dana",
        lines=[(w["ticket"], "Standard"), (w["when"], w["any_day"]), (w["holder"], "Bea")], locale=lang,
    )  # fmt: skip
    text = PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    for word in (w["ticket"], w["when"], w["any_day"], w["holder"], "ABCDE-23456"):
        assert word in text, (word, text)
