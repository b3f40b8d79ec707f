"""The languages of core §9: the cabinet speaks en and de; buyer-facing pages speak the full set of twenty.
Mirrors `web/src/i18n/languages.json` (a unit test holds them equal)."""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Language:
    code: str  # core §9's code (`pt_br`, `no`)
    tag: str  # BCP 47, for `lang=` and Intl (`pt-BR`, `nb`)
    name: str  # in its own language, for the switcher
    rtl: bool = False
    decimal_point: bool = False  # `00.00`; the others write `0,00` (core §9's two amount formats)

    @property
    def posix(self) -> str:
        """The tag as CLDR (babel) and gettext catalogues name it (`pt_BR`, `nb`)."""
        return self.tag.replace("-", "_")


SELLER_LANGUAGES = ("en", "de")
BUYER = (
    Language("en", "en", "English", decimal_point=True),
    Language("de", "de", "Deutsch"),
    Language("es", "es", "Español"),
    Language("ar", "ar", "العربية", rtl=True, decimal_point=True),
    Language("cs", "cs", "Čeština"),
    Language("da", "da", "Dansk"),
    Language("el", "el", "Ελληνικά"),
    Language("fr", "fr", "Français"),
    Language("hu", "hu", "Magyar"),
    Language("it", "it", "Italiano"),
    Language("pl", "pl", "Polski"),
    Language("pt_br", "pt-BR", "Português (Brasil)"),
    Language("pt_pt", "pt-PT", "Português (Portugal)"),
    Language("sv", "sv", "Svenska"),
    Language("tr", "tr", "Türkçe"),
    Language("ko", "ko", "한국어", decimal_point=True),
    Language("no", "nb", "Norsk"),
    Language("hr", "hr", "Hrvatski"),
    Language("ro", "ro", "Română"),
    Language("nl", "nl", "Nederlands"),
)
BUYER_LANGUAGES = tuple(lang.code for lang in BUYER)
BY_CODE = {lang.code: lang for lang in BUYER}
DEFAULT_LANGUAGE = "en"

_RANGE = re.compile(r"^([a-zA-Z]{1,8})(?:[-_]([a-zA-Z0-9]{1,8}))?")
# what browsers send for a language the set names otherwise
_ALIASES = {"nb": "no", "nn": "no", "pt": "pt_pt"}


def language_of_range(language_range: str) -> str | None:
    """The buyer language an Accept-Language range asks for (`pt-BR` → pt_br, `nb-NO` → no, `de-AT` → de);
    none for a language outside the set."""
    m = _RANGE.match(language_range.strip())
    if not m:
        return None
    primary, region = m.group(1).lower(), (m.group(2) or "").lower()
    if primary == "pt":
        return "pt_br" if region == "br" else "pt_pt"
    code = _ALIASES.get(primary, primary)
    return code if code in BY_CODE else None


def accepted_language(header: str | None) -> str | None:
    """The first buyer language of an Accept-Language header, by its q-values (ties in the header's order)."""
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate((header or "")[:400].split(",")[:20]):
        name, _, params = part.partition(";")
        q = 1.0
        params = params.strip()
        if params.startswith("q="):
            try:
                q = float(params[2:7])
            except ValueError:
                continue
        code = language_of_range(name)
        if code and 0 < q <= 1:
            ranked.append((-q, i, code))
    return min(ranked)[2] if ranked else None


def uses_decimal_comma(code: str) -> bool:
    lang = BY_CODE.get(code) or BY_CODE.get(language_of_range(code) or "")
    return lang is not None and not lang.decimal_point


LANGUAGE_PATTERN = "^(" + "|".join(BUYER_LANGUAGES) + ")$"
