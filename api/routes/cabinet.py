"""`/v1/cabinet`: the seller's products and orders. Every call is scoped to the caller's seller."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from fastapi import APIRouter, File, Request, Response, UploadFile
from pydantic import BaseModel, Field

from api.deps import DB, CurrentSeller, Temporal
from api.listing import list_params
from api.workflows import WorkflowOut, checkout_progress
from domain.errors import DomainError, ErrorCode, invalid
from domain.listing import ListAnswer
from domain.money import SUPPORTED_CURRENCIES
from domain.orders import PaymentType
from domain.products import PRICE_MAX_MAJOR, PRICE_MIN_MAJOR, PRODUCTS_PAGE_SIZE, ProductForm, Publication
from providers.storage.local import storage
from sellflow.settings import get_settings
from store.catalog.actions import plan_added, product_created, product_duplicated
from store.catalog.queries import ProductView, product_of, products_listed
from store.models import File as FileRow
from store.orders.queries import order_details, order_of_seller, orders_listed

router = APIRouter(prefix="/v1/cabinet", tags=["cabinet"])
MAX_UPLOAD_BYTES = 200 * 1024 * 1024


class PlanOut(BaseModel):
    id: int
    name: str
    payment_type: str
    price: int
    currency: str


class ProductOut(BaseModel):
    id: int
    name: str
    internal_name: str | None
    description: str
    form: str
    slug: str
    is_published: bool
    is_archived: bool
    is_free: bool
    published: str
    created_at: datetime
    updated_at: datetime
    price: int | None
    currency: str | None
    sold_count: int
    file_name: str | None
    shop_url: str | None
    sellable: bool
    warnings: list[str]
    pricing_plans: list[PlanOut]


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
        file_name=v.file.file_name if v.file else None,
        shop_url=f"{get_settings().public_url}/s/{v.seller_username}/{p.slug}" if v.seller_username else None,
        sellable=not v.reasons,
        warnings=v.warnings,
        pricing_plans=[
            PlanOut(id=x.id, name=x.name, payment_type=x.payment_type, price=x.price, currency=x.currency)
            for x in v.plans
            if x.active
        ],
    )


class ProductList(ListAnswer[ProductOut]):
    """The generic list answer (core §7) of ProductOut."""


@router.get("/products", response_model=ProductList)
async def list_products(request: Request, seller: CurrentSeller, s: DB) -> ProductList:
    params = list_params(request, default_per=PRODUCTS_PAGE_SIZE)
    views, total = await products_listed(s, seller.id, params)
    return ProductList(list=[product_out(v) for v in views], total_count=total)


class ProductIn(BaseModel):
    name: str = Field(min_length=1, max_length=300)
    description: str = Field("", max_length=20_000)
    form: Literal["download"] = ProductForm.download


@router.post("/products", response_model=ProductOut, status_code=201)
async def create_product(body: ProductIn, seller: CurrentSeller, s: DB) -> ProductOut:
    if not body.name.strip():
        raise invalid(name="required")
    return product_out(
        await product_created(s, seller.id, name=body.name, description=body.description, form=body.form)
    )


@router.get("/products/{product_id}", response_model=ProductOut)
async def get_product(product_id: int, seller: CurrentSeller, s: DB) -> ProductOut:
    return product_out(await product_of(s, seller.id, product_id))


class ProductPatch(BaseModel):
    name: str | None = Field(None, min_length=1, max_length=300)
    description: str | None = Field(None, max_length=20_000)
    internal_name: str | None = Field(None, max_length=300)


@router.patch("/products/{product_id}", response_model=ProductOut)
async def update_product(product_id: int, body: ProductPatch, seller: CurrentSeller, s: DB) -> ProductOut:
    v = await product_of(s, seller.id, product_id)
    if body.name is not None and not body.name.strip():
        raise invalid(name="required")
    for field, value in body.model_dump(exclude_none=True).items():
        setattr(v.product, field, value)
    await s.flush()
    return product_out(await product_of(s, seller.id, product_id))


@router.post("/products/{product_id}/file", response_model=ProductOut)
async def upload_file(
    product_id: int, seller: CurrentSeller, s: DB, file: Annotated[UploadFile, File()]
) -> ProductOut:
    v = await product_of(s, seller.id, product_id)
    data = await file.read(MAX_UPLOAD_BYTES + 1)
    if not data:
        raise invalid(file="required")
    if len(data) > MAX_UPLOAD_BYTES:
        raise invalid(file="too big")
    name = (file.filename or "download").rsplit("/", 1)[-1][:255]
    key, sha = storage().put(data)
    row = FileRow(
        seller_id=seller.id,
        storage_key=key,
        file_name=name,
        content_type=file.content_type or "application/octet-stream",
        size=len(data),
        sha256=sha,
    )
    s.add(row)
    await s.flush()
    v.product.file_id = row.id
    await s.flush()
    return product_out(await product_of(s, seller.id, product_id))


class PlanIn(BaseModel):
    name: str = Field(min_length=1, max_length=200)
    payment_type: Literal["one_time"] = PaymentType.one_time
    price: int = Field(description="minor units")
    currency: str = "eur"


class PlanList(ListAnswer[PlanOut]):
    """The generic list answer (core §7) of PlanOut."""


@router.get("/products/{product_id}/pricing_plans", response_model=PlanList)
async def list_plans(product_id: int, seller: CurrentSeller, s: DB) -> PlanList:
    v = await product_of(s, seller.id, product_id)
    items = [
        PlanOut(id=x.id, name=x.name, payment_type=x.payment_type, price=x.price, currency=x.currency)
        for x in v.plans
        if x.active
    ]
    return PlanList(list=items, total_count=len(items))


@router.post("/products/{product_id}/pricing_plans", response_model=PlanOut, status_code=201)
async def add_plan(product_id: int, body: PlanIn, seller: CurrentSeller, s: DB) -> PlanOut:
    v = await product_of(s, seller.id, product_id)
    currency = body.currency.lower()
    if currency not in SUPPORTED_CURRENCIES:
        raise invalid(currency=f"must be one of {', '.join(SUPPORTED_CURRENCIES)}")
    if not (PRICE_MIN_MAJOR * 100 <= body.price <= PRICE_MAX_MAJOR * 100):
        raise invalid(price=f"must be between {PRICE_MIN_MAJOR} and {PRICE_MAX_MAJOR}")
    plan = await plan_added(
        s, v, name=body.name.strip(), payment_type=body.payment_type, price=body.price, currency=currency
    )
    return PlanOut(
        id=plan.id, name=plan.name, payment_type=plan.payment_type, price=plan.price, currency=plan.currency
    )


@router.delete("/products/{product_id}/pricing_plans/{plan_id}", status_code=204)
async def remove_plan(product_id: int, plan_id: int, seller: CurrentSeller, s: DB) -> None:
    v = await product_of(s, seller.id, product_id)
    plan = next((x for x in v.plans if x.id == plan_id and x.active), None)
    if plan is None:
        raise DomainError(ErrorCode.NOT_FOUND, "Pricing plan not found.")
    plan.active = False


Action = Literal["publish", "unpublish", "archive", "unarchive", "duplicate"]


@router.post("/products/{product_id}/{action}", response_model=ProductOut)
async def product_action(product_id: int, action: Action, seller: CurrentSeller, s: DB) -> ProductOut:
    if action == "duplicate":
        return product_out(await product_duplicated(s, seller.id, product_id))
    v = await product_of(s, seller.id, product_id)
    p = v.product
    if action == "publish":
        blocking = v.warnings
        if blocking:
            raise DomainError(
                ErrorCode.NOT_SELLABLE, "This product cannot be published yet.", {"reasons": blocking}
            )
        p.publication = Publication.published
    elif action == "unpublish":
        p.publication = Publication.unpublished
    elif action == "archive":
        p.is_archived, p.publication = True, Publication.unpublished
    elif action == "unarchive":
        p.is_archived = False
    await s.flush()
    return product_out(await product_of(s, seller.id, product_id))


class OrderRow(BaseModel):
    token: str
    product_id: int
    product_name: str
    created_at: datetime
    payment_state: str
    payment_form: str
    period_type: str
    pricing_plan_name: str
    total: int
    paid: int
    currency_key: str
    payer_name: str
    payer_email: str


class OrderList(ListAnswer[OrderRow]):
    """The generic list answer (core §7) of OrderRow."""


@router.get("/orders", response_model=OrderList)
async def list_orders(request: Request, seller: CurrentSeller, s: DB) -> Response:
    rows, total = await orders_listed(s, seller.id, list_params(request))
    # validated once here and serialised directly (FastAPI would validate a returned model a second time)
    body = OrderList.model_validate({"list": rows, "total_count": total}).model_dump_json()
    return Response(body, media_type="application/json")


class PaymentLogOut(BaseModel):
    id: int
    type: str
    state: str
    provider: str
    amount: int
    currency: str
    provider_ref: str | None
    message: str | None
    created_at: datetime


class InvoiceOut(BaseModel):
    number: int
    state: str
    total: int
    currency: str


class TransferOut(BaseModel):
    id: int
    amount: int
    currency: str
    state: str
    form: str


class OrderDetail(OrderRow):
    paid_at: datetime | None
    payments: list[PaymentLogOut]
    invoice: InvoiceOut | None
    transfer: TransferOut | None
    workflow: WorkflowOut | None


@router.get("/orders/{token}", response_model=OrderDetail)
async def get_order(token: str, seller: CurrentSeller, s: DB, client: Temporal) -> OrderDetail:
    o = await order_of_seller(s, seller.id, token)
    d = await order_details(s, o)
    inv, tr = d["invoice"], d["transfer"]
    return OrderDetail(
        token=o.token,
        product_id=o.product_id,
        product_name=o.product_name,
        created_at=o.created_at,
        payment_state=o.payment_state,
        payment_form=o.payment_form,
        period_type=o.period_type,
        pricing_plan_name=o.pricing_plan_name,
        total=o.total,
        paid=o.paid,
        currency_key=o.currency_key,
        payer_name=f"{o.payer_first_name} {o.payer_last_name}".strip(),
        payer_email=o.payer_email,
        paid_at=o.paid_at,
        payments=[PaymentLogOut.model_validate(p, from_attributes=True) for p in d["payments"]],
        invoice=InvoiceOut.model_validate(inv, from_attributes=True) if inv else None,
        transfer=TransferOut.model_validate(tr, from_attributes=True) if tr else None,
        workflow=await checkout_progress(client, token),
    )
