"""Coupons (editor §3, §5): the rules a coupon's terms must meet, codes made once per seller, a limit never below
the uses so far, and the export. Routes hand in what the seller asked for and map the answer."""

from __future__ import annotations

from collections.abc import AsyncIterator

from sqlalchemy.ext.asyncio import AsyncSession

from domain.coupons import (
    GUESS_RATIO,
    PERCENT_MAX,
    AmountBasis,
    CodeFormat,
    CouponMode,
    CouponScope,
    RecurringDiscount,
    ValueForm,
    code_space,
    new_codes,
    normal_code,
)
from domain.csv_cells import text_cell
from domain.errors import DomainError, ErrorCode, invalid
from domain.listing import ListParams
from domain.money import SUPPORTED_CURRENCIES, decimal_text
from store.catalog.queries import products_of_seller
from store.coupons.actions import coupon_changed, coupons_created
from store.coupons.models import Coupon
from store.coupons.queries import codes_taken, coupon_of, coupons_listed

EXPORT_PAGE = 500
CSV_COLUMNS = [
    "id",
    "code",
    "mode",
    "batch",
    "value_form",
    "value",
    "currency",
    "basis",
    "scope",
    "product_ids",
    "recurring",
    "active",
    "limit",
    "orders_count",
    "created_at",
]


def _currency(value_form: ValueForm, value: int, currency: str | None) -> str | None:
    """A percentage is 1 to PERCENT_MAX and has no currency; an amount has one of ours (400 naming the field)."""
    if value_form == ValueForm.percents:
        if value > PERCENT_MAX:
            raise invalid(value=f"a percentage is 1 to {PERCENT_MAX}")
        return None
    currency = currency.lower() if currency else None
    if currency not in SUPPORTED_CURRENCIES:
        raise invalid(
            currency=f"a currency coupon needs its currency: one of {', '.join(SUPPORTED_CURRENCIES)}"
        )
    return currency


async def _products(s: AsyncSession, seller_id: int, scope: CouponScope, product_ids: list[int]) -> list[int]:
    """The products the scope names: none for all, one for a single product, one or more of the seller's own."""
    ids = list(dict.fromkeys(product_ids))
    if scope == CouponScope.all_products and ids:
        raise invalid(product_ids="a coupon for all products names none")
    if scope == CouponScope.single_product and len(ids) != 1:
        raise invalid(product_ids="choose exactly one product")
    if scope == CouponScope.multiple_products and not ids:
        raise invalid(product_ids="choose one product or more")
    if ids and len(await products_of_seller(s, seller_id, ids)) != len(ids):
        raise invalid(product_ids="only your own products")
    return ids


async def _codes(
    s: AsyncSession,
    seller_id: int,
    mode: CouponMode,
    code: str | None,
    fmt: CodeFormat,
    length: int,
    count: int,
    prefix: str,
) -> list[str]:
    """The code the seller typed (409 `code_taken` when they have it already), or a bulk drawn until none clashes
    with an earlier one."""
    if mode == CouponMode.single:
        if not code:
            raise invalid(code="required")
        codes = [normal_code(code)]
        if await codes_taken(s, seller_id, codes):
            raise DomainError(ErrorCode.CONFLICT, "You have this code already.", reason="code_taken")
        return codes
    if code:
        raise invalid(code="a bulk's codes are generated: leave the code empty")
    if count * GUESS_RATIO > code_space(fmt, length):
        raise invalid(code_length="too short for that many codes: make them longer")
    codes = new_codes(fmt, length, count, prefix)
    while taken := await codes_taken(s, seller_id, codes):  # a clash with an earlier bulk: draw those again
        codes = sorted((set(codes) - taken) | set(new_codes(fmt, length, len(taken), prefix)))
    return codes


async def coupons_made(
    s: AsyncSession,
    seller_id: int,
    *,
    mode: CouponMode,
    code: str | None,
    code_format: CodeFormat,
    code_length: int,
    count: int,
    prefix: str,
    batch: str | None,
    value_form: ValueForm,
    value: int,
    currency: str | None,
    basis: AmountBasis,
    scope: CouponScope,
    product_ids: list[int],
    recurring: RecurringDiscount,
    active: bool,
    limit: int | None,
) -> list[Coupon]:
    """A single code or a bulk of generated ones, all with the same terms."""
    currency = _currency(value_form, value, currency)
    ids = await _products(s, seller_id, scope, product_ids)
    codes = await _codes(s, seller_id, mode, code, code_format, code_length, count, prefix)
    fields = {
        "mode": mode,
        "batch": batch or None,
        "value_form": value_form,
        "value": value,
        "currency": currency,
        "basis": basis,
        "scope": scope,
        "product_ids": ids or None,
        "recurring": recurring,
        "active": active,
        "limit": limit,
    }
    return await coupons_created(s, seller_id, codes, fields)


async def coupon_set(
    s: AsyncSession, seller_id: int, coupon_id: int, *, active: bool | None, limit: int | None, no_limit: bool
) -> Coupon:
    """A coupon in use switched on or off, or its limit changed (never below its uses so far)."""
    c = await coupon_of(s, seller_id, coupon_id)
    changes: dict = {}
    if active is not None:
        changes["active"] = active
    if no_limit:
        if limit is not None:
            raise invalid(limit="either a limit or no limit")
        changes["limit"] = None
    elif limit is not None:
        if limit < c.orders_count:
            raise invalid(limit=f"at least its {c.orders_count} uses so far")
        changes["limit"] = limit
    return await coupon_changed(s, c, changes)


def _csv_row(c: Coupon) -> list[object]:
    return [
        c.id,
        c.code,
        c.mode.value,
        text_cell(c.batch),
        c.value_form.value,
        decimal_text(c.value, c.currency) if c.currency else c.value,
        (c.currency or "").upper(),
        c.basis.value,
        c.scope.value,
        " ".join(str(x) for x in c.product_ids or []),
        c.recurring.value,
        "yes" if c.active else "no",
        c.limit if c.limit is not None else "",
        c.orders_count,
        c.created_at.isoformat(),
    ]


async def coupon_rows(s: AsyncSession, seller_id: int, params: ListParams) -> AsyncIterator[list[object]]:
    """The coupons the list shows (its filters, search and sort), every page, as CSV rows under CSV_COLUMNS."""
    page = 1
    while True:
        rows, total = await coupons_listed(
            s, seller_id, params.model_copy(update={"page": page, "per": EXPORT_PAGE})
        )
        for c in rows:
            yield _csv_row(c)
        if not rows or page * EXPORT_PAGE >= total:
            return
        page += 1
