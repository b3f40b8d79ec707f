"""Checkout settings (core §3): what the seller sets, and the page as the buyer's checkout renders it."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, Strict

from domain.catalog.addons import DEFAULT_BUMP_POSITION, BumpPosition
from domain.catalog.checkout_pages import (
    BUY_YELLOW,
    COLOR_SHAPE,
    COUNTDOWN_MINUTES_MAX,
    CUSTOM_EMAIL_MAX,
    NAME_MAX,
    PAGE_BLUE,
    RADIUS_MAX,
    TEXT_MAX,
    BuyButtonText,
    EmailMode,
    ExpandBehavior,
    IncludeType,
    Layout,
    SocialProofType,
)

Color = Annotated[str, Field(pattern=COLOR_SHAPE, max_length=7)]
Radius = Annotated[int, Strict(), Field(ge=0, le=RADIUS_MAX)]
ShortText = Annotated[str, Field(max_length=TEXT_MAX)]


class ThemeIn(BaseModel):
    """Every theme field of core §3, each with its core §9 default (corner radius 22, a yellow buy button, a blue
    page, an expanded description)."""

    model_config = ConfigDict(extra="forbid")
    upsell_position: BumpPosition = DEFAULT_BUMP_POSITION
    coupon_button_color: Color = "#1976d2"
    coupon_font_color: Color = "#ffffff"
    coupon_border_radius: Radius = 22
    buy_button_color: Color = BUY_YELLOW
    buy_button_font_color: Color = "#111111"
    buy_button_border_radius: Radius = 22
    buy_button_text: BuyButtonText = BuyButtonText.dynamic
    get_for_free_text: ShortText = ""
    page_color: Color = PAGE_BLUE
    background_color: Color = "#ffffff"
    recommended_badge_color: Color = "#2e7d32"
    recommended_badge_font_color: Color = "#ffffff"
    countdown_enabled: bool = False
    countdown_minutes: Annotated[int, Strict(), Field(ge=1, le=COUNTDOWN_MINUTES_MAX)] = 15
    countdown_color: Color = "#d32f2f"
    countdown_font_color: Color = "#ffffff"
    countdown_text: ShortText = ""
    expandable_description_on_mobile_enabled: bool = True
    expandable_description_default_behavior: ExpandBehavior = ExpandBehavior.expanded


class TrustSealsIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    visa: bool = True
    ssl_secure: bool = True
    mastercard: bool = True
    own_seal: bool = False


class CheckoutPageIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    layout: Layout = Layout.default
    theme: ThemeIn = Field(default_factory=ThemeIn)
    trust_seals: TrustSealsIn = Field(default_factory=TrustSealsIn)
    include_type: IncludeType = IncludeType.minimal
    email_mode: EmailMode = EmailMode.standard_email
    custom_email_text: Annotated[str, Field(max_length=CUSTOM_EMAIL_MAX)] = ""
    social_proof: list[SocialProofType] = Field(default_factory=list, max_length=len(SocialProofType))


class CheckoutSettingsIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Annotated[str, Field(min_length=1, max_length=NAME_MAX)]
    is_default: bool = False
    page: CheckoutPageIn = Field(default_factory=CheckoutPageIn)


class CheckoutSettingsOut(BaseModel):
    id: int
    name: str
    is_default: bool
    page: CheckoutPageIn
    products_count: int
    updated_at: datetime


class CheckoutSettingsList(BaseModel):
    list: list[CheckoutSettingsOut]
    settings_max: int


class SocialProofOut(BaseModel):
    total_views: int | None = None
    total_purchases: int | None = None
    recent_first_name: str | None = None
    recent_country: str | None = None
    recent_at: datetime | None = None
