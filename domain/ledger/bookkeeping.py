"""The bookkeeping export of a period: the seller's invoices, credit memos, platform fees and payouts as CSV and as
a DATEV booking batch (EXTF, format version 700, category 21 "Buchungsstapel") that German accountants import.

Accounts follow DATEV's SKR03: the money on its way from the payment provider 1360 (Geldtransit), the bank 1200,
revenue 8400 (German VAT), 8320 (VAT of another EU country, One-Stop-Shop), 8338 (customer outside the EU, not
taxable here), 8195 (small business, § 19 UStG) or 8100 (other exempt revenue), the platform's fee 4970
(Nebenkosten des Geldverkehrs). A credit memo is booked as the invoice with the opposite sign (Haben); a payout
moves money from transit to the bank."""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from datetime import date, datetime
from enum import StrEnum

from domain.errors import invalid
from domain.orders.invoices import VatKind, VatTreatment


class ExportState(StrEnum):
    """core §4 accounting export states."""

    ready_to_be_sent = "ready_to_be_sent"
    sent_to_finance = "sent_to_finance"
    sent_to_datev = "sent_to_datev"


PERIOD_RE = re.compile(r"^(\d{4})-(0[1-9]|1[0-2])$")
TRANSIT, BANK, FEES = "1360", "1200", "4970"
REVENUE_VAT, REVENUE_OSS, REVENUE_THIRD, REVENUE_SMALL, REVENUE_EXEMPT = (
    "8400",
    "8320",
    "8338",
    "8195",
    "8100",
)


@dataclass(frozen=True)
class Booking:
    """One line of the export: a positive amount, debit (S) or credit (H), between two accounts."""

    day: date
    amount: int  # minor units, > 0
    debit: bool
    account: str
    contra: str
    document: str  # Belegfeld 1: the invoice number or the order token
    text: str
    currency: str = "EUR"


@dataclass(frozen=True)
class ExportSource:
    """What happened in the period: invoices and credit memos (number, day, total, text, revenue account),
    platform fees and the payouts that reached the bank."""

    invoices: list[tuple[int, date, int, str, str]]
    fees: list[tuple[str, date, int]]  # order token, day, fee (positive)
    payouts: list[tuple[str, date, int]] = field(default_factory=list)  # reference, day, amount (positive)


def period_bounds(period: str) -> tuple[date, date]:
    m = PERIOD_RE.match(period)
    if not m:
        raise ValueError("period must be YYYY-MM")
    y, mo = int(m.group(1)), int(m.group(2))
    end = date(y + (mo == 12), 1 if mo == 12 else mo + 1, 1)
    return date(y, mo, 1), end


def month_asked(period: str, today: date, *, ended: bool) -> tuple[date, date]:
    """A month a seller or manager asks for (YYYY-MM): one that has begun, or with `ended` one that is over; else
    400 on `period`. Its first day and the first day after it."""
    try:
        start, end = period_bounds(period)
    except ValueError:
        raise invalid(period="must be YYYY-MM") from None
    if ended and end > today:
        raise invalid(period="must be a month that has ended")
    if start > today:
        raise invalid(period="must not be in the future")
    return start, end


def revenue_account(vat: VatTreatment) -> str:
    if vat.kind == VatKind.exempt:
        return REVENUE_SMALL if vat.exempt_reason == "small_business" else REVENUE_EXEMPT
    return {VatKind.eu_oss: REVENUE_OSS, VatKind.third_country: REVENUE_THIRD}.get(vat.kind, REVENUE_VAT)


def bookings(src: ExportSource) -> list[Booking]:
    out = [
        Booking(day, abs(total), total > 0, TRANSIT, account, str(number), text[:60])
        for number, day, total, text, account in src.invoices
        if total
    ]
    out += [
        Booking(day, fee, True, FEES, TRANSIT, token[:36], "Platform fee")
        for token, day, fee in src.fees
        if fee
    ]
    out += [
        Booking(day, amount, True, BANK, TRANSIT, ref[:36], "Payout")
        for ref, day, amount in src.payouts
        if amount
    ]
    return sorted(out, key=lambda b: (b.day, b.document))


def _amount(minor: int) -> str:
    return f"{minor // 100},{minor % 100:02d}"


def csv_export(rows: list[Booking]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, delimiter=";", lineterminator="\r\n")
    w.writerow(
        ["date", "amount", "debit_credit", "currency", "account", "contra_account", "document", "text"]
    )
    for b in rows:
        w.writerow(
            [
                b.day.isoformat(),
                _amount(b.amount),
                "S" if b.debit else "H",
                b.currency,
                b.account,
                b.contra,
                b.document,
                b.text,
            ]
        )
    return buf.getvalue()


def _q(v: str) -> str:
    return '"' + v.replace('"', '""') + '"'


def datev_extf(
    rows: list[Booking], *, period: str, created: datetime, consultant: int = 1001, client: int = 1
) -> str:
    """A DATEV EXTF booking batch: the header record, the column names, one line per booking (CRLF, ';')."""
    start, end = period_bounds(period)
    last = date.fromordinal(end.toordinal() - 1)
    header = [
        _q("EXTF"),
        "700",
        "21",
        _q("Buchungsstapel"),
        "13",
        created.strftime("%Y%m%d%H%M%S%f")[:17],
        "",
        _q("SF"),
        _q(""),
        _q(""),
        str(consultant),
        str(client),
        f"{start.year}0101",
        "4",
        start.strftime("%Y%m%d"),
        last.strftime("%Y%m%d"),
        _q(f"Sellflow {period}"),
        _q(""),
        "1",
        "0",
        "0",
        _q("EUR"),
    ]
    columns = [
        "Umsatz (ohne Soll/Haben-Kz)",
        "Soll/Haben-Kennzeichen",
        "WKZ Umsatz",
        "Kurs",
        "Basis-Umsatz",
        "WKZ Basis-Umsatz",
        "Konto",
        "Gegenkonto (ohne BU-Schlüssel)",
        "BU-Schlüssel",
        "Belegdatum",
        "Belegfeld 1",
        "Belegfeld 2",
        "Skonto",
        "Buchungstext",
    ]
    lines = [";".join(header), ";".join(columns)]
    for b in rows:
        lines.append(
            ";".join(
                [
                    _amount(b.amount),
                    _q("S" if b.debit else "H"),
                    _q(b.currency),
                    "",
                    "",
                    "",
                    b.account,
                    b.contra,
                    _q(""),
                    b.day.strftime("%d%m"),
                    _q(b.document),
                    _q(""),
                    "",
                    _q(b.text),
                ]
            )
        )
    return "\r\n".join(lines) + "\r\n"


@dataclass(frozen=True)
class ExportRequest:
    seller_id: int
    period: str
    created_at: str  # ISO time the export was asked for (the EXTF header's creation stamp)


@dataclass(frozen=True)
class ExportDone:
    bookings: int
