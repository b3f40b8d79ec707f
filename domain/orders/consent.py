"""The buyer's consent to begin a digital delivery before the withdrawal period ends (§ 356 (5) BGB, Art. 16 (m)
of the Consumer Rights Directive 2011/83/EU), with the acknowledgment that the right of withdrawal then lapses.

Without it, a consumer in the EU keeps a 14-day right to withdraw from a purchase of digital content or a digital
service they have already used. An event's ticket is a leisure service on a fixed date, for which the law grants no
withdrawal right (§ 312g (2) Nr. 9 BGB), so no consent is asked for it. An order that costs nothing is no contract
against payment, so none is asked either. A business buyer is no consumer."""

from __future__ import annotations

from enum import StrEnum

from domain.catalog.products import ProductForm
from domain.orders.invoices import EU_VAT_BP


class ConsentRule(StrEnum):
    """Whom the seller's checkout asks for the consent, and refuses to take the order from without it."""

    eu_consumers = "eu_consumers"  # the default: a consumer in the EU (or one who names no country)
    everyone = "everyone"  # every buyer of digital content, business or not, wherever they live


EU_COUNTRIES = frozenset(EU_VAT_BP)
# the catalogue key of the wording the buyer ticks (web/src/i18n); the order stores the words as shown
CONSENT_WORDING_KEY = "shop.legal.consent"


def consent_applies(form: ProductForm) -> bool:
    """Whether a product's checkout shows the consent at all (digital content and services, not an event's
    ticket)."""
    return form != ProductForm.event


def consent_required(
    form: ProductForm, rule: ConsentRule, *, charges: bool, country: str | None, business: bool
) -> bool:
    """Whether the order may not be taken without the consent ticked."""
    if not consent_applies(form) or not charges:
        return False
    if rule == ConsentRule.everyone:
        return True
    return not business and (country is None or country in EU_COUNTRIES)
