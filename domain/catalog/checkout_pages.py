"""Checkout pages (core §3 Checkout settings, §9 Checkout): how a product's checkout page looks and behaves.

A seller keeps named checkout settings; one is their default and a product may use another. Each says the
layout, the theme (every field with its default of core §9), the trust seals, which buyer details are asked, the
confirmation mail's mode and the social proof shown. The values the seeds do not show are in docs/DECISIONS.md
'Checkout pages'. Pure rules and defaults."""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field, fields, replace
from enum import StrEnum
from typing import Any

from domain.catalog.addons import DEFAULT_BUMP_POSITION, BumpPosition


class Layout(StrEnum):
    default = "default"  # the product beside its payment form
    simplified = "simplified"  # one column: the product's name and price, then the form
    two_steps = "two_steps"  # the buyer's details, then the payment
    two_steps_advanced = "two_steps_advanced"  # two steps beside an order summary that follows every choice


class BuyButtonText(StrEnum):
    dynamic = "dynamic"  # "Pay €25.00" (or "Start without a charge" when nothing is due today)
    buy_now = "buy_now"
    agree_on_terms_and_pay = "agree_on_terms_and_pay"
    complete_order = "complete_order"
    accept_and_pay_now = "accept_and_pay_now"


class ExpandBehavior(StrEnum):
    expanded = "expanded"
    collapsed = "collapsed"


class IncludeType(StrEnum):
    """buyerInformation.includeType: which buyer details the form asks besides name and e-mail."""

    minimal = "minimal"  # name, e-mail and country; a business buyer opens the invoice details
    with_address = "with_address"  # the postal address is asked of every buyer
    business = "business"  # the invoice details (company, VAT id, address) are open from the start


class EmailMode(StrEnum):
    standard_email = "standard_email"  # the confirmation mail
    custom_email = "custom_email"  # the confirmation mail with the seller's own text
    no_email = "no_email"  # no confirmation mail (the seller sends their own); the invoice stays on the page


class SocialProofType(StrEnum):
    total_views = "total_views"
    total_purchases = "total_purchases"
    recent_purchase = "recent_purchase"


COLOR_SHAPE = r"^#[0-9a-fA-F]{6}$"
RADIUS_MAX = 40
TEXT_MAX = 60
CUSTOM_EMAIL_MAX = 2000
COUNTDOWN_MINUTES_MAX = 24 * 60
SETTINGS_MAX = 20  # named checkout settings per seller
NAME_MAX = 80
# The yellow buy button and the blue page of core §9 (the platform's own shades).
BUY_YELLOW = "#ffc439"
PAGE_BLUE = "#eaf2fd"


@dataclass(frozen=True)
class Theme:
    """Every theme field of core §3 with its default of core §9."""

    upsell_position: BumpPosition = DEFAULT_BUMP_POSITION
    coupon_button_color: str = "#1976d2"
    coupon_font_color: str = "#ffffff"
    coupon_border_radius: int = 22
    buy_button_color: str = BUY_YELLOW
    buy_button_font_color: str = "#111111"
    buy_button_border_radius: int = 22
    buy_button_text: BuyButtonText = BuyButtonText.dynamic
    get_for_free_text: str = ""  # empty: "Get it for free"
    page_color: str = PAGE_BLUE
    background_color: str = "#ffffff"
    recommended_badge_color: str = "#2e7d32"
    recommended_badge_font_color: str = "#ffffff"
    countdown_enabled: bool = False
    countdown_minutes: int = 15  # an offer's countdown, per visitor, from when the page opens
    countdown_color: str = "#d32f2f"
    countdown_font_color: str = "#ffffff"
    countdown_text: str = ""  # empty: "This offer ends in"
    expandable_description_on_mobile_enabled: bool = True
    expandable_description_default_behavior: ExpandBehavior = ExpandBehavior.expanded


@dataclass(frozen=True)
class TrustSeals:
    visa: bool = True
    ssl_secure: bool = True
    mastercard: bool = True
    own_seal: bool = False  # the product's own seal: its cover, shown as a seal


@dataclass(frozen=True)
class CheckoutPage:
    """One checkout settings' content (the name and whether it is the default are kept beside it)."""

    layout: Layout = Layout.default
    theme: Theme = field(default_factory=Theme)
    trust_seals: TrustSeals = field(default_factory=TrustSeals)
    include_type: IncludeType = IncludeType.minimal
    email_mode: EmailMode = EmailMode.standard_email
    custom_email_text: str = ""
    social_proof: tuple[SocialProofType, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["social_proof"] = list(self.social_proof)
        return out

    @staticmethod
    def from_json(data: dict[str, Any] | None) -> CheckoutPage:
        """Stored settings, with today's defaults for every field stored before it existed."""
        data = data or {}
        theme: Theme = _known(Theme, data.get("theme"))
        seals: TrustSeals = _known(TrustSeals, data.get("trust_seals"))
        page: CheckoutPage = _known(
            CheckoutPage, {k: v for k, v in data.items() if k not in ("theme", "trust_seals")}
        )
        return replace(
            page,
            layout=Layout(page.layout),
            theme=replace(
                theme,
                upsell_position=BumpPosition(theme.upsell_position),
                buy_button_text=BuyButtonText(theme.buy_button_text),
                expandable_description_default_behavior=ExpandBehavior(
                    theme.expandable_description_default_behavior
                ),
            ),
            trust_seals=seals,
            include_type=IncludeType(page.include_type),
            email_mode=EmailMode(page.email_mode),
            social_proof=tuple(SocialProofType(x) for x in page.social_proof),
        )


def _known(cls: Any, data: dict[str, Any] | None) -> Any:
    names = {f.name for f in fields(cls)}
    return cls(**{k: v for k, v in (data or {}).items() if k in names})


def color_ok(value: str) -> bool:
    return bool(re.match(COLOR_SHAPE, value))
