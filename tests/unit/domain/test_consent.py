"""Whom the checkout asks for the consent to begin a digital delivery at once (domain/orders/consent.py)."""

from __future__ import annotations

import pytest

from domain.builder.legal import Document, LegalTexts, Texts
from domain.catalog.products import ProductForm
from domain.orders.consent import ConsentRule, consent_required

EU, EVERYONE = ConsentRule.eu_consumers, ConsentRule.everyone


@pytest.mark.parametrize(
    ("form", "rule", "charges", "country", "business", "required"),
    [
        (ProductForm.course, EU, True, "DE", False, True),  # an EU consumer
        (ProductForm.download, EU, True, None, False, True),  # no country named: counted as one
        (ProductForm.service, EU, True, "US", False, False),  # outside the EU
        (ProductForm.digital, EU, True, "FR", True, False),  # a business buyer is no consumer
        (ProductForm.membership, EVERYONE, True, "US", True, True),  # the seller asks everyone
        (ProductForm.event, EVERYONE, True, "DE", False, False),  # a ticket for a day: no withdrawal right
        (
            ProductForm.course,
            EVERYONE,
            False,
            "DE",
            False,
            False,
        ),  # nothing to pay: no contract to withdraw from
    ],
)
def test_whom_the_consent_is_required_of(form, rule, charges, country, business, required):
    assert consent_required(form, rule, charges=charges, country=country, business=business) is required


def test_a_product_types_own_cancellation_terms_replace_the_general_ones_where_written():
    texts = LegalTexts(
        cancellation_terms=Texts(en="General"),
        cancellation_terms_by_type={ProductForm.course: Texts(de="Kurs"), ProductForm.download: Texts()},
        imprint=Texts(de="Impressum"),
    )
    assert texts.of(Document.cancellation_terms, ProductForm.course).in_language("en") == "Kurs"
    assert texts.of(Document.cancellation_terms, ProductForm.download).in_language("en") == "General"  # empty
    assert texts.of(Document.cancellation_terms).in_language("de") == "General"
    assert texts.written() == [Document.cancellation_terms, Document.imprint]
