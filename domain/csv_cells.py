"""CSV cells a spreadsheet opens safely: a text cell that a spreadsheet would read as a formula (it starts with
=, +, -, @, a tab or a carriage return) is written with a leading apostrophe (OWASP "CSV injection")."""

from __future__ import annotations

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def text_cell(value: str | None) -> str:
    """A text cell as written: '' for none, a formula-looking text quoted with an apostrophe."""
    if not value:
        return ""
    return f"'{value}" if value.startswith(FORMULA_STARTS) else value
