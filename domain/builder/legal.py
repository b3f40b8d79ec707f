"""A shop's legal documents (core §2 `/s/{seller}/document/cancellation_terms`, the document types imprint, privacy
and terms of core §3): the seller's own texts, each in the buyer's languages where the seller wrote them, shown on
pages of their own, linked from footers, the checkout and the order mails; and whom the checkout asks for the
consent to begin a digital delivery at once (`domain.orders.consent`)."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

from pydantic import Field, StringConstraints

from domain.builder.style import Closed
from domain.catalog.products import ProductForm
from domain.orders.consent import ConsentRule

LEGAL_TEXT_MAX = 20_000
LegalText = Annotated[str, StringConstraints(max_length=LEGAL_TEXT_MAX)]


class Document(StrEnum):
    terms = "terms"
    cancellation_terms = "cancellation_terms"
    privacy = "privacy"
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
    terms: Texts = Texts()
    cancellation_terms: Texts = Texts()
    # a product type's own cancellation terms (core §2 `product_type`), in place of the shop's general ones
    cancellation_terms_by_type: dict[ProductForm, Texts] = Field(default_factory=dict)
    privacy: Texts = Texts()
    imprint: Texts = Texts()
    withdrawal_consent: ConsentRule = ConsentRule.eu_consumers

    def of(self, doc: Document, product_type: ProductForm | None = None) -> Texts:
        """The document; the cancellation terms of `product_type` where the seller wrote that type's own."""
        if doc == Document.cancellation_terms and product_type is not None:
            own = self.cancellation_terms_by_type.get(product_type)
            if own is not None and own.in_language("en"):
                return own
        texts: Texts = getattr(self, doc.value)
        return texts

    def written(self, product_type: ProductForm | None = None) -> list[Document]:
        """The documents the seller wrote (in any language), in the order a footer lists them."""
        return [d for d in Document if self.of(d, product_type).in_language("en")]
