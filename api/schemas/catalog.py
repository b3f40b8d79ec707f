"""Products and pricing plans: what the cabinet sends and gets back."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

from domain.limits import CURRENCY_LEN, PLAN_NAME_MAX, PRODUCT_DESCRIPTION_MAX, PRODUCT_NAME_MAX
from domain.listing import ListAnswer
from domain.orders import PaymentType
from domain.products import NotSellableReason, ProductForm, Publication

MAX_UPLOAD_BYTES = 200 * 1024 * 1024


class PlanOut(BaseModel):
    id: int
    name: str
    payment_type: PaymentType
    price: int
    currency: str


class ProductOut(BaseModel):
    id: int
    name: str
    internal_name: str | None
    description: str
    form: ProductForm
    slug: str
    is_published: bool
    is_archived: bool
    is_free: bool
    published: Publication
    created_at: datetime
    updated_at: datetime
    price: int | None
    currency: str | None
    sold_count: int
    file_name: str | None
    shop_url: str | None
    sellable: bool
    warnings: list[NotSellableReason]
    pricing_plans: list[PlanOut]


class ProductList(ListAnswer[ProductOut]):
    """The generic list answer (core §7) of ProductOut."""


class ProductIn(BaseModel):
    name: str = Field(min_length=1, max_length=PRODUCT_NAME_MAX)
    description: str = Field("", max_length=PRODUCT_DESCRIPTION_MAX)
    form: Literal[ProductForm.download] = ProductForm.download


class ProductPatch(BaseModel):
    name: str | None = Field(None, min_length=1, max_length=PRODUCT_NAME_MAX)
    description: str | None = Field(None, max_length=PRODUCT_DESCRIPTION_MAX)
    internal_name: str | None = Field(None, max_length=PRODUCT_NAME_MAX)


class PlanIn(BaseModel):
    name: str = Field(min_length=1, max_length=PLAN_NAME_MAX)
    payment_type: Literal[PaymentType.one_time] = PaymentType.one_time
    price: int = Field(description="minor units")
    currency: str = Field("eur", max_length=CURRENCY_LEN)


class PlanList(ListAnswer[PlanOut]):
    """The generic list answer (core §7) of PlanOut."""


Action = Literal["publish", "unpublish", "archive", "unarchive", "duplicate"]
