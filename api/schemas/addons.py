"""Order bumps and upsells: the seller's extra options and offers, and the offers as the buyer meets them."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, Strict

from domain.catalog.addons import (
    ADDON_TEXT_MAX,
    ADDON_TITLE_MAX,
    ADDONS_MAX,
    DEFAULT_BUMP_POSITION,
    AddonKind,
    BumpPosition,
    BumpsGrouping,
)
from domain.catalog.products import ProductForm
from domain.limits import ID_MAX
from domain.orders.orders import PaymentType

Title = Annotated[str, Field(min_length=1, max_length=ADDON_TITLE_MAX)]


class AddonIn(BaseModel):
    """One offer: another of the seller's published products at one of its plans, as a bump (on the checkout page,
    at `position`), an upsell (after the purchase) or a downsell (when the upsell is declined)."""

    model_config = ConfigDict(extra="forbid")
    product_id: Annotated[int, Strict(), Field(ge=1, le=ID_MAX)]
    pricing_plan_id: Annotated[int, Strict(), Field(ge=1, le=ID_MAX)]
    kind: AddonKind
    position: BumpPosition = DEFAULT_BUMP_POSITION
    title: Title | None = None
    description: Annotated[str, Field(max_length=ADDON_TEXT_MAX)] | None = None


class AddonsIn(BaseModel):
    """The product's extra options (editor §3) and its offers in order; replaces what was set."""

    model_config = ConfigDict(extra="forbid")
    upsell: bool = False  # offer the upsells (and downsells) after the purchase
    upsell_title: Title | None = None
    main_product_required: bool = True  # False: the checkout lets a buyer take the bumps alone
    bumps_grouping: BumpsGrouping = BumpsGrouping.separate
    addons: list[AddonIn] = Field(default_factory=list, max_length=ADDONS_MAX)


class AddonOut(BaseModel):
    id: int
    product_id: int
    product_name: str
    form: ProductForm
    pricing_plan_id: int
    plan_name: str
    payment_type: PaymentType
    price: int
    currency: str
    kind: AddonKind
    position: BumpPosition
    title: str | None
    description: str | None
    sellable: bool  # published, not archived, and nothing keeps it from selling now


class AddonsOut(BaseModel):
    upsell: bool
    upsell_title: str | None
    main_product_required: bool
    bumps_grouping: BumpsGrouping
    addons: list[AddonOut]
    addons_max: int = ADDONS_MAX


class OfferOut(BaseModel):
    """An offer on the checkout page (a bump) or the thank-you page (an upsell or downsell)."""

    id: int
    kind: AddonKind
    product_name: str
    form: ProductForm
    title: str | None
    description: str | None
    position: BumpPosition
    plan_name: str
    payment_type: PaymentType
    price: int
    currency: str
    cover_url: str | None = None
