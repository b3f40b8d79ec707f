"""`/v1/cabinet/products`: the seller's products, their file and pricing plans. Scoped to the caller's seller."""

from __future__ import annotations

import csv
import io
import re
import secrets
from typing import Annotated, Any, Literal
from urllib.parse import urlsplit

from fastapi import APIRouter, File, Query, Request, Response, UploadFile

from api.deps import DB, CurrentSeller
from api.listing import dated_attachment, list_openapi, list_params
from api.routes.shop.products import shop_product_answer
from api.schemas.catalog import (
    MAX_UPLOAD_BYTES,
    Action,
    IncludedList,
    IncludedOut,
    ItemsIn,
    LicenseKeyList,
    LicenseKeyOut,
    LicenseKeysAdded,
    LicenseKeysIn,
    OptInList,
    OptInOut,
    OptInsIn,
    PlanIn,
    PlanList,
    PlanOut,
    ProductGroups,
    ProductIn,
    ProductList,
    ProductOut,
    ProductPatch,
    cover_out,
    plan_out,
)
from api.schemas.fields import Id
from api.schemas.shop import ShopProduct
from core.settings import get_settings
from domain.billing_calendar import PlanTerms, parse_period, validate_terms
from domain.bundles import PARENT_FORMS
from domain.csv_cells import text_cell
from domain.errors import DomainError, ErrorCode, invalid
from domain.license_keys import (
    FORMAT_MESSAGES,
    KEY_PROBLEM_MESSAGES,
    KEYS_PER_ADD_MAX,
    KeyFormat,
    KeyFormatError,
    KeyState,
    key_problem,
    keys_from_text,
    parse_format,
)
from domain.limits import CONTENT_TYPE_MAX, FILE_NAME_MAX
from domain.money import SUPPORTED_CURRENCIES, decimal_text
from domain.optins import OptInType
from domain.products import (
    COVER_MAX_BYTES,
    COVER_SIZES,
    LINK_SHAPE,
    PRODUCT_GROUP_MAX,
    PRODUCTS_PAGE_SIZE,
    ProductForm,
    Publication,
)
from providers.images.covers import NotAnImage, cover_variants
from providers.storage.local import storage
from store.catalog.actions import (
    file_attached,
    plan_added,
    plan_changed,
    plan_removed,
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
from store.catalog.license_keys import key_removed, keys_added, keys_listed, pool_counts
from store.catalog.queries import PRODUCT_LIST, ProductView, groups_of, product_of, products_listed
from store.catalog.tickets import ticket_of
from store.listing import window_schemas

router = APIRouter()
KEYS_CSV_MAX_BYTES = 2 * 1024 * 1024


def product_out(v: ProductView) -> ProductOut:
    p, plan = v.product, v.price_plan
    return ProductOut(
        id=p.id,
        name=p.name,
        internal_name=p.internal_name,
        description=p.description,
        form=p.form,
        slug=p.slug,
        is_published=p.publication == Publication.published,
        is_archived=p.is_archived,
        is_free=p.is_free,
        published=p.publication,
        created_at=p.created_at,
        updated_at=p.updated_at,
        price=plan.price if plan else None,
        currency=plan.currency if plan else None,
        sold_count=p.sold_count,
        reserved_count=p.reserved_count,
        limit=p.limit,
        category=p.category,
        access_password=p.access_password,
        cost_center=p.cost_center,
        opt_ins=p.opt_ins or [],
        file_name=v.file.file_name if v.file else None,
        shop_url=f"{get_settings().public_url}/s/{v.seller_username}/{p.slug}" if v.seller_username else None,
        sellable=not v.reasons,
        warnings=v.warnings,
        pricing_plans=[plan_out(x) for x in v.plans if x.active],
        delivery_link=p.delivery_link,
        delivery_text=p.delivery_text,
        key_format=p.key_format,
        license_keys_free=v.keys.free if v.keys else None,
        license_keys_taken=v.keys.taken if v.keys else None,
        has_digitals=v.has_digitals,
        included_count=v.included if p.form in PARENT_FORMS else None,
        email_for_each_item=p.email_for_each_item,
        review_state=p.review_state,
        review_note=p.review_note,
        product_groups=p.product_groups or [],
        access_count=v.access_count,
        cover=cover_out(p.id, p.cover),
        checkout_settings_id=p.checkout_settings_id,
    )


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
    v.product.opt_ins = questions
    await s.flush()
    return OptInList(questions=[OptInOut(**q) for q in questions])


# ----- a license-key product's pool ----------------------------------------------------------------------------
def _license_product(v: ProductView) -> None:
    if v.product.form != ProductForm.license_key:
        raise DomainError(ErrorCode.NOT_FOUND, "This product has no license keys.")


async def _keys_joined(s: DB, v: ProductView, keys: list[str]) -> LicenseKeysAdded:
    if not keys:
        raise invalid(text="required")
    if len(keys) > KEYS_PER_ADD_MAX:
        raise invalid(text=f"at most {KEYS_PER_ADD_MAX} keys at once")
    fmt = parse_format(v.product.key_format) if v.product.key_format else None
    fmt = fmt if isinstance(fmt, KeyFormat) else None
    for line, key in enumerate(keys, start=1):
        if problem := key_problem(key, fmt):
            err = invalid(text=f"line {line}: {KEY_PROBLEM_MESSAGES[problem]}", line=line)
            err.reason = problem.value  # the web app words it, with the line
            raise err
    added, duplicates = await keys_added(s, v.product, keys)
    counts = (await pool_counts(s, [v.product.id]))[v.product.id]
    return LicenseKeysAdded(added=added, duplicates=duplicates, free=counts.free)


@router.post("/products/{product_id}/license_keys", response_model=LicenseKeysAdded, status_code=201)
async def add_license_keys(
    product_id: Id, body: LicenseKeysIn, seller: CurrentSeller, s: DB
) -> LicenseKeysAdded:
    """Keys join the pool: pasted (one per line, or the first column of a CSV) or `generate` N from the product's
    format. A key already in the seller's pools is not added twice; one bad key refuses the whole batch."""
    v = await product_of(s, seller.id, product_id)
    _license_product(v)
    if (body.text is None) == (body.generate is None):
        raise invalid(text="send the keys as text, or a number of keys to generate")
    if body.generate is not None:
        fmt = parse_format(v.product.key_format) if v.product.key_format else None
        if not isinstance(fmt, KeyFormat):
            raise invalid(generate="set a key format first")
        keys = [fmt.generate() for _ in range(body.generate)]
    else:
        keys = keys_from_text(body.text or "")
    return await _keys_joined(s, v, keys)


@router.post("/products/{product_id}/license_keys/csv", response_model=LicenseKeysAdded, status_code=201)
async def upload_license_keys(
    product_id: Id, seller: CurrentSeller, s: DB, file: Annotated[UploadFile, File()]
) -> LicenseKeysAdded:
    """A CSV (or plain text) file of keys: the first column of each row, a `key` header skipped."""
    v = await product_of(s, seller.id, product_id)
    _license_product(v)
    data = await file.read(KEYS_CSV_MAX_BYTES + 1)
    if len(data) > KEYS_CSV_MAX_BYTES:
        raise invalid(file="too big")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise invalid(file="must be UTF-8 text") from None
    return await _keys_joined(s, v, keys_from_text(text))


@router.get("/products/{product_id}/license_keys", response_model=LicenseKeyList)
async def list_license_keys(
    product_id: Id,
    seller: CurrentSeller,
    s: DB,
    state: Literal["free", "taken"] | None = None,
    page: Annotated[int, Query(ge=1, le=100_000)] = 1,
    per: Annotated[int, Query(ge=1, le=500)] = 50,
) -> LicenseKeyList:
    v = await product_of(s, seller.id, product_id)
    _license_product(v)
    rows, total = await keys_listed(
        s, v.product, KeyState.free if state == "free" else KeyState.delivered if state else None, page, per
    )
    return LicenseKeyList(
        list=[
            LicenseKeyOut(
                id=r.id,
                key=r.key,
                state=r.state,
                order_token=r.order_token,
                payer_email=r.payer_email,
                reserved_at=r.reserved_at,
            )
            for r in rows
        ],
        total_count=total,
    )


@router.delete("/products/{product_id}/license_keys/{key_id}", status_code=204)
async def remove_license_key(product_id: Id, key_id: Id, seller: CurrentSeller, s: DB) -> None:
    v = await product_of(s, seller.id, product_id)
    _license_product(v)
    await key_removed(s, v.product, key_id)


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
    v.product.cover = {
        "token": secrets.token_hex(8),
        "width": width,
        "height": height,
        "variants": {
            x.size: {"key": box.put(x.data, ".webp")[0], "width": x.width, "height": x.height}
            for x in variants
        },
    }
    await s.flush()
    _drop_cover(old)
    return product_out(await product_of(s, seller.id, product_id))


def _drop_cover(cover: dict | None) -> None:
    for x in (cover or {}).get("variants", {}).values():
        storage().delete(x["key"])


@router.delete("/products/{product_id}/cover", response_model=ProductOut)
async def remove_cover(product_id: Id, seller: CurrentSeller, s: DB) -> ProductOut:
    v = await product_of(s, seller.id, product_id)
    old, v.product.cover = v.product.cover, None
    await s.flush()
    _drop_cover(old)
    return product_out(await product_of(s, seller.id, product_id))


@router.get("/products/{product_id}/pricing_plans", response_model=PlanList)
async def list_plans(product_id: Id, seller: CurrentSeller, s: DB) -> PlanList:
    v = await product_of(s, seller.id, product_id)
    items = [plan_out(x) for x in v.plans if x.active]
    return PlanList(list=items, total_count=len(items))


def _checked_terms(body: PlanIn) -> tuple[str, PlanTerms]:
    currency = body.currency.lower()
    if currency not in SUPPORTED_CURRENCIES:
        raise invalid(currency=f"must be one of {', '.join(SUPPORTED_CURRENCIES)}")
    try:
        terms = PlanTerms(
            payment_type=body.payment_type,
            currency=currency,
            first_amount=body.price,
            next_amount=body.next_amount if body.next_amount is not None else body.price,
            payments_count=body.payments_count,
            period=parse_period(body.period) if body.period else None,
            custom_intervals=tuple(parse_period(p) for p in body.custom_intervals)
            if body.custom_intervals
            else None,
            rate_amounts=tuple(body.rate_amounts) if body.rate_amounts else None,
            test_days=body.test_days or 0,
            start_day=body.start_day,
        )
    except ValueError as e:
        raise invalid(period=str(e)) from None
    if errors := validate_terms(terms):
        raise invalid(**errors)
    return currency, terms


@router.post("/products/{product_id}/pricing_plans", response_model=PlanOut, status_code=201)
async def add_plan(product_id: Id, body: PlanIn, seller: CurrentSeller, s: DB) -> PlanOut:
    v = await product_of(s, seller.id, product_id)
    currency, terms = _checked_terms(body)
    await _checked_ticket(s, v, body.ticket_id)
    plan = await plan_added(
        s,
        v,
        name=body.name.strip(),
        terms=terms,
        use_net_price=bool(body.use_net_price),
        ticket_id=body.ticket_id,
    )
    return plan_out(plan)


async def _checked_ticket(s: DB, v: ProductView, ticket_id: int | None) -> None:
    """An event's plan sells one of its tickets; no other product's plan names a ticket."""
    if v.product.form != ProductForm.event:
        if ticket_id is not None:
            raise invalid(ticket_id="only an event's plan sells a ticket")
        return
    if ticket_id is None:
        raise invalid(ticket_id="required")
    await ticket_of(s, v.product, ticket_id)


@router.put("/products/{product_id}/pricing_plans/{plan_id}", response_model=PlanOut)
async def change_plan(product_id: Id, plan_id: Id, body: PlanIn, seller: CurrentSeller, s: DB) -> PlanOut:
    """New terms for the orders to come; an order keeps the terms it was bought with."""
    v = await product_of(s, seller.id, product_id)
    _, terms = _checked_terms(body)
    await _checked_ticket(s, v, body.ticket_id)
    plan = plan_changed(
        v,
        plan_id,
        name=body.name.strip(),
        terms=terms,
        use_net_price=bool(body.use_net_price),
        ticket_id=body.ticket_id,
    )
    await s.flush()
    return plan_out(plan)


@router.delete("/products/{product_id}/pricing_plans/{plan_id}", status_code=204)
async def remove_plan(product_id: Id, plan_id: Id, seller: CurrentSeller, s: DB) -> None:
    v = await product_of(s, seller.id, product_id)
    plan_removed(v, plan_id)


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
