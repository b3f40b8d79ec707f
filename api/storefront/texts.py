"""The storefront's words, from the web app's own catalogues, so every word a buyer reads is kept once: en and de
in `web/src/i18n/{lang}.json`, the other buyer languages of core §9 in `web/src/i18n/buyer/{lang}.json` (the
buyer-facing keys only). A key a catalogue lacks is read in English."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from domain.languages import BUYER_LANGUAGES, BY_CODE, DEFAULT_LANGUAGE, SELLER_LANGUAGES, accepted_language

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
        text = _lookup(self._data, key)
        if text is None and self.lang != DEFAULT_LANGUAGE:
            text = _lookup(catalogue(DEFAULT_LANGUAGE), key)
        if text is None:
            return key
        return _VAR.sub(lambda m: str(values.get(m.group(1), m.group(0))), text)


def language_of(query_lang: str | None, cookie_lang: str | None, accept: str | None) -> str:
    """The buyer's language: the switcher's choice (`?lang=`), then the cookie it left, then the browser's."""
    for choice in (query_lang, cookie_lang):
        if choice in LANGUAGES:
            return choice
    return accepted_language(accept) or DEFAULT_LANGUAGE
