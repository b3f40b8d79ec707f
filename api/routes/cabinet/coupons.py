"""`/v1/cabinet/coupons`: the seller's coupons (editor §3 Coupon): single codes and generated bulks, switched on
or off, limited, listed and exported. Scoped to the caller's seller."""

from __future__ import annotations

import csv
import io

from fastapi import APIRouter, Request, Response

from api.deps import DB, CurrentSeller
from api.lean import ListRoute
from api.listing import dated_attachment, list_openapi, list_params
from api.schemas.coupons import CouponIn, CouponList, CouponOut, CouponPatch, CouponsCreated
from api.schemas.fields import Id
from domain.coupons import (
    COUPONS_PAGE_SIZE,
    GUESS_RATIO,
    PERCENT_MAX,
    CouponMode,
    CouponScope,
    CouponTerms,
    ValueForm,
    code_space,
    coupon_usable,
    new_codes,
    normal_code,
)
from domain.csv_cells import text_cell
from domain.errors import DomainError, ErrorCode, invalid
from domain.money import SUPPORTED_CURRENCIES, decimal_text
from store.catalog.queries import products_of_seller
from store.coupons.actions import coupon_changed, coupons_created
from store.coupons.models import Coupon
from store.coupons.queries import COUPON_FILTERS, COUPON_LIST, codes_taken, coupon_of, coupons_listed

router = APIRouter(route_class=ListRoute)  # it holds lists (api/lean.py)


def coupon_out(c: Coupon) -> CouponOut:
    terms = CouponTerms(c.value_form, c.value, c.currency, c.active, c.limit, c.orders_count)
    return CouponOut(
        id=c.id,
        code=c.code,
        mode=c.mode,
        batch=c.batch,
        value_form=c.value_form,
        value=c.value,
        currency=c.currency,
        basis=c.basis,
        scope=c.scope,
        product_ids=c.product_ids or [],
        recurring=c.recurring,
        active=c.active,
        limit=c.limit,
        orders_count=c.orders_count,
        usable=coupon_usable(terms),
        created_at=c.created_at,
    )


@router.get(
    "/coupons",
    response_model=CouponList,
    openapi_extra=list_openapi(COUPON_LIST, COUPON_FILTERS, default_per=COUPONS_PAGE_SIZE),
)
async def list_coupons(request: Request, seller: CurrentSeller, s: DB) -> CouponList:
    rows, total = await coupons_listed(s, seller.id, list_params(request, default_per=COUPONS_PAGE_SIZE))
    return CouponList(list=[coupon_out(c) for c in rows], total_count=total)


async def _checked(body: CouponIn, seller_id: int, s: DB) -> dict:
    """The coupon's terms once every rule of editor §5 holds; else 400 naming the field."""
    currency = body.currency.lower() if body.currency else None
    if body.value_form == ValueForm.percents:
        if body.value > PERCENT_MAX:
            raise invalid(value=f"a percentage is 1 to {PERCENT_MAX}")
        currency = None
    elif currency not in SUPPORTED_CURRENCIES:
        raise invalid(
            currency=f"a currency coupon needs its currency: one of {', '.join(SUPPORTED_CURRENCIES)}"
        )
    ids = list(dict.fromkeys(body.product_ids))
    if body.scope == CouponScope.all_products and ids:
        raise invalid(product_ids="a coupon for all products names none")
    if body.scope == CouponScope.single_product and len(ids) != 1:
        raise invalid(product_ids="choose exactly one product")
    if body.scope == CouponScope.multiple_products and not ids:
        raise invalid(product_ids="choose one product or more")
    if ids and len(await products_of_seller(s, seller_id, ids)) != len(ids):
        raise invalid(product_ids="only your own products")
    return {
        "mode": body.mode,
        "batch": body.batch or None,
        "value_form": body.value_form,
        "value": body.value,
        "currency": currency,
        "basis": body.basis,
        "scope": body.scope,
        "product_ids": ids or None,
        "recurring": body.recurring,
        "active": body.active,
        "limit": body.limit,
    }


@router.post("/coupons", response_model=CouponsCreated, status_code=201)
async def create_coupons(body: CouponIn, seller: CurrentSeller, s: DB) -> CouponsCreated:
    """A single code (409 `code_taken` when the seller has it already) or a bulk of generated codes."""
    fields = await _checked(body, seller.id, s)
    if body.mode == CouponMode.single:
        if not body.code:
            raise invalid(code="required")
        codes = [normal_code(body.code)]
        if await codes_taken(s, seller.id, codes):
            raise DomainError(ErrorCode.CONFLICT, "You have this code already.", reason="code_taken")
    else:
        if body.code:
            raise invalid(code="a bulk's codes are generated: leave the code empty")
        if body.count * GUESS_RATIO > code_space(body.code_format, body.code_length):
            raise invalid(code_length="too short for that many codes: make them longer")
        codes = new_codes(body.code_format, body.code_length, body.count, body.prefix)
        while taken := await codes_taken(
            s, seller.id, codes
        ):  # a clash with an earlier bulk: draw those again
            fresh = new_codes(body.code_format, body.code_length, len(taken), body.prefix)
            codes = sorted((set(codes) - taken) | set(fresh))
    made = await coupons_created(s, seller.id, codes, fields)
    return CouponsCreated(list=[coupon_out(c) for c in made], total_count=len(made))


@router.patch("/coupons/{coupon_id}", response_model=CouponOut)
async def change_coupon(coupon_id: Id, body: CouponPatch, seller: CurrentSeller, s: DB) -> CouponOut:
    c = await coupon_of(s, seller.id, coupon_id)
    changes: dict = {}
    if body.active is not None:
        changes["active"] = body.active
    if body.no_limit:
        if body.limit is not None:
            raise invalid(limit="either a limit or no limit")
        changes["limit"] = None
    elif body.limit is not None:
        if body.limit < c.orders_count:
            raise invalid(limit=f"at least its {c.orders_count} uses so far")
        changes["limit"] = body.limit
    return coupon_out(await coupon_changed(s, c, changes))


COUPON_CSV_COLUMNS = [
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


@router.get(
    "/coupons/csv",
    response_class=Response,
    openapi_extra=list_openapi(COUPON_LIST, COUPON_FILTERS, default_per=COUPONS_PAGE_SIZE),
    responses={200: {"content": {"text/csv": {}}, "description": "The listed coupons as CSV"}},
)
async def coupons_csv(request: Request, seller: CurrentSeller, s: DB) -> Response:
    """The coupons the list shows (its filters, search and sort), every page, as CSV."""
    params = list_params(request, default_per=COUPONS_PAGE_SIZE)
    out = io.StringIO()
    w = csv.writer(out, delimiter=";", lineterminator="\r\n")
    w.writerow(COUPON_CSV_COLUMNS)
    page = 1
    while True:
        rows, total = await coupons_listed(s, seller.id, params.model_copy(update={"page": page, "per": 500}))
        for c in rows:
            w.writerow(
                [
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
            )
        if not rows or page * 500 >= total:
            break
        page += 1
    return Response(
        out.getvalue(),
        media_type="text/csv; charset=utf-8",
        headers=dated_attachment("coupons.csv"),
    )
