import pytest

from domain.money import Money, MoneyError, format_money, parse_major


@pytest.mark.parametrize(
    ("text", "cur", "minor"),
    [
        ("19.90", "eur", 1990),
        ("19,9", "eur", 1990),
        ("7", "usd", 700),
        ("0.01", "gbp", 1),
        ("1000000", "eur", 100_000_000),
        ("500", "jpy", 500),
    ],
)
def test_parse_major_is_exact(text, cur, minor):
    assert parse_major(text, cur) == minor


@pytest.mark.parametrize("text", ["", "abc", "1.999", "-5", "1e3", "0.1.2"])
def test_parse_major_rejects(text):
    with pytest.raises(MoneyError):
        parse_major(text, "eur")


def test_display_rules_of_core_9():
    assert format_money(1990, "usd") == "$19.90"
    assert format_money(1990, "gbp") == "£19.90"
    assert format_money(1990, "eur") == "19.90€"
    assert format_money(1990, "eur", "de") == "19,90€"
    assert format_money(1990, "chf") == "19.90 CHF"
    assert format_money(-5, "eur") == "-0.05€"


def test_money_refuses_floats_and_mixed_currencies():
    with pytest.raises(MoneyError):
        Money(19.9, "eur")  # type: ignore[arg-type]
    with pytest.raises(MoneyError):
        Money(1, "eur") + Money(1, "usd")
    assert Money(1, "eur") + Money(2, "eur") == Money(3, "eur")


def test_a_mails_days_are_written_as_its_reader_writes_them():
    from datetime import date

    from domain.mail import mail_date

    assert mail_date(date(2026, 11, 28), "de") == "28.11.2026"
    assert mail_date("2026-03-01", "en") == "1 March 2026"
    assert mail_date("2026-03-01T10:00:00+00:00", "de") == "01.03.2026"
    assert mail_date(None, "de") == mail_date("", "en") == ""
