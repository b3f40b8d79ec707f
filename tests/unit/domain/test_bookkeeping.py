"""The bookkeeping export of a known month matches its golden files (DATEV EXTF and CSV)."""

from __future__ import annotations

import os
from datetime import date, datetime
from pathlib import Path

import pytest

from domain.ledger.bookkeeping import (
    REVENUE_OSS,
    REVENUE_SMALL,
    REVENUE_THIRD,
    REVENUE_VAT,
    ExportSource,
    bookings,
    csv_export,
    datev_extf,
    period_bounds,
    revenue_account,
)
from domain.orders.invoices import vat_treatment

GOLDEN = Path(__file__).parent / "golden"
NOVEMBER = ExportSource(
    invoices=[
        (1, date(2026, 11, 3), 2500, "The Sellflow Handbook", REVENUE_SMALL),
        (2, date(2026, 11, 9), 4900, "Course Templates Pack", REVENUE_SMALL),
        (3, date(2026, 11, 21), -1000, 'Refund: The "Sellflow" Handbook', REVENUE_SMALL),
    ],
    fees=[("a1b2c3", date(2026, 11, 3), 123), ("d4e5f6", date(2026, 11, 9), 240)],
    payouts=[("payout-1", date(2026, 11, 15), 6914)],
)


def _golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if os.environ.get("SELLFLOW_UPDATE_GOLDEN"):
        path.write_bytes(text.encode("utf-8"))
    assert text.encode("utf-8") == path.read_bytes(), f"{name} differs; SELLFLOW_UPDATE_GOLDEN=1 rewrites it"


def test_the_datev_export_of_a_known_month_matches_its_golden_file():
    rows = bookings(NOVEMBER)
    _golden("datev_2026-11.csv", datev_extf(rows, period="2026-11", created=datetime(2026, 12, 1, 8, 0, 0)))
    _golden("bookings_2026-11.csv", csv_export(rows))


def test_bookings_of_the_month():
    rows = bookings(NOVEMBER)
    assert [(b.document, b.amount, b.debit, b.account, b.contra) for b in rows] == [
        ("1", 2500, True, "1360", "8195"),
        ("a1b2c3", 123, True, "4970", "1360"),
        ("2", 4900, True, "1360", "8195"),
        ("d4e5f6", 240, True, "4970", "1360"),
        ("payout-1", 6914, True, "1200", "1360"),
        ("3", 1000, False, "1360", "8195"),
    ]


def test_periods_and_accounts():
    assert period_bounds("2026-12") == (date(2026, 12, 1), date(2027, 1, 1))
    for bad in ("2026-13", "2026-1", "26-11", "2026-11-01"):
        with pytest.raises(ValueError):
            period_bounds(bad)
    assert revenue_account(vat_treatment(True, None, "DE", None)) == REVENUE_VAT
    assert revenue_account(vat_treatment(True, None, "DE", "FR")) == REVENUE_OSS
    assert revenue_account(vat_treatment(True, None, "DE", "US")) == REVENUE_THIRD
    assert revenue_account(vat_treatment(False, "small_business", "DE", "FR")) == REVENUE_SMALL
    assert revenue_account(vat_treatment(False, "educational", "DE", None)) == "8100"
