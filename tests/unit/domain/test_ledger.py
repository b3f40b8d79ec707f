"""The ledger's arithmetic: fees rounded once, every set of entries sums to zero, partial refunds give back
exactly the fee of what they return (property-based as well as by example)."""

from __future__ import annotations

from datetime import date

from hypothesis import given
from hypothesis import strategies as st

from domain.ledger.ledger import (
    EntryKind,
    FeeRate,
    PayeeType,
    balanced,
    fee_back,
    platform_fee,
    refund_entries,
    sale_entries,
)


def test_the_fee_is_rounded_half_up_and_never_exceeds_the_total():
    rate = FeeRate(basis_points=490)
    assert platform_fee(10000, rate) == 490
    assert platform_fee(1990, rate) == 98  # 97.51 → 98
    assert platform_fee(10, rate) == 0  # 0.49 → 0
    assert platform_fee(11, rate) == 1  # 0.539 → 1
    assert platform_fee(100, FeeRate(0, fixed=500)) == 100
    assert platform_fee(0, rate) == 0


def test_a_sale_books_the_seller_the_platform_and_the_clearing_account():
    entries = sale_entries("tok", 7, 10000, 490, "eur")
    assert balanced(entries)
    by = {(e.payee_type, e.kind): e.amount for e in entries}
    assert by[(PayeeType.seller, EntryKind.sale)] == 10000
    assert by[(PayeeType.seller, EntryKind.platform_fee)] == -490
    assert by[(PayeeType.platform, EntryKind.platform_fee)] == 490
    assert by[(PayeeType.clearing, EntryKind.sale)] == -10000
    assert len({e.key for e in entries}) == len(entries)


def test_a_sale_without_fee_books_no_fee_entries():
    assert [e.kind for e in sale_entries("tok", 7, 500, 0, "eur")] == [EntryKind.sale, EntryKind.sale]


@given(
    total=st.integers(min_value=1, max_value=10**9),
    bp=st.integers(min_value=0, max_value=3000),
    cuts=st.lists(st.integers(min_value=1, max_value=10**9), min_size=1, max_size=6),
)
def test_refunds_that_add_up_to_the_total_give_back_exactly_the_fee(total, bp, cuts):
    fee = platform_fee(total, FeeRate(bp))
    parts, left = [], total
    for c in cuts:
        if left == 0:
            break
        part = min(left, c)
        parts.append(part)
        left -= part
    if left:
        parts.append(left)
    back, before, entries = 0, 0, sale_entries("t", 1, total, fee, "eur")
    for n, part in enumerate(parts, 1):
        b = fee_back(fee, total, before, part)
        assert 0 <= b <= fee
        entries += refund_entries("t", n, 1, part, b, "eur")
        back += b
        before += part
    assert back == fee
    assert balanced(entries)
    seller = sum(e.amount for e in entries if e.payee_type == PayeeType.seller)
    platform = sum(e.amount for e in entries if e.payee_type == PayeeType.platform)
    assert seller == 0 and platform == 0  # everything returned: nobody keeps anything


def test_vat_contained_in_a_gross_price():
    from datetime import UTC, datetime

    from domain.orders.invoices import InvoiceDocument, InvoiceLine, vat_lines, vat_of_gross, vat_treatment
    from providers.documents.invoice_pdf import vat_note

    assert vat_of_gross(2500) == 399  # 25.00 gross at 19 %: 3.99 VAT
    assert vat_of_gross(-2500) == -399
    assert vat_of_gross(119) == 19
    assert vat_of_gross(12000, 2000) == 2000  # 120.00 gross at 20 % (France)

    def doc(vat):
        return InvoiceDocument(
            1, "regular", datetime.now(UTC), "eur", ["S"], ["B"], [InvoiceLine("x", 11900)], vat
        )

    home = doc(vat_treatment(True, None, "DE", None))
    assert vat_lines(home) == [("net", None, 10000), ("vat", 1900, 1900)] and vat_note(home) is None
    assert vat_lines(doc(vat_treatment(True, None, "DE", "de"))) == vat_lines(home)
    exempt = doc(vat_treatment(False, "small_business", "DE", "FR"))
    assert vat_lines(exempt) == [] and "19 UStG" in (vat_note(exempt) or "")


def test_vat_follows_the_buyers_country():
    from domain.orders.invoices import VatKind, vat_treatment

    france = vat_treatment(True, None, "DE", "FR")  # an EU consumer: the VAT of France (One-Stop-Shop)
    assert (france.kind, france.rate_bp, france.country) == (VatKind.eu_oss, 2000, "FR")
    assert "One-Stop-Shop" in (france.note or "")
    hungary = vat_treatment(True, None, "DE", "HU")
    assert hungary.rate_bp == 2700
    abroad = vat_treatment(True, None, "DE", "US")  # outside the EU: no VAT, and the invoice says why
    assert (abroad.kind, abroad.rate_bp) == (VatKind.third_country, None) and "outside the EU" in (
        abroad.note or ""
    )
    austria_seller = vat_treatment(True, None, "AT", "AT")
    assert (austria_seller.kind, austria_seller.rate_bp) == (VatKind.domestic, 2000)
    exempt = vat_treatment(False, None, "DE", "FR")
    assert (exempt.kind, exempt.rate_bp) == (VatKind.exempt, None)


def test_a_platform_invoice_state_follows_its_total():
    from domain.billing.platform_invoices import next_close, platform_invoice_state, previous_period
    from domain.ledger.ledger import PlanPurpose, PlatformInvoiceState

    assert platform_invoice_state(490, PlanPurpose.public) == PlatformInvoiceState.paid
    assert platform_invoice_state(-100, None) == PlatformInvoiceState.refund
    assert platform_invoice_state(0, None) == PlatformInvoiceState.issued
    assert platform_invoice_state(490, PlanPurpose.on_hold) == PlatformInvoiceState.on_hold
    assert previous_period(date(2027, 1, 1)) == "2026-12" and previous_period(date(2026, 11, 23)) == "2026-10"
    assert next_close(date(2026, 12, 31)) == date(2027, 1, 1) and next_close(date(2026, 2, 1)) == date(
        2026, 3, 1
    )


def test_a_net_price_gets_the_vat_its_invoice_finds_again():
    """Gross of a net price, half up; the invoice's VAT found in that gross gives back the net to the cent."""
    from domain.billing.billing_calendar import PlanTerms
    from domain.orders.invoices import gross_of_net, priced_terms, vat_of_gross
    from domain.orders.orders import PaymentType

    assert gross_of_net(1000, 1900) == 1190 and gross_of_net(1000, None) == 1000
    assert gross_of_net(5, 1900) == 6  # 0.95 cents of VAT round to 1
    for net in range(1, 5000, 7):
        for rate in (700, 1700, 1900, 2000, 2550, 2700):
            gross = gross_of_net(net, rate)
            assert gross - vat_of_gross(gross, rate) == net, (net, rate)
    terms = PlanTerms(PaymentType.installment, "eur", 1000, 2000, 3, rate_amounts=(1000, 2000, 500))
    priced = priced_terms(terms, 1900)
    assert (priced.first_amount, priced.next_amount, priced.rate_amounts) == (1190, 2380, (1190, 2380, 595))
    assert priced_terms(terms, None) == terms
