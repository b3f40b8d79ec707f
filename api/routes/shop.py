"""`/v1/shop/{username}`: the public shop page, checkout, pay, 3-D Secure report, thank-you and download."""

from __future__ import annotations

import time

import structlog
from fastapi import APIRouter
from fastapi.responses import FileResponse
from pydantic import BaseModel, Field, field_validator
from sqlalchemy import select

from api.deps import DB, Temporal
from api.workflows import authenticated, pay
from domain.accounts import email_error
from domain.checkout import PayOutcome
from domain.errors import DomainError, ErrorCode
from domain.orders import PaymentState
from providers.storage.local import storage
from providers.stripe import client as stripe_client
from sellflow.settings import get_settings
from store.catalog.queries import shop_product
from store.db import session
from store.models import Access, File, Invoice, Order, Seller, User
from store.orders.actions import new_order_token, order_created, payer_customer_saved
from store.orders.queries import access_by_token, payer_customer

router = APIRouter(prefix="/v1/shop", tags=["shop"])
log = structlog.get_logger()


class ShopPlan(BaseModel):
    id: int
    name: str
    payment_type: str
    price: int
    currency: str


class ShopProduct(BaseModel):
    id: int
    name: str
    description: str
    slug: str
    seller_username: str
    seller_name: str
    form: str
    display_price: int | None
    currency: str | None
    pricing_plans: list[ShopPlan]
    sellable: bool
    not_sellable_reasons: list[str]


@router.get("/{username}/products/{slug}", response_model=ShopProduct)
async def get_shop_product(username: str, slug: str, s: DB) -> ShopProduct:
    v = await shop_product(s, username, slug)
    user = await s.get(User, v.seller.user_id)
    plan = v.price_plan
    return ShopProduct(
        id=v.product.id,
        name=v.product.name,
        description=v.product.description,
        slug=v.product.slug,
        seller_username=v.seller_username or username,
        seller_name=" ".join(x for x in (user.first_name, user.last_name) if x) if user else username,
        form=v.product.form,
        display_price=plan.price if plan else None,
        currency=plan.currency if plan else None,
        pricing_plans=[
            ShopPlan(id=x.id, name=x.name, payment_type=x.payment_type, price=x.price, currency=x.currency)
            for x in v.plans
            if x.active
        ],
        sellable=not v.reasons,
        not_sellable_reasons=[r.value for r in v.reasons],
    )


class Payer(BaseModel):
    email: str
    first_name: str = Field(min_length=1, max_length=100)
    last_name: str = Field(min_length=1, max_length=100)
    country: str | None = Field(None, min_length=2, max_length=2)

    @field_validator("email")
    @classmethod
    def _email(cls, v: str) -> str:
        if err := email_error(v):
            raise ValueError(err)
        return v.strip().lower()

    @field_validator("first_name", "last_name")
    @classmethod
    def _not_blank(cls, v: str) -> str:
        if not v.strip():
            raise ValueError("required")
        return v.strip()


class CheckoutIn(BaseModel):
    pricing_plan_id: int
    payer: Payer


class CheckoutOut(BaseModel):
    order_token: str
    setup_intent_client_secret: str
    amount: int
    currency: str


@router.post("/{username}/products/{slug}/checkout", response_model=CheckoutOut, status_code=201)
async def start_checkout(username: str, slug: str, body: CheckoutIn) -> CheckoutOut:
    """Creates the order (payment_waiting) and a SetupIntent on the payer's customer. No money moves here:
    the SetupIntent only lets the browser turn the card into a PaymentMethod (card data never reaches us)."""
    async with session() as s:
        v = await shop_product(s, username, slug)
        if v.reasons:
            raise DomainError(ErrorCode.NOT_SELLABLE, fields={"reasons": [r.value for r in v.reasons]})
        plan = next((x for x in v.plans if x.id == body.pricing_plan_id and x.active), None)
        if plan is None:
            raise DomainError(ErrorCode.INVALID_INPUT, fields={"pricing_plan_id": "invalid"})
        customer = await payer_customer(s, body.payer.email)
    created = None
    if customer is None:
        created = await stripe_client.create_customer(
            body.payer.email, f"{body.payer.first_name} {body.payer.last_name}"
        )
    token = new_order_token()
    # The SetupIntent is created first (it carries the token); if the insert below fails it is simply unused.
    si_id, secret = await stripe_client.create_setup_intent(customer or created or "", token)
    async with session() as s:
        if created is not None:
            customer = await payer_customer_saved(s, body.payer.email, created)
        order = await order_created(
            s,
            token=token,
            product=v.product,
            plan=plan,
            payer=body.payer.model_dump(),
            customer_id=customer or "",
            setup_intent_id=si_id,
        )
        total, currency = order.total, order.currency_key
    return CheckoutOut(order_token=token, setup_intent_client_secret=secret, amount=total, currency=currency)


class PayIn(BaseModel):
    payment_method: str = Field(min_length=3, max_length=100, pattern=r"^pm_[A-Za-z0-9]+$")


class PayOut(BaseModel):
    order_token: str
    outcome: str
    payment_state: str
    client_secret: str | None = None
    message: str | None = None


async def _order_in_shop(s: DB, username: str, token: str) -> Order:
    """The order, if it was placed in this seller's shop; otherwise not found (one query)."""
    row = (
        await s.execute(
            select(Order, User.username)
            .join(Seller, Seller.id == Order.seller_id)
            .join(User, User.id == Seller.user_id)
            .where(Order.token == token)
        )
    ).first()
    if row is None or (row[1] or "").lower() != username.lower():
        raise DomainError(ErrorCode.NOT_FOUND, "Order not found.")
    return row[0]


def _closed(order: Order) -> PayOut | None:
    """An order whose checkout is over answers from the database, without touching the workflow."""
    if order.payment_state == PaymentState.paid:
        return PayOut(
            order_token=order.token, outcome=PayOutcome.succeeded, payment_state=order.payment_state
        )
    if order.payment_state == PaymentState.payment_not_completed:
        return PayOut(
            order_token=order.token,
            outcome=PayOutcome.failed,
            payment_state=order.payment_state,
            message="This checkout has expired.",
        )
    return None


@router.post("/{username}/orders/{token}/pay", response_model=PayOut)
async def pay_order(username: str, token: str, body: PayIn, client: Temporal) -> PayOut:
    async with session() as s:
        order = await _order_in_shop(s, username, token)
    if done := _closed(order):
        return done
    started = time.perf_counter()
    r = await pay(client, token, body.payment_method)
    log.info(
        "pay_update_done",
        order_token=token,
        outcome=r.outcome,
        duration_ms=round((time.perf_counter() - started) * 1000, 1),
    )
    return PayOut(
        order_token=token,
        outcome=r.outcome,
        payment_state=r.payment_state,
        client_secret=r.client_secret,
        message=r.message,
    )


@router.post("/{username}/orders/{token}/authenticated", response_model=PayOut)
async def order_authenticated(username: str, token: str, client: Temporal) -> PayOut:
    async with session() as s:
        order = await _order_in_shop(s, username, token)
    if done := _closed(order):
        return done
    r = await authenticated(client, token)
    if r is None:
        raise DomainError(ErrorCode.NOT_FOUND, "No payment in progress for this order.")
    return PayOut(
        order_token=token,
        outcome=r.outcome,
        payment_state=r.payment_state,
        client_secret=r.client_secret,
        message=r.message,
    )


class ThankYou(BaseModel):
    token: str
    payment_state: str
    product_name: str
    total: int
    currency: str
    payer_email: str
    download_url: str | None
    invoice_number: int | None


@router.get("/{username}/orders/{token}", response_model=ThankYou)
async def get_order_status(username: str, token: str, s: DB) -> ThankYou:
    order = await _order_in_shop(s, username, token)
    access = (await s.execute(select(Access).where(Access.order_id == order.id))).scalar_one_or_none()
    invoice = (await s.execute(select(Invoice).where(Invoice.order_id == order.id))).scalar_one_or_none()
    paid = order.payment_state == PaymentState.paid
    return ThankYou(
        token=token,
        payment_state=order.payment_state,
        product_name=order.product_name,
        total=order.total,
        currency=order.currency_key,
        payer_email=order.payer_email,
        download_url=f"{get_settings().public_url}/v1/shop/downloads/{access.token}"
        if paid and access
        else None,
        invoice_number=invoice.number if invoice else None,
    )


@router.get("/downloads/{access_token}")
async def download_file(access_token: str, s: DB) -> FileResponse:
    access = await access_by_token(s, access_token)
    order = await s.get(Order, access.order_id)
    f = await s.get(File, access.file_id) if access.file_id else None
    if order is None or order.payment_state != PaymentState.paid or f is None:
        raise DomainError(ErrorCode.NOT_FOUND, "Download not found.")
    access.download_count += 1
    return FileResponse(storage().path(f.storage_key), filename=f.file_name, media_type=f.content_type)
