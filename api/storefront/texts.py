"""The storefront's words, from the web app's own catalogues, so every word a buyer reads is kept once: en and de
in `web/src/i18n/{lang}.json`, the other buyer languages of core §9 in `web/src/i18n/buyer/{lang}.json` (the
buyer-facing keys only). A key a catalogue lacks is read in English."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from domain.billing.billing_calendar import PeriodError, parse_period
from domain.languages import BUYER_LANGUAGES, BY_CODE, DEFAULT_LANGUAGE, SELLER_LANGUAGES, accepted_language
from domain.money import format_money
from domain.orders.orders import PaymentType
from store.catalog.models import PricingPlan

I18N = Path(__file__).resolve().parents[2] / "web" / "src" / "i18n"
LANGUAGES = BUYER_LANGUAGES
_VAR = re.compile(r"\{\{(\w+)\}\}")


@cache
def catalogue(lang: str) -> dict[str, Any]:
    path = I18N / f"{lang}.json" if lang in SELLER_LANGUAGES else I18N / "buyer" / f"{lang}.json"
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _lookup(data: dict[str, Any], key: str) -> str | None:
    node: Any = data
    for part in key.split("."):
        node = node.get(part) if isinstance(node, dict) else None
    return node if isinstance(node, str) else None


class Texts:
    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in LANGUAGES else DEFAULT_LANGUAGE
        self.tag = BY_CODE[self.lang].tag
        self.rtl = BY_CODE[self.lang].rtl
        self._data = catalogue(self.lang)

    def __call__(self, key: str, **values: object) -> str:
        count = values.get("count")
        if isinstance(count, int) and not isinstance(count, bool):
            for form in (plural_form(self.lang, count), "other"):
                if (worded := self._find(f"{key}_{form}")) is not None:
                    return _VAR.sub(lambda m: str(values.get(m.group(1), m.group(0))), worded)
        text = self._find(key)
        if text is None:
            return key
        return _VAR.sub(lambda m: str(values.get(m.group(1), m.group(0))), text)

    def _find(self, key: str) -> str | None:
        text = _lookup(self._data, key)
        if text is None and self.lang != DEFAULT_LANGUAGE:
            text = _lookup(catalogue(DEFAULT_LANGUAGE), key)
        return text


def plural_form(lang: str, n: int) -> str:
    """CLDR's plural category of a whole number in a language of core §9 (what i18next picks in the web app)."""
    n = abs(n)
    ten, hundred = n % 10, n % 100
    if lang == "ko":
        return "other"
    if lang in ("fr", "pt_br"):
        return "one" if n in (0, 1) else "other"
    if lang == "cs":
        return "one" if n == 1 else "few" if 2 <= n <= 4 else "other"
    if lang == "pl":
        if n == 1:
            return "one"
        return "few" if 2 <= ten <= 4 and not 12 <= hundred <= 14 else "many"
    if lang == "hr":
        if ten == 1 and hundred != 11:
            return "one"
        return "few" if 2 <= ten <= 4 and not 12 <= hundred <= 14 else "other"
    if lang == "ro":
        return "one" if n == 1 else "few" if n == 0 or 1 <= hundred <= 19 else "other"
    if lang == "ar":
        if n in (0, 1, 2):
            return ("zero", "one", "two")[n]
        return "few" if 3 <= hundred <= 10 else "many" if 11 <= hundred <= 99 else "other"
    return "one" if n == 1 else "other"


def language_of(query_lang: str | None, cookie_lang: str | None, accept: str | None) -> str:
    """The buyer's language: the switcher's choice (`?lang=`), then the cookie it left, then the browser's."""
    for choice in (query_lang, cookie_lang):
        if choice in LANGUAGES:
            return choice
    return accepted_language(accept) or DEFAULT_LANGUAGE


def plan_schedule(plan: PricingPlan, t: Texts, lang: str) -> str:
    """How often a plan charges, in the buyer's words: once, every period, or a number of rates."""
    if plan.payment_type == PaymentType.one_time or not plan.period:
        return ""  # the plan's type says it: once
    try:
        period = parse_period(plan.period)
    except PeriodError:
        return t(f"editor.planTypes.{plan.payment_type.value}")
    every = t(f"editor.everyUnit.{period.unit.value}", count=period.count)
    if plan.payment_type == PaymentType.subscription or not plan.payments_count:
        return every
    rate = plan.next_amount if plan.next_amount is not None else plan.price
    return f"{plan.payments_count} × {format_money(rate, plan.currency, lang)} · {every}"
