"""`/v1/cabinet/coupons`: the seller's coupons (editor §3 Coupon): single codes and generated bulks, switched on
or off, limited, listed and exported. Scoped to the caller's seller; the rules live in services/coupons.py."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from api.deps import DB, CurrentSeller
from api.lean import ListRoute
from api.listing import list_openapi, list_params, rows_csv
from api.presenters.coupons import coupon_out
from api.schemas.coupons import CouponIn, CouponList, CouponOut, CouponPatch, CouponsCreated
from api.schemas.fields import Id
from domain.coupons import COUPONS_PAGE_SIZE
from services import coupons
from store.coupons.queries import COUPON_FILTERS, COUPON_LIST, coupons_listed

router = APIRouter(route_class=ListRoute)  # it holds lists (api/lean.py)


@router.get(
    "/coupons",
    response_model=CouponList,
    openapi_extra=list_openapi(COUPON_LIST, COUPON_FILTERS, default_per=COUPONS_PAGE_SIZE),
)
async def list_coupons(request: Request, seller: CurrentSeller, s: DB) -> CouponList:
    rows, total = await coupons_listed(s, seller.id, list_params(request, default_per=COUPONS_PAGE_SIZE))
    return CouponList(list=[coupon_out(c) for c in rows], total_count=total)


@router.post("/coupons", response_model=CouponsCreated, status_code=201)
async def create_coupons(body: CouponIn, seller: CurrentSeller, s: DB) -> CouponsCreated:
    """A single code (409 `code_taken` when the seller has it already) or a bulk of generated codes."""
    made = await coupons.coupons_made(s, seller.id, **body.model_dump())
    return CouponsCreated(list=[coupon_out(c) for c in made], total_count=len(made))


@router.patch("/coupons/{coupon_id}", response_model=CouponOut)
async def change_coupon(coupon_id: Id, body: CouponPatch, seller: CurrentSeller, s: DB) -> CouponOut:
    return coupon_out(await coupons.coupon_set(s, seller.id, coupon_id, **body.model_dump()))


@router.get(
    "/coupons/csv",
    response_class=Response,
    openapi_extra=list_openapi(COUPON_LIST, COUPON_FILTERS, default_per=COUPONS_PAGE_SIZE),
    responses={200: {"content": {"text/csv": {}}, "description": "The listed coupons as CSV"}},
)
async def coupons_csv(request: Request, seller: CurrentSeller, s: DB) -> Response:
    """The coupons the list shows (its filters, search and sort), every page, as CSV."""
    params = list_params(request, default_per=COUPONS_PAGE_SIZE)
    return await rows_csv(coupons.CSV_COLUMNS, coupons.coupon_rows(s, seller.id, params), "coupons.csv")
