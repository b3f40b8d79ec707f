"""`/v1/cabinet/products`: the seller's products, their file and pricing plans. Scoped to the caller's seller."""

from __future__ import annotations

import csv
import io
import re
import secrets
from typing import Annotated, Any
from urllib.parse import urlsplit

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
from domain.catalog.bundles import PARENT_FORMS
from domain.catalog.license_keys import (
    FORMAT_MESSAGES,
    KeyFormatError,
    parse_format,
)
from domain.catalog.optins import OptInType
from domain.catalog.products import (
    COVER_MAX_BYTES,
    COVER_SIZES,
    LINK_SHAPE,
    PRODUCT_GROUP_MAX,
    PRODUCTS_PAGE_SIZE,
    Publication,
)
from domain.csv_cells import text_cell
from domain.errors import DomainError, ErrorCode, invalid
from domain.limits import CONTENT_TYPE_MAX, FILE_NAME_MAX
from domain.money import decimal_text
from providers.images.covers import NotAnImage, cover_variants
from providers.storage.local import storage
from store.catalog.actions import (
    file_attached,
    product_archived,
    product_created,
    product_duplicated,
    product_published,
    product_unarchived,
    product_unpublished,
    product_updated,
)
from store.catalog.bundles import included_products, items_set
from store.catalog.checkout_pages import settings_of
from store.catalog.queries import PRODUCT_LIST, ProductView, groups_of, product_of, products_listed
from store.listing import window_schemas

router = APIRouter(route_class=ListRoute)  # it holds lists (api/lean.py)


# type/subtype with optional parameters, as browsers send it; anything else is stored as plain bytes.
_MIME = re.compile(r"^[\w!#$&^.+-]+/[\w!#$&^.+-]+(;[ \w!#$&^.+=\"-]*)*$")


def _content_type(value: str | None) -> str:
    if value and len(value) <= CONTENT_TYPE_MAX and _MIME.match(value):
        return value
    return "application/octet-stream"


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
    if not body.name.strip():
        raise invalid(name="required")
    return product_out(
        await product_created(s, seller.id, name=body.name, description=body.description, form=body.form)
    )


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
    v = await product_of(s, seller.id, product_id)
    if body.name is not None and not body.name.strip():
        raise invalid(name="required")
    if body.email_for_each_item is not None and v.product.form not in PARENT_FORMS:
        raise invalid(email_for_each_item="only a membership or bundle has items")
    changes: dict[str, Any] = dict(body.model_dump(exclude_none=True))
    if "limit" in changes:
        changes["limit"] = changes["limit"] or None  # 0: no limit
    for field in (
        "delivery_link",
        "delivery_text",
        "key_format",
        "category",
        "access_password",
        "cost_center",
    ):
        if field in changes:
            changes[field] = str(changes[field] or "").strip() or None
    if body.checkout_settings_id is not None:
        if body.checkout_settings_id:
            await settings_of(s, seller.id, body.checkout_settings_id)  # the seller's own, or 404
        changes["checkout_settings_id"] = body.checkout_settings_id or None
    if body.product_groups is not None:
        groups = [g.strip() for g in body.product_groups if g.strip()]
        changes["product_groups"] = list(dict.fromkeys(groups)) or None
    if link := changes.get("delivery_link"):
        if not is_web_link(str(link)):
            raise invalid(delivery_link="must be a link starting with http:// or https://")
    if fmt := changes.get("key_format"):
        parsed = parse_format(str(fmt))
        if isinstance(parsed, KeyFormatError):
            err = DomainError(ErrorCode.INVALID_INPUT, fields={"key_format": FORMAT_MESSAGES[parsed]})
            err.reason = parsed.value  # bad_format, format_size or format_type: the web app words each
            raise err
    await product_updated(s, v, changes)
    return product_out(await product_of(s, seller.id, product_id))


def is_web_link(value: str) -> bool:
    """An http(s) link with a host and no spaces: what a buyer can open."""
    try:
        parts = urlsplit(value)
    except ValueError:
        return False
    return bool(re.match(LINK_SHAPE, value)) and parts.scheme in ("http", "https") and bool(parts.hostname)


# ----- a membership's or bundle's included products ------------------------------------------------------------
def _parent_product(v: ProductView) -> None:
    if v.product.form not in PARENT_FORMS:
        raise DomainError(ErrorCode.NOT_FOUND, "Only a membership or bundle includes products.")


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
    v = await product_of(s, seller.id, product_id)
    _parent_product(v)
    return _included(await included_products(s, v.product.id))


@router.put("/products/{product_id}/items", response_model=IncludedList)
async def set_items(product_id: Id, body: ItemsIn, seller: CurrentSeller, s: DB) -> IncludedList:
    """What the membership or bundle includes, in order: the seller's own downloads, digital products, services
    and courses. Refused whole (400, `reason`) when one is another seller's, of another form, or itself."""
    v = await product_of(s, seller.id, product_id)
    _parent_product(v)
    return _included(await items_set(s, v.product, body.product_ids))


# ----- opt-in questions asked at checkout -----------------------------------------------------------------------
@router.put("/products/{product_id}/opt_ins", response_model=OptInList)
async def set_opt_ins(product_id: Id, body: OptInsIn, seller: CurrentSeller, s: DB) -> OptInList:
    """The questions a buyer answers at checkout, in order (replaces them). A select box needs two options or
    more; the others take none. A question kept by its place keeps its id, so past answers still match."""
    v = await product_of(s, seller.id, product_id)
    old = v.product.opt_ins or []
    questions = []
    for i, q in enumerate(body.questions):
        if q.type == OptInType.select_box and len(set(q.options)) < 2:
            raise invalid(**{f"questions.{i}.options": "a select box needs two different options"})
        if q.type != OptInType.select_box and q.options:
            raise invalid(**{f"questions.{i}.options": "only a select box has options"})
        keep = old[i]["id"] if i < len(old) and old[i]["type"] == q.type else secrets.token_hex(4)
        questions.append({"id": keep, **q.model_dump(mode="json"), "label": q.label.strip()})
    await product_updated(s, v, {"opt_ins": questions})
    return OptInList(questions=[OptInOut(**q) for q in questions])


@router.post("/products/{product_id}/file", response_model=ProductOut)
async def upload_file(
    product_id: Id, seller: CurrentSeller, s: DB, file: Annotated[UploadFile, File()]
) -> ProductOut:
    v = await product_of(s, seller.id, product_id)
    data = await file.read(MAX_UPLOAD_BYTES + 1)
    if not data:
        raise invalid(file="required")
    if len(data) > MAX_UPLOAD_BYTES:
        raise invalid(file="too big")
    name = (file.filename or "").rsplit("/", 1)[-1].replace("\x00", "")[:FILE_NAME_MAX] or "download"
    key, sha = storage().put(data)
    await file_attached(
        s,
        v,
        storage_key=key,
        file_name=name,
        content_type=_content_type(file.content_type),
        size=len(data),
        sha256=sha,
    )
    return product_out(await product_of(s, seller.id, product_id))


@router.post("/products/{product_id}/cover", response_model=ProductOut)
async def upload_cover(
    product_id: Id, seller: CurrentSeller, s: DB, file: Annotated[UploadFile, File()]
) -> ProductOut:
    """The product's cover: a JPEG, PNG, WebP or GIF picture (10 MB at most), kept in its size variants as WebP
    (s100 to s1200, never wider than the picture). A new cover replaces the old one; not a picture is a 400."""
    v = await product_of(s, seller.id, product_id)
    data = await file.read(COVER_MAX_BYTES + 1)
    if not data:
        raise invalid(file="required")
    if len(data) > COVER_MAX_BYTES:
        raise invalid(file="too big: 10 MB at most")
    try:
        width, height, variants = cover_variants(data, COVER_SIZES)
    except NotAnImage:
        raise invalid(file="not a picture: a JPEG, PNG, WebP or GIF") from None
    old = v.product.cover
    box = storage()
    cover = {
        "token": secrets.token_hex(8),
        "width": width,
        "height": height,
        "variants": {
            x.size: {"key": box.put(x.data, ".webp")[0], "width": x.width, "height": x.height}
            for x in variants
        },
    }
    await product_updated(s, v, {"cover": cover})
    _drop_cover(old)
    return product_out(await product_of(s, seller.id, product_id))


def _drop_cover(cover: dict | None) -> None:
    for x in (cover or {}).get("variants", {}).values():
        storage().delete(x["key"])


@router.delete("/products/{product_id}/cover", response_model=ProductOut)
async def remove_cover(product_id: Id, seller: CurrentSeller, s: DB) -> ProductOut:
    v = await product_of(s, seller.id, product_id)
    old = v.product.cover
    await product_updated(s, v, {"cover": None})
    _drop_cover(old)
    return product_out(await product_of(s, seller.id, product_id))


@router.post("/products/{product_id}/{action}", response_model=ProductOut)
async def product_action(product_id: Id, action: Action, seller: CurrentSeller, s: DB) -> ProductOut:
    if action == "duplicate":
        return product_out(await product_duplicated(s, seller.id, product_id))
    v = await product_of(s, seller.id, product_id)
    await PRODUCT_ACTIONS[action](s, v)
    return product_out(await product_of(s, seller.id, product_id))


PRODUCT_ACTIONS = {
    "publish": product_published,
    "unpublish": product_unpublished,
    "archive": product_archived,
    "unarchive": product_unarchived,
}
