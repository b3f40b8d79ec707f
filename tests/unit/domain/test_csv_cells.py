"""A CSV cell a spreadsheet would run as a formula is written as text."""

import pytest

from domain.csv_cells import text_cell


@pytest.mark.parametrize(
    ("value", "written"),
    [
        ("Yoga course", "Yoga course"),
        ('=HYPERLINK("http://evil")', '\'=HYPERLINK("http://evil")'),
        ("+49 30", "'+49 30"),
        ("-5", "'-5"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tx", "'\tx"),
        ("", ""),
        (None, ""),
        ("a=b", "a=b"),
    ],
)
def test_formula_looking_text_is_quoted(value, written):
    assert text_cell(value) == written
