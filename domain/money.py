"""Money: integer minor units plus a lowercase currency key. Never floats."""

from __future__ import annotations

import re
from dataclasses import dataclass

from domain.languages import uses_decimal_comma

# Currencies whose minor unit is not 1/100 (ISO 4217). Everything else uses two decimals.
ZERO_DECIMAL = frozenset(
    {
        "bif",
        "clp",
        "djf",
        "gnf",
        "jpy",
        "kmf",
        "krw",
        "mga",
        "pyg",
        "rwf",
        "ugx",
        "vnd",
        "vuv",
        "xaf",
        "xof",
        "xpf",
    }
)
# The 10 currencies the second provider supports (core §9); the card provider accepts these and more.
SUPPORTED_CURRENCIES = ("eur", "gbp", "usd", "chf", "pln", "nok", "sek", "dkk", "cad", "aud")
SYMBOLS = {"eur": "€", "usd": "$", "gbp": "£", "chf": "CHF", "pln": "zł"}
SYMBOL_LEFT = frozenset({"usd", "gbp"})

_DECIMAL_RE = re.compile(r"^\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*$")


class MoneyError(ValueError):
    pass


def exponent(currency: str) -> int:
    return 0 if currency.lower() in ZERO_DECIMAL else 2


@dataclass(frozen=True, slots=True)
class Money:
    amount: int  # minor units
    currency: str  # lowercase ISO key

    def __post_init__(self) -> None:
        if not isinstance(self.amount, int) or isinstance(self.amount, bool):
            raise MoneyError("amount must be an integer number of minor units")
        if self.currency != self.currency.lower() or len(self.currency) != 3:
            raise MoneyError("currency must be a lowercase ISO 4217 key")

    def __add__(self, other: Money) -> Money:
        if other.currency != self.currency:
            raise MoneyError("cannot add different currencies")
        return Money(self.amount + other.amount, self.currency)


def parse_major(text: str, currency: str) -> int:
    """'19.90' or '19,90' → 1990 minor units, by string arithmetic (no floats)."""
    m = _DECIMAL_RE.match(text)
    if not m:
        raise MoneyError("invalid amount")
    whole, frac = m.group(1), (m.group(2) or "")
    exp = exponent(currency)
    if len(frac) > exp:
        raise MoneyError("too many decimals")
    scale: int = 10**exp
    return int(whole) * scale + (int(frac.ljust(exp, "0")) if exp else 0)


def format_money(amount: int, currency: str, locale: str = "en") -> str:
    """Display rule of core §9: symbol left for USD and GBP, otherwise right; CHF with a space;
    two decimals; '00.00' in English, Arabic and Korean, '0,00' in the other languages of core §9."""
    cur = currency.lower()
    exp = exponent(cur)
    sign = "-" if amount < 0 else ""
    a = abs(amount)
    whole, frac = divmod(a, 10**exp) if exp else (a, 0)
    sep = "," if uses_decimal_comma(locale) else "."
    number = f"{whole}{sep}{frac:0{exp}d}" if exp else f"{whole}"
    symbol = SYMBOLS.get(cur, cur.upper())
    if cur in SYMBOL_LEFT:
        return f"{sign}{symbol}{number}"
    if cur == "chf":
        return f"{sign}{number} {symbol}"
    return f"{sign}{number}{symbol}" if symbol == "€" else f"{sign}{number} {symbol}"


def decimal_text(amount: int, currency: str) -> str:
    """Minor units as a plain decimal (`-12.30`), for files a spreadsheet reads; string arithmetic, no floats."""
    e = exponent(currency)
    sign = "-" if amount < 0 else ""
    a = abs(amount)
    return f"{sign}{a // 10**e}.{a % 10**e:0{e}d}" if e else f"{sign}{a}"
