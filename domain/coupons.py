"""Coupons (editor §3 Coupon, §5 discounts): their vocabularies, their codes and the discount rule. Pure rules."""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, replace
from enum import StrEnum

from domain.billing.billing_calendar import PlanTerms


class CouponMode(StrEnum):
    single = "single"  # one code the seller chooses
    bulk = "bulk"  # many generated codes, each used on its own


class CodeFormat(StrEnum):
    alphabetic = "alphabetic"
    numeric = "numeric"
    alphanumeric = "alphanumeric"


class ValueForm(StrEnum):
    currency = "currency"  # an amount off, in the coupon's currency
    percents = "percents"  # a share of the display price


class AmountBasis(StrEnum):
    end_amount = "end_amount"  # off the price the buyer pays (gross)
    net_amount = "net_amount"  # off the net price, before VAT


class CouponScope(StrEnum):
    all_products = "all_products"
    single_product = "single_product"
    multiple_products = "multiple_products"


class RecurringDiscount(StrEnum):
    """A recurring plan: the discount on the first rate only, or on every rate (docs/DECISIONS.md 'Coupons')."""

    first_rate = "first_rate"
    every_rate = "every_rate"


CODE_MIN, CODE_MAX = 3, 40
CODE_SHAPE = r"^[A-Za-z0-9_-]{3,40}$"
GENERATED_LENGTH_MIN, GENERATED_LENGTH_MAX = 6, 20
BULK_MAX = 1000  # codes generated at once
# a bulk's codes are at most one in GUESS_RATIO of the codes its format and length can make: guessing is futile
GUESS_RATIO = 10_000
PERCENT_MIN, PERCENT_MAX = 1, 100
COUPON_LIMIT_MAX = 1_000_000
COUPON_PRODUCTS_MAX = 100
COUPONS_PAGE_SIZE = 20

_ALPHABETS = {
    # no look-alikes (0/O, 1/I/L): a code read aloud or typed from a flyer is typed right
    CodeFormat.alphabetic: "ABCDEFGHJKMNPQRSTUVWXYZ",
    CodeFormat.numeric: "23456789",
    CodeFormat.alphanumeric: "ABCDEFGHJKMNPQRSTUVWXYZ23456789",
}


def code_ok(code: str) -> bool:
    return bool(re.match(CODE_SHAPE, code))


def normal_code(code: str) -> str:
    """Codes are matched without regard to case or the spaces around them: `spring-10` is `SPRING-10`."""
    return code.strip().upper()


def new_codes(fmt: CodeFormat, length: int, count: int, prefix: str = "") -> list[str]:
    """`count` different random codes of the format, each `prefix` plus `length` characters."""
    alphabet = _ALPHABETS[fmt]
    out: set[str] = set()
    while len(out) < count:
        out.add(normal_code(prefix) + "".join(secrets.choice(alphabet) for _ in range(length)))
    return sorted(out)


def code_space(fmt: CodeFormat, length: int) -> int:
    """How many codes the format and length can make: a bulk of more than a small share of it is refused."""
    return int(len(_ALPHABETS[fmt]) ** length)


@dataclass(frozen=True)
class CouponTerms:
    value_form: ValueForm
    value: int  # minor units for currency, whole percent for percents
    currency: str | None  # the currency of a currency coupon
    active: bool
    limit: int | None  # None: no limit
    orders_count: int


def coupon_usable(c: CouponTerms) -> bool:
    """editor §5: a coupon applies only while active and while its orders count is below its limit (or none)."""
    return c.active and (c.limit is None or c.orders_count < c.limit)


def discount(price: int, currency: str, c: CouponTerms) -> int | None:
    """The amount off a price (minor units), never more than the price: percent of the display price rounded to
    the minor unit (half up), a currency amount floored at 0. None when the coupon is of another currency."""
    if c.value_form == ValueForm.percents:
        return min(price, (price * c.value + 50) // 100)
    if c.currency is None or c.currency.lower() != currency.lower():
        return None
    return min(price, max(0, c.value))


def discounted(price: int, currency: str, c: CouponTerms) -> int:
    """The price after the coupon: floored at 0 (editor §5)."""
    off = discount(price, currency, c)
    return price - (off or 0)


class CouponRefusal(StrEnum):
    """Why a code does not apply to this purchase (the checkout says it in the buyer's words)."""

    unknown = "coupon_unknown"
    inactive = "coupon_inactive"
    used_up = "coupon_used_up"
    other_product = "coupon_other_product"
    other_currency = "coupon_other_currency"


def coupon_refusal(
    *, active: bool, limit: int | None, orders_count: int, scope: CouponScope, product_ids: list[int] | None,
    product_id: int, value_form: ValueForm, currency: str | None, plan_currency: str,
) -> CouponRefusal | None:  # fmt: skip
    if not active:
        return CouponRefusal.inactive
    if limit is not None and orders_count >= limit:
        return CouponRefusal.used_up
    if scope != CouponScope.all_products and product_id not in (product_ids or []):
        return CouponRefusal.other_product
    if value_form == ValueForm.currency and (currency or "").lower() != plan_currency.lower():
        return CouponRefusal.other_currency
    return None


def coupon_applied(terms: PlanTerms, c: CouponTerms, recurring: RecurringDiscount) -> tuple[PlanTerms, int]:
    """The plan's terms with the coupon taken off (the first payment; every rate too when the coupon says so),
    and what it took off the first payment."""
    off = discount(terms.first_amount, terms.currency, c) or 0
    first = terms.first_amount - off
    rates = list(terms.rate_amounts) if terms.rate_amounts else None
    if rates:
        rates[0] = first
    if not terms.recurring or recurring == RecurringDiscount.first_rate:
        return replace(terms, first_amount=first, rate_amounts=tuple(rates) if rates else None), off
    if rates:
        rates = [first] + [discounted(a, terms.currency, c) for a in rates[1:]]
    return (
        replace(
            terms,
            first_amount=first,
            next_amount=discounted(terms.next_amount, terms.currency, c),
            rate_amounts=tuple(rates) if rates else None,
        ),
        off,
    )
