"""The languages of core §9, as the buyer's browser and the web app name them."""

import json
from pathlib import Path

import pytest

from domain.languages import BUYER, SELLER_LANGUAGES, accepted_language, language_of_range, uses_decimal_comma
from domain.money import format_money

WEB = Path(__file__).resolve().parents[3] / "web" / "src" / "i18n"


def test_the_web_app_names_the_same_languages() -> None:
    data = json.loads((WEB / "languages.json").read_text())
    assert data["seller"] == list(SELLER_LANGUAGES)
    assert [
        (x["code"], x["tag"], x["name"], x.get("rtl", False), x.get("decimalPoint", False))
        for x in data["buyer"]
    ] == [(lang.code, lang.tag, lang.name, lang.rtl, lang.decimal_point) for lang in BUYER]
    assert len(BUYER) == 20
    # every buyer language beyond the cabinet's has its catalogue
    assert {p.stem for p in (WEB / "buyer").glob("*.json")} == {x.code for x in BUYER} - set(SELLER_LANGUAGES)


@pytest.mark.parametrize(
    ("header", "code"),
    [
        ("fr-CH, fr;q=0.9, en;q=0.8", "fr"),
        ("pt-BR,pt;q=0.9", "pt_br"),
        ("pt-PT", "pt_pt"),
        ("nb-NO,nn;q=0.5", "no"),
        ("ja, ko;q=0.4", "ko"),  # the first the set has
        ("en;q=0.2, de;q=0.9", "de"),  # by q-value, not by order
        ("de-AT", "de"),
        ("xx, yy", None),
        ("", None),
        (None, None),
        (";q=1,,,", None),
        ("fr;q=abc, it", "it"),
        ("fr;q=0", None),
        ("a" * 5000, None),
    ],
)
def test_a_browser_asks_for_a_language(header: str | None, code: str | None) -> None:
    assert accepted_language(header) == code


def test_ranges_and_amount_formats() -> None:
    assert language_of_range("PT-br") == "pt_br"
    assert language_of_range("-") is None
    assert [uses_decimal_comma(c) for c in ("en", "ar", "ko", "de", "fr", "pt-BR", "xx")] == [
        False,
        False,
        False,
        True,
        True,
        True,
        False,
    ]
    assert format_money(123456, "eur", "pl") == "1234,56€"
    assert format_money(123456, "usd", "ar") == "$1234.56"
    assert format_money(5, "gbp", "de") == "£0,05"


def test_the_server_picks_plurals_as_the_browser_does() -> None:
    """`plural-forms.json` is Intl.PluralRules' answer for 0–120 in each language (a web test holds it so)."""
    from api.storefront.texts import Texts, plural_form

    forms = json.loads((WEB / "plural-forms.json").read_text())
    assert set(forms) == {lang.code for lang in BUYER}
    for code, expected in forms.items():
        assert [plural_form(code, n) for n in range(len(expected))] == expected, code
    assert Texts("pl")("editor.periodUnit.m", count=5) == "5 miesięcy"
    assert Texts("pl")("editor.periodUnit.m", count=3) == "3 miesiące"
    assert Texts("ar")("editor.periodUnit.d", count=2) == "يومان"
    assert Texts("en")("editor.everyUnit.w", count=1) == "every week"
