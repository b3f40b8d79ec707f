"""Coupons as rules (editor §5): the discount of each form, floored at 0; usable only while active and under its
limit; codes of each format, different and unambiguous."""

from __future__ import annotations

import re

import pytest

from domain.coupons import (
    CodeFormat,
    CouponTerms,
    ValueForm,
    code_ok,
    coupon_usable,
    discount,
    discounted,
    new_codes,
    normal_code,
)


def _c(form: ValueForm, value: int, currency: str | None = "eur", **kw) -> CouponTerms:
    return CouponTerms(
        value_form=form,
        value=value,
        currency=currency,
        **{"active": True, "limit": None, "orders_count": 0, **kw},
    )


@pytest.mark.parametrize(
    ("price", "percent", "off"),
    [(1990, 10, 199), (1999, 10, 200), (1995, 50, 998), (100, 100, 100), (1, 33, 0), (0, 10, 0)],
)
def test_a_percent_coupon_takes_its_share_of_the_display_price_rounded_to_the_cent(price, percent, off):
    assert discount(price, "eur", _c(ValueForm.percents, percent, None)) == off


def test_a_currency_coupon_takes_its_amount_floored_at_zero_and_only_in_its_currency():
    ten = _c(ValueForm.currency, 1000)
    assert discounted(2500, "eur", ten) == 1500
    assert discounted(800, "eur", ten) == 0  # never below 0
    assert discount(2500, "usd", ten) is None and discounted(2500, "usd", ten) == 2500
    assert discount(2500, "EUR", ten) == 1000


def test_a_coupon_applies_while_active_and_under_its_limit():
    assert coupon_usable(_c(ValueForm.percents, 10, limit=None, orders_count=999))
    assert coupon_usable(_c(ValueForm.percents, 10, limit=3, orders_count=2))
    assert not coupon_usable(_c(ValueForm.percents, 10, limit=3, orders_count=3))
    assert not coupon_usable(_c(ValueForm.percents, 10, active=False))


@pytest.mark.parametrize(
    ("fmt", "shape"),
    [
        (CodeFormat.alphabetic, r"^SPR[A-Z]{8}$"),
        (CodeFormat.numeric, r"^SPR[2-9]{8}$"),
        (CodeFormat.alphanumeric, r"^SPR[A-Z2-9]{8}$"),
    ],
)
def test_generated_codes_have_their_format_and_differ(fmt, shape):
    codes = new_codes(fmt, 8, 200, prefix="spr")
    assert len(set(codes)) == 200 and all(re.match(shape, c) for c in codes)
    assert not any(ch in "".join(codes) for ch in "01OIL")


def test_codes_are_typed_in_any_case_and_have_a_shape():
    assert normal_code("  spring-10 ") == "SPRING-10"
    assert code_ok("SPRING-10") and code_ok("ab_") and not code_ok("ab") and not code_ok("no spaces")
    assert not code_ok("x" * 41)


def test_on_a_recurring_plan_the_coupon_takes_the_first_payment_or_every_rate():
    from domain.billing.billing_calendar import PlanTerms, parse_period
    from domain.coupons import RecurringDiscount, coupon_applied
    from domain.orders.orders import PaymentType

    monthly = PlanTerms(PaymentType.subscription, "eur", 900, 900, None, parse_period("1m"))
    ten = _c(ValueForm.percents, 10, None)
    first, off = coupon_applied(monthly, ten, RecurringDiscount.first_rate)
    assert (first.first_amount, first.next_amount, off) == (810, 900, 90)
    every, _ = coupon_applied(monthly, ten, RecurringDiscount.every_rate)
    assert (every.first_amount, every.next_amount) == (810, 810)
    rates = PlanTerms(
        PaymentType.installment, "eur", 1000, 0, 3, parse_period("1m"), rate_amounts=(1000, 500, 500)
    )
    every, _ = coupon_applied(rates, ten, RecurringDiscount.every_rate)
    assert every.rate_amounts == (900, 450, 450) and every.first_amount == 900
    first, _ = coupon_applied(rates, ten, RecurringDiscount.first_rate)
    assert first.rate_amounts == (900, 500, 500)
    once = PlanTerms(PaymentType.one_time, "eur", 1990, 1990)
    assert coupon_applied(once, ten, RecurringDiscount.every_rate)[0].first_amount == 1791
