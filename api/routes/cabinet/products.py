"""`/v1/cabinet/products`: the seller's products, their file and pricing plans. Scoped to the caller's seller."""

from __future__ import annotations

import csv
import io
from typing import Annotated, Any

from fastapi import APIRouter, File, Request, Response, UploadFile

from api.deps import DB, CurrentSeller
from api.lean import ListRoute
from api.listing import dated_attachment, list_openapi, list_params
from api.presenters.catalog import product_out, shop_product_answer
from api.schemas.catalog import (
    MAX_UPLOAD_BYTES,
    Action,
    IncludedList,
    IncludedOut,
    ItemsIn,
    OptInList,
    OptInOut,
    OptInsIn,
    ProductGroups,
    ProductIn,
    ProductList,
    ProductOut,
    ProductPatch,
)
from api.schemas.fields import Id
from api.schemas.shop import ShopProduct
from domain.catalog.products import (
    COVER_MAX_BYTES,
    PRODUCT_GROUP_MAX,
    PRODUCTS_PAGE_SIZE,
    Publication,
)
from domain.csv_cells import text_cell
from domain.money import decimal_text
from services import products
from store.catalog.queries import PRODUCT_LIST, groups_of, product_of, products_listed
from store.listing import window_schemas

router = APIRouter(route_class=ListRoute)  # it holds lists (api/lean.py)


PRODUCT_FILTERS: dict[str, dict[str, Any]] = {
    "state": {"type": "string", "enum": ["published", "unpublished", "archived"]},
    "product_group": {"type": "string", "minLength": 1, "maxLength": PRODUCT_GROUP_MAX},
    **window_schemas("created"),
}


@router.get(
    "/products",
    response_model=ProductList,
    openapi_extra=list_openapi(PRODUCT_LIST, PRODUCT_FILTERS, default_per=PRODUCTS_PAGE_SIZE),
)
async def list_products(request: Request, seller: CurrentSeller, s: DB) -> ProductList:
    params = list_params(request, default_per=PRODUCTS_PAGE_SIZE)
    views, total = await products_listed(s, seller.id, params)
    return ProductList(list=[product_out(v) for v in views], total_count=total)


# editor §3 product list columns, then what the list shows besides (form, plans, sellable, warnings, review, link)
PRODUCT_CSV_COLUMNS = [
    "id",
    "name",
    "created_at",
    "updated_at",
    "sell",
    "published",
    "price",
    "currency",
    "limit",
    "sold_count",
    "reserved_count",
    "access_count",
    "product_groups",
    "internal_name",
    "cost_center",
    "form",
    "plans",
    "warnings",
    "review_state",
    "shop_url",
]


@router.get(
    "/products/csv",
    response_class=Response,
    openapi_extra=list_openapi(PRODUCT_LIST, PRODUCT_FILTERS, default_per=PRODUCTS_PAGE_SIZE),
    responses={200: {"content": {"text/csv": {}}, "description": "The listed products as CSV"}},
)
async def products_csv(request: Request, seller: CurrentSeller, s: DB) -> Response:
    """The products the list shows (its state filter and sort), every page, as CSV (editor §2 product list): one
    row per product with its price, plans, sales, and the warnings that keep it from selling."""
    params = list_params(request, default_per=PRODUCTS_PAGE_SIZE)
    buf = io.StringIO()
    w = csv.writer(buf, delimiter=";", lineterminator="\r\n")
    w.writerow(PRODUCT_CSV_COLUMNS)
    page = 1
    while True:
        views, total = await products_listed(
            s, seller.id, params.model_copy(update={"page": page, "per": 200})
        )
        for p in (product_out(v) for v in views):
            w.writerow(
                [
                    p.id,
                    text_cell(p.name),
                    p.created_at.isoformat(),
                    p.updated_at.isoformat(),
                    "yes" if p.sellable else "no",
                    "archived" if p.is_archived else p.published.value,
                    decimal_text(p.price, p.currency) if p.price is not None and p.currency else "",
                    (p.currency or "").upper(),
                    p.limit if p.limit is not None else "",
                    p.sold_count,
                    p.reserved_count,
                    p.access_count,
                    text_cell(", ".join(p.product_groups)),
                    text_cell(p.internal_name),
                    text_cell(p.cost_center),
                    p.form.value,
                    len(p.pricing_plans),
                    " ".join(r.value for r in p.warnings),
                    p.review_state.value,
                    p.shop_url or "",
                ]
            )
        if not views or page * 200 >= total:
            break
        page += 1
    return Response(
        buf.getvalue(),
        media_type="text/csv; charset=utf-8",
        headers=dated_attachment("products.csv"),
    )


@router.get("/product_groups", response_model=ProductGroups)
async def product_groups(seller: CurrentSeller, s: DB) -> ProductGroups:
    """Every group the seller has put a product in, by name: what the editor suggests and the list filters by."""
    return ProductGroups(groups=await groups_of(s, seller.id))


@router.post("/products", response_model=ProductOut, status_code=201)
async def create_product(body: ProductIn, seller: CurrentSeller, s: DB) -> ProductOut:
    return product_out(await products.product_made(s, seller.id, body.name, body.description, body.form))


@router.get("/products/{product_id}", response_model=ProductOut)
async def get_product(product_id: Id, seller: CurrentSeller, s: DB) -> ProductOut:
    return product_out(await product_of(s, seller.id, product_id))


@router.get("/products/{product_id}/preview", response_model=ShopProduct)
async def preview_product(product_id: Id, seller: CurrentSeller, s: DB) -> ShopProduct:
    """The product page as buyers will see it, for the seller, published or not (editor §2 'preview')."""
    v = await product_of(s, seller.id, product_id)
    return await shop_product_answer(s, v, v.seller_username or "")


@router.patch("/products/{product_id}", response_model=ProductOut)
async def update_product(product_id: Id, body: ProductPatch, seller: CurrentSeller, s: DB) -> ProductOut:
    sent = body.model_dump(exclude_none=True)
    return product_out(await products.product_changed(s, seller.id, product_id, sent))


# ----- a membership's or bundle's included products ------------------------------------------------------------
def _included(products: list) -> IncludedList:
    return IncludedList(
        list=[
            IncludedOut(
                id=p.id, name=p.name, form=p.form, is_published=p.publication == Publication.published
            )
            for p in products
        ]
    )


@router.get("/products/{product_id}/items", response_model=IncludedList)
async def list_items(product_id: Id, seller: CurrentSeller, s: DB) -> IncludedList:
    return _included(await products.parent_items(s, seller.id, product_id))


@router.put("/products/{product_id}/items", response_model=IncludedList)
async def set_items(product_id: Id, body: ItemsIn, seller: CurrentSeller, s: DB) -> IncludedList:
    """What the membership or bundle includes, in order: the seller's own downloads, digital products, services
    and courses. Refused whole (400, `reason`) when one is another seller's, of another form, or itself."""
    return _included(await products.parent_items(s, seller.id, product_id, body.product_ids))


# ----- opt-in questions asked at checkout -----------------------------------------------------------------------
@router.put("/products/{product_id}/opt_ins", response_model=OptInList)
async def set_opt_ins(product_id: Id, body: OptInsIn, seller: CurrentSeller, s: DB) -> OptInList:
    """The questions a buyer answers at checkout, in order (replaces them). A select box needs two options or
    more; the others take none. A question kept by its place keeps its id, so past answers still match."""
    questions = await products.opt_ins_set(s, seller.id, product_id, body.questions)
    return OptInList(questions=[OptInOut(**q) for q in questions])


@router.post("/products/{product_id}/file", response_model=ProductOut)
async def upload_file(
    product_id: Id, seller: CurrentSeller, s: DB, file: Annotated[UploadFile, File()]
) -> ProductOut:
    data = await file.read(MAX_UPLOAD_BYTES + 1)
    v = await products.download_uploaded(
        s, seller.id, product_id, data, MAX_UPLOAD_BYTES, file.filename, file.content_type
    )
    return product_out(v)


@router.post("/products/{product_id}/cover", response_model=ProductOut)
async def upload_cover(
    product_id: Id, seller: CurrentSeller, s: DB, file: Annotated[UploadFile, File()]
) -> ProductOut:
    """The product's cover: a JPEG, PNG, WebP or GIF picture (10 MB at most), kept in its size variants as WebP
    (s100 to s1200, never wider than the picture). A new cover replaces the old one; not a picture is a 400."""
    data = await file.read(COVER_MAX_BYTES + 1)
    return product_out(await products.cover_set(s, seller.id, product_id, data, COVER_MAX_BYTES))


@router.delete("/products/{product_id}/cover", response_model=ProductOut)
async def remove_cover(product_id: Id, seller: CurrentSeller, s: DB) -> ProductOut:
    return product_out(await products.cover_set(s, seller.id, product_id, None))


@router.post("/products/{product_id}/{action}", response_model=ProductOut)
async def product_action(product_id: Id, action: Action, seller: CurrentSeller, s: DB) -> ProductOut:
    return product_out(await products.product_acted(s, seller.id, product_id, action))
