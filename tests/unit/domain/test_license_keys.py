"""The key format's rules and messages (editor §5), generated keys matching their format, and pasted keys read."""

from __future__ import annotations

import pytest

from domain.catalog.license_keys import (
    FORMAT_MESSAGES,
    KEY_MAX,
    KeyFormat,
    KeyFormatError,
    KeyProblem,
    key_problem,
    keys_from_text,
    parse_format,
)


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("", KeyFormatError.bad_format),
        ("ABC-DEF", KeyFormatError.bad_format),  # no parameter
        ("SF-{alphanumeric}", KeyFormatError.bad_format),  # no size
        ("SF-{alphanumeric_5", KeyFormatError.bad_format),  # unclosed
        ("SF {numeric_5}", KeyFormatError.bad_format),  # a space is not a key character
        ("{protection_token}", KeyFormatError.bad_format),  # a token alone is no parameter
        ("SF-{hex_5}", KeyFormatError.format_type),
        ("SF-{numeric_2}-{alphabetic_2}", KeyFormatError.format_size),  # none of size 3
        ("{numeric_65}", KeyFormatError.format_size),
        ("{numeric_64}{numeric_64}{numeric_64}{numeric_64}", KeyFormatError.format_size),  # 256 characters
    ],
)
def test_a_format_that_breaks_a_rule_names_it(text: str, error: KeyFormatError) -> None:
    assert parse_format(text) == error
    assert FORMAT_MESSAGES[error]


def test_generated_keys_match_their_format_and_differ() -> None:
    fmt = parse_format("SF-{alphabetic_2}{numeric_3}-{alphanumeric_5}.{protection_token}")
    assert isinstance(fmt, KeyFormat) and fmt.has_protection_token
    keys = {fmt.generate() for _ in range(200)}
    assert len(keys) == 200
    for key in keys:
        assert fmt.matches(key) and len(key) == fmt.length == 3 + 2 + 3 + 1 + 5 + 1 + 8
        assert key[3:5].isalpha() and key[5:8].isdigit()
    assert not fmt.matches("SF-AB12C-ABCDE.ABCDEFGH")


def test_pasted_keys_are_checked_against_the_format() -> None:
    fmt = parse_format("K-{numeric_4}")
    assert isinstance(fmt, KeyFormat)
    assert key_problem("K-1234", fmt) is None
    assert key_problem("K-12345", fmt) == KeyProblem.no_match
    assert key_problem("any-key", None) is None
    assert key_problem("has space", None) is not None
    assert key_problem("x" * (KEY_MAX + 1), None) is not None
    assert key_problem("", None) == KeyProblem.required


def test_keys_are_read_from_a_paste_or_a_csv() -> None:
    assert keys_from_text("A-1\n\n  B-2  \r\nC-3") == ["A-1", "B-2", "C-3"]
    assert keys_from_text('license_key,note\n"D-4",first\nE-5,second\n') == ["D-4", "E-5"]
    assert keys_from_text("key;note\nF-6;x\n") == ["F-6"]
