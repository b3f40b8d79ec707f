"""The public shop: the product page, checkout, pay and the thank-you page."""

from __future__ import annotations

from datetime import date
from typing import Annotated

from pydantic import BaseModel, Field, Strict, field_validator

from api.schemas.catalog import PlanOut
from api.schemas.fields import CountryCode, Email
from domain.checkout import PayOutcome
from domain.limits import ID_MAX, PERSON_NAME_MAX, PROVIDER_ID_MAX
from domain.orders import PaymentState
from domain.products import NotSellableReason, ProductForm


class ShopProduct(BaseModel):
    id: int
    name: str
    description: str
    slug: str
    seller_username: str
    seller_name: str
    form: ProductForm
    display_price: int | None
    currency: str | None
    pricing_plans: list[PlanOut]
    sellable: bool
    not_sellable_reasons: list[NotSellableReason]


class Payer(BaseModel):
    email: Email
    first_name: str = Field(min_length=1, max_length=PERSON_NAME_MAX)
    last_name: str = Field(min_length=1, max_length=PERSON_NAME_MAX)
    country: CountryCode | None = None

    @field_validator("first_name", "last_name")
    @classmethod
    def _not_blank(cls, v: str) -> str:
        if not v.strip():
            raise ValueError("required")
        return v.strip()


class CheckoutIn(BaseModel):
    pricing_plan_id: Annotated[int, Strict(), Field(ge=1, le=ID_MAX)]
    payer: Payer


class CheckoutOut(BaseModel):
    order_token: str
    setup_intent_client_secret: str
    amount: int
    currency: str
    # nothing is charged today (a test period or a start day): the page saves the card with the SetupIntent;
    # otherwise it creates a PaymentMethod and the payment asks for 3-D Secure, once
    deferred: bool = False


class PayIn(BaseModel):
    payment_method: str = Field(min_length=3, max_length=PROVIDER_ID_MAX, pattern=r"^pm_[A-Za-z0-9]+$")


class PayOut(BaseModel):
    order_token: str
    outcome: PayOutcome
    payment_state: PaymentState
    client_secret: str | None = None
    message: str | None = None


class ThankYou(BaseModel):
    token: str
    seller_name: str
    payment_state: PaymentState
    product_name: str
    total: int
    currency: str
    payer_email: str
    download_url: str | None
    invoice_number: int | None
    recurring: bool = False  # a subscription or installment plan: the payer's manage page has its rates
    # a test period or start day: nothing was charged yet; the first rate's day and amount
    first_due: date | None = None
    first_amount: int | None = None


class StorefrontProduct(BaseModel):
    name: str
    slug: str
    form: ProductForm
    display_price: int | None  # the lowest active plan's price, in cents
    currency: str | None
    sellable: bool


class Storefront(BaseModel):
    """A seller's storefront: who sells, and the products a buyer can open."""

    username: str
    seller_name: str
    products: list[StorefrontProduct]
