"""The storefront's words, from the web app's own catalogues (`web/src/i18n/{lang}.json`, namespace `storefront`
and the product categories), so every word a buyer reads is kept once, in en and de."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

I18N = Path(__file__).resolve().parents[2] / "web" / "src" / "i18n"
LANGUAGES = ("en", "de")
DEFAULT_LANGUAGE = "en"
_VAR = re.compile(r"\{\{(\w+)\}\}")


@cache
def catalogue(lang: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))
    return data


class Texts:
    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in LANGUAGES else DEFAULT_LANGUAGE
        self._data = catalogue(self.lang)

    def __call__(self, key: str, **values: object) -> str:
        node: Any = self._data
        for part in key.split("."):
            node = node.get(part) if isinstance(node, dict) else None
        if not isinstance(node, str):
            return key
        return _VAR.sub(lambda m: str(values.get(m.group(1), m.group(0))), node)


def language_of(query_lang: str | None, cookie_lang: str | None, accept: str | None) -> str:
    """The buyer's language: the switcher's choice (`?lang=`), then the cookie it left, then the browser's."""
    for choice in (query_lang, cookie_lang):
        if choice in LANGUAGES:
            return choice
    for part in (accept or "")[:200].split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGUAGES:
            return code
    return DEFAULT_LANGUAGE
