"""A shop's legal documents (core §2 `/s/{seller}/document/cancellation_terms`): the seller's own texts, each in
the buyer's languages where the seller wrote them, shown on pages of their own and linked from footers."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

from pydantic import StringConstraints

from domain.builder.style import Closed

LEGAL_TEXT_MAX = 20_000
LegalText = Annotated[str, StringConstraints(max_length=LEGAL_TEXT_MAX)]


class Document(StrEnum):
    cancellation_terms = "cancellation_terms"
    imprint = "imprint"


class Texts(Closed):
    """One document in each language the seller wrote it in (empty: not written)."""

    en: LegalText = ""
    de: LegalText = ""

    def in_language(self, lang: str) -> str:
        """The buyer's language, else the other one the seller wrote."""
        own = getattr(self, lang, "") if lang in ("en", "de") else ""
        return own or self.en or self.de


class LegalTexts(Closed):
    cancellation_terms: Texts = Texts()
    imprint: Texts = Texts()

    def of(self, doc: Document) -> Texts:
        texts: Texts = getattr(self, doc.value)
        return texts
