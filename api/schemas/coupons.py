"""Coupons (editor §3 Coupon): what the cabinet sends and gets back."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, Strict, StringConstraints

from domain.billing.billing_calendar import PRICE_MAX
from domain.coupons import (
    BULK_MAX,
    CODE_SHAPE,
    COUPON_LIMIT_MAX,
    COUPON_PRODUCTS_MAX,
    GENERATED_LENGTH_MAX,
    GENERATED_LENGTH_MIN,
    AmountBasis,
    CodeFormat,
    CouponMode,
    CouponScope,
    RecurringDiscount,
    ValueForm,
)
from domain.limits import CURRENCY_LEN, ID_MAX
from domain.listing import ListAnswer

Code = Annotated[str, StringConstraints(strip_whitespace=True, pattern=CODE_SHAPE)]
# at most the highest price of core §9 (1,000,000 in the major unit): a coupon never takes off more than a price
Positive = Annotated[int, Strict(), Field(ge=1, le=PRICE_MAX)]


class CouponIn(BaseModel):
    """A coupon: one code the seller types (`single`) or `count` generated ones (`bulk`, in a format and length,
    after an optional prefix), all with the same terms. `value` is minor units of `currency`, or whole percent
    (1 to 100). The scope names the seller's products (one for single_product, one or more for
    multiple_products, none for all_products). `limit`: how many orders may use each code (none: no limit)."""

    model_config = ConfigDict(extra="forbid")
    mode: CouponMode = CouponMode.single
    code: Code | None = None
    code_format: CodeFormat = CodeFormat.alphanumeric
    code_length: Annotated[int, Strict(), Field(ge=GENERATED_LENGTH_MIN, le=GENERATED_LENGTH_MAX)] = 8
    count: Annotated[int, Strict(), Field(ge=1, le=BULK_MAX)] = 1
    prefix: Annotated[str, StringConstraints(strip_whitespace=True, pattern=r"^[A-Za-z0-9_-]{0,12}$")] = ""
    batch: Annotated[str, StringConstraints(strip_whitespace=True, max_length=100)] | None = None
    value_form: ValueForm
    value: Positive
    currency: Annotated[str, StringConstraints(min_length=CURRENCY_LEN, max_length=CURRENCY_LEN)] | None = (
        None
    )
    basis: AmountBasis = AmountBasis.end_amount
    scope: CouponScope = CouponScope.all_products
    product_ids: Annotated[
        list[Annotated[int, Strict(), Field(ge=1, le=ID_MAX)]], Field(max_length=COUPON_PRODUCTS_MAX)
    ] = []
    recurring: RecurringDiscount = RecurringDiscount.first_rate
    active: bool = True
    limit: Annotated[int, Strict(), Field(ge=1, le=COUPON_LIMIT_MAX)] | None = None


class CouponPatch(BaseModel):
    """What changes on a coupon in use: switched on or off, its limit (null: none; never below its uses)."""

    model_config = ConfigDict(extra="forbid")
    active: bool | None = None
    limit: Annotated[int, Strict(), Field(ge=1, le=COUPON_LIMIT_MAX)] | None = None
    no_limit: bool = False


class CouponOut(BaseModel):
    id: int
    code: str
    mode: CouponMode
    batch: str | None
    value_form: ValueForm
    value: int
    currency: str | None
    basis: AmountBasis
    scope: CouponScope
    product_ids: list[int]
    recurring: RecurringDiscount
    active: bool
    limit: int | None
    orders_count: int
    usable: bool  # active and under its limit: what the checkout would take
    created_at: datetime


class CouponList(ListAnswer[CouponOut]):
    """The generic list answer (core §7) of CouponOut."""


class CouponsCreated(BaseModel):
    list: list[CouponOut]
    total_count: int
