"""Tracking codes and cookie consent of a seller's shop (core §5 tracking code rules, §9 cookie consent; editor §3
other vocabularies): which codes a shop runs, on which of its pages, and the consent a visitor gives before any of
them loads. Pure rules; the values the seeds do not show are in docs/DECISIONS.md 'Tracking codes and consent'."""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Annotated

from pydantic import Field, StringConstraints, model_validator

from domain.builder.style import Closed, Label

CODES_MAX = 20


class TrackingType(StrEnum):
    google_analytics = "google_analytics"  # the old analytics: UA-
    google_analytics_4 = "google_analytics_4"  # G-
    google_tag_manager = "google_tag_manager"  # GTM-
    facebook_pixel = "facebook_pixel"  # 16 digits (the placeholder's 16 X)


# core §5: "old analytics must start UA-. Analytics 4 must start G-. Placeholders: UA-XXXXXXX, G-XXXXXXX,
# GTM-XXXXXXX, and 16 X characters for the pixel."
CODE_SHAPES = {
    TrackingType.google_analytics: re.compile(r"^UA-[0-9]{4,10}(-[0-9]{1,4})?$"),
    TrackingType.google_analytics_4: re.compile(r"^G-[A-Z0-9]{4,12}$"),
    TrackingType.google_tag_manager: re.compile(r"^GTM-[A-Z0-9]{4,10}$"),
    TrackingType.facebook_pixel: re.compile(r"^[0-9]{15,16}$"),
}
PLACEHOLDERS = {
    TrackingType.google_analytics: "UA-XXXXXXX",
    TrackingType.google_analytics_4: "G-XXXXXXX",
    TrackingType.google_tag_manager: "GTM-XXXXXXX",
    TrackingType.facebook_pixel: "X" * 16,
}


class EventPage(StrEnum):
    """The pages a code fires on, each with its event."""

    shop = "shop"  # the shop's built pages: page view
    product = "product"  # a product's page: view content
    checkout = "checkout"  # the checkout: begin checkout
    thank_you = "thank_you"  # after paying: purchase


class ConsentCategory(StrEnum):
    necessary = "necessary"  # always on: the shop's own cookies (the consent itself, the language)
    preferences = "preferences"
    statistics = "statistics"
    marketing = "marketing"


CATEGORY_OF = {
    TrackingType.google_analytics: ConsentCategory.statistics,
    TrackingType.google_analytics_4: ConsentCategory.statistics,
    TrackingType.google_tag_manager: ConsentCategory.statistics,
    TrackingType.facebook_pixel: ConsentCategory.marketing,
}


class ConsentMode(StrEnum):
    none = "none"  # no banner: the codes load at once (the seller answers for consent)
    simple = "simple"  # accept or decline everything
    rich = "rich"  # a choice per category
    external = "external"  # an outside consent tool (Cookiebot)


class ExternalProvider(StrEnum):
    none = "none"
    cookiebot = "cookiebot"


class BlockingMode(StrEnum):
    auto = "auto"  # each code's category follows its type (analytics: statistics, pixel: marketing)
    manual = "manual"  # the seller sets each code's category


class TrackingCode(Closed):
    id: Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_-]{1,40}$")]
    tracking_type: TrackingType
    code: Annotated[str, StringConstraints(min_length=1, max_length=40)]
    event_pages: Annotated[list[EventPage], Field(min_length=1, max_length=4)] = [
        EventPage.shop,
        EventPage.product,
    ]
    category: ConsentCategory = ConsentCategory.statistics  # used with manual blocking
    name: Label = ""

    @model_validator(mode="after")
    def _shape(self) -> TrackingCode:
        if not CODE_SHAPES[self.tracking_type].match(self.code):
            raise ValueError(f"the code looks like {PLACEHOLDERS[self.tracking_type]}")
        if len(set(self.event_pages)) != len(self.event_pages):
            raise ValueError("each event page once")
        return self


COOKIEBOT_ID = r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"


class Consent(Closed):
    mode: ConsentMode = ConsentMode.simple
    external_provider: ExternalProvider = ExternalProvider.none
    cookiebot_id: Annotated[str, StringConstraints(pattern=COOKIEBOT_ID)] | None = None
    blocking_mode: BlockingMode = BlockingMode.auto
    # the categories the banner offers besides the necessary ones
    categories: Annotated[list[ConsentCategory], Field(max_length=4)] = [
        ConsentCategory.statistics,
        ConsentCategory.marketing,
    ]
    text: Annotated[str, StringConstraints(max_length=1000)] = (
        ""  # empty: the shop's words in the buyer's language
    )

    @model_validator(mode="after")
    def _external(self) -> Consent:
        if self.mode == ConsentMode.external and (
            self.external_provider != ExternalProvider.cookiebot or not self.cookiebot_id
        ):
            raise ValueError("an external consent tool needs Cookiebot and its id")
        return self


class TrackingSettings(Closed):
    consent: Consent = Consent()
    codes: Annotated[list[TrackingCode], Field(max_length=CODES_MAX)] = []

    @model_validator(mode="after")
    def _ids(self) -> TrackingSettings:
        if len({c.id for c in self.codes}) != len(self.codes):
            raise ValueError("each code id once")
        return self


def category_of(code: TrackingCode, blocking: BlockingMode) -> ConsentCategory:
    return code.category if blocking == BlockingMode.manual else CATEGORY_OF[code.tracking_type]


def codes_for(settings: TrackingSettings, page: EventPage) -> list[tuple[TrackingCode, ConsentCategory]]:
    """The codes that fire on this page, each with the consent category it waits for."""
    return [
        (c, category_of(c, settings.consent.blocking_mode)) for c in settings.codes if page in c.event_pages
    ]


def consented(cookie: str | None, category: ConsentCategory) -> bool:
    """A visitor's consent cookie (core §4: `all`, or the accepted categories) allows this category."""
    if category == ConsentCategory.necessary:
        return True
    if not cookie:
        return False
    if cookie == "all":
        return True
    return category.value in cookie.split(",")


# the web app's own buyer pages that fire codes: a product's page with its checkout, and the thank-you page
APP_PAGES = (EventPage.checkout, EventPage.thank_you)


def app_tracking_types(settings: TrackingSettings | None) -> set[str]:
    """What the web app's checkout and thank-you pages of a shop may load after consent: the types of the codes
    ticked for them, and the outside consent tool when the shop uses one (the pages' Content-Security-Policy)."""
    if settings is None:
        return set()
    types = {c.tracking_type.value for page in APP_PAGES for c, _ in codes_for(settings, page)}
    if types and settings.consent.mode == ConsentMode.external:
        types.add(settings.consent.external_provider.value)
    return types
