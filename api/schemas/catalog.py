"""Products and pricing plans: what the cabinet sends and gets back."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, Strict, StringConstraints

from domain.billing.billing_calendar import (
    START_DAYS,
    PlanTerms,
    defers_first_rate,
    installment_total,
    parse_period,
    schedule,
    validate_terms,
)
from domain.catalog.bundles import ITEMS_MAX
from domain.catalog.license_keys import FORMAT_SHAPE, KEY_FORMAT_MAX, KEY_MAX, KEYS_PER_ADD_MAX, KeyState
from domain.catalog.optins import LABEL_MAX as OPTIN_LABEL_MAX
from domain.catalog.optins import OPTION_MAX, OPTIONS_MAX, QUESTIONS_MAX, OptInType
from domain.catalog.products import (
    COST_CENTER_MAX,
    LINK_SHAPE,
    PRODUCT_GROUP_MAX,
    PRODUCT_GROUPS_MAX,
    PRODUCT_LIMIT_MAX,
    REVIEW_NOTE_MAX,
    NotSellableReason,
    ProductCategory,
    ProductForm,
    Publication,
    ReviewDecision,
    ReviewState,
)
from domain.errors import invalid
from domain.limits import (
    ACCESS_PASSWORD_MAX,
    AMOUNT_MAX,
    CURRENCY_LEN,
    DELIVERY_TEXT_MAX,
    ID_MAX,
    PAYMENTS_COUNT_MAX,
    PLAN_NAME_MAX,
    PRODUCT_DESCRIPTION_MAX,
    PRODUCT_NAME_MAX,
    TEST_DAYS_MAX,
    URL_MAX,
)
from domain.listing import ListAnswer
from domain.money import SUPPORTED_CURRENCIES
from domain.orders.orders import PaymentType
from store.catalog.plans import plan_terms

MAX_UPLOAD_BYTES = 200 * 1024 * 1024


class RateOut(BaseModel):
    number: int
    due: date
    amount: int


class PlanOut(BaseModel):
    """A pricing plan with its terms; `schedule` is the rates of an order bought today (the first 12 of an
    open-ended subscription) and `total` what a limited plan costs in all."""

    id: int
    name: str
    payment_type: PaymentType
    price: int  # the first amount of a recurring plan
    currency: str
    next_amount: int | None = None
    payments_count: int | None = None
    period: str | None = None
    custom_intervals: list[str] | None = None
    rate_amounts: list[int] | None = None
    test_days: int = 0
    # one of START_DAYS (the plan's rule says so in words); bounded here so no value reaches the database out of range
    start_day: Annotated[int, Strict(), Field(ge=min(START_DAYS), le=max(START_DAYS))] | None = None
    use_net_price: bool = False
    ticket_id: int | None = None  # an event's plan: the ticket it sells
    total: int | None = None
    schedule: list[RateOut] = []
    # bought today, the first rate falls due later (test period, start day): the checkout only saves the card
    due_now: int = 0


class CoverVariantOut(BaseModel):
    size: str  # s100, s300, s600, s1200: the width it was made for
    width: int
    height: int
    url: str


class CoverOut(BaseModel):
    """A product's cover (editor §3 covers) in its size variants, smallest first, for a `srcset`."""

    width: int
    height: int
    variants: list[CoverVariantOut]


def cover_out(product_id: int, cover: dict | None) -> CoverOut | None:
    if not cover:
        return None
    variants = sorted(cover["variants"].items(), key=lambda kv: kv[1]["width"])
    return CoverOut(
        width=cover["width"],
        height=cover["height"],
        variants=[
            CoverVariantOut(
                size=size,
                width=v["width"],
                height=v["height"],
                url=f"/v1/shop/covers/{product_id}/{cover['token']}/{size}.webp",
            )
            for size, v in variants
        ],
    )


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
    reserved_count: int = 0
    limit: int | None = None
    category: ProductCategory | None = None
    access_password: str | None = None
    cost_center: str | None = None
    opt_ins: list[OptInOut] = []
    file_name: str | None
    shop_url: str | None
    sellable: bool
    warnings: list[NotSellableReason]
    pricing_plans: list[PlanOut]
    # what a digital or service product delivers once paid
    delivery_link: str | None = None
    delivery_text: str | None = None
    # a license-key product: its key format and pool
    key_format: str | None = None
    license_keys_free: int | None = None
    license_keys_taken: int | None = None
    # a membership or bundle: how many products it includes, and whether each gets its own mail
    included_count: int | None = None
    email_for_each_item: bool = False
    # something to deliver: a download's file, a digital link or text, a course's lesson, an included product
    has_digitals: bool = False
    # the platform's review, and the manager's note when it rejected the product
    review_state: ReviewState = ReviewState.not_for_review
    review_note: str | None = None
    product_groups: list[str] = []
    access_count: int = 0  # buyers with access now: orders paid or paying
    cover: CoverOut | None = None
    checkout_settings_id: int | None = None  # None: the seller's default checkout page


class ProductList(ListAnswer[ProductOut]):
    """The generic list answer (core §7) of ProductOut."""


class ProductIn(BaseModel):
    name: str = Field(min_length=1, max_length=PRODUCT_NAME_MAX)
    description: str = Field("", max_length=PRODUCT_DESCRIPTION_MAX)
    form: Literal[
        ProductForm.download,
        ProductForm.digital,
        ProductForm.service,
        ProductForm.license_key,
        ProductForm.course,
        ProductForm.membership,
        ProductForm.bundle,
        ProductForm.event,
        ProductForm.certificate,
    ] = ProductForm.download


class ProductPatch(BaseModel):
    name: str | None = Field(None, min_length=1, max_length=PRODUCT_NAME_MAX)
    description: str | None = Field(None, max_length=PRODUCT_DESCRIPTION_MAX)
    internal_name: str | None = Field(None, max_length=PRODUCT_NAME_MAX)
    # an empty string clears the link, the text or the format
    delivery_link: str | None = Field(
        None, max_length=URL_MAX, description="an http(s) link", json_schema_extra={"pattern": LINK_SHAPE}
    )
    delivery_text: str | None = Field(None, max_length=DELIVERY_TEXT_MAX)
    key_format: str | None = Field(
        None,
        max_length=KEY_FORMAT_MAX,
        description="e.g. SF-{alphanumeric_5}-{numeric_4}",
        json_schema_extra={"pattern": FORMAT_SHAPE},
    )
    email_for_each_item: bool | None = None
    # editor §3: a category ("" clears it), a sales limit (0: none), an access password and a cost center ("" clears)
    category: ProductCategory | Literal[""] | None = None
    limit: Annotated[int, Strict(), Field(ge=0, le=PRODUCT_LIMIT_MAX)] | None = None
    access_password: str | None = Field(None, max_length=ACCESS_PASSWORD_MAX)
    cost_center: str | None = Field(None, max_length=COST_CENTER_MAX)
    # the checkout settings it sells on (0: the seller's default)
    checkout_settings_id: Annotated[int, Strict(), Field(ge=0, le=ID_MAX)] | None = None
    # the seller's groups for this product, in order (replaces them; [] clears)
    product_groups: (
        Annotated[
            list[Annotated[str, StringConstraints(min_length=1, max_length=PRODUCT_GROUP_MAX)]],
            Field(max_length=PRODUCT_GROUPS_MAX),
        ]
        | None
    ) = None


class ProductGroups(BaseModel):
    """The groups the seller uses on their products, by name."""

    groups: list[str]


class ReviewIn(BaseModel):
    """A manager's decision on a product in review; a rejection says why (the seller reads it)."""

    model_config = ConfigDict(extra="forbid")
    decision: ReviewDecision
    note: Annotated[str, StringConstraints(max_length=REVIEW_NOTE_MAX)] | None = None


class ReviewOut(BaseModel):
    id: int
    name: str
    form: ProductForm
    publication: Publication
    review_state: ReviewState
    review_note: str | None
    is_free: bool
    updated_at: datetime
    seller_id: int
    username: str | None
    email: str
    power_seller: bool
    price: int | None
    currency: str | None
    shop_url: str | None


class ReviewList(ListAnswer[ReviewOut]):
    """The generic list answer (core §7) of ReviewOut."""


Amount = Annotated[int, Strict(), Field(ge=0, le=AMOUNT_MAX)]  # an integer: never true, 1.0 or "1"
PeriodCode = Annotated[str, StringConstraints(min_length=2, max_length=4)]


class PlanIn(BaseModel):
    """A pricing plan (core §3, editor §3): one-time, or recurring with its period, amounts and count."""

    name: str = Field(min_length=1, max_length=PLAN_NAME_MAX)
    payment_type: PaymentType = PaymentType.one_time
    price: Annotated[
        int,
        Strict(),
        Field(ge=0, le=AMOUNT_MAX, description="minor units; the first amount of a recurring plan"),
    ]
    currency: str = Field("eur", max_length=CURRENCY_LEN)
    next_amount: Amount | None = None
    payments_count: Annotated[int, Strict(), Field(ge=1, le=PAYMENTS_COUNT_MAX)] | None = None
    period: PeriodCode | None = None
    custom_intervals: Annotated[list[PeriodCode], Field(max_length=PAYMENTS_COUNT_MAX)] | None = None
    rate_amounts: Annotated[list[Amount], Field(max_length=PAYMENTS_COUNT_MAX)] | None = None
    test_days: Annotated[int, Strict(), Field(ge=0, le=TEST_DAYS_MAX)] | None = None  # none: 0
    # one of START_DAYS (the plan's rule says so in words); bounded here so no value reaches the database out of range
    start_day: Annotated[int, Strict(), Field(ge=min(START_DAYS), le=max(START_DAYS))] | None = None
    use_net_price: bool | None = None  # none: gross prices
    ticket_id: Annotated[int, Strict(), Field(ge=1, le=ID_MAX)] | None = None  # an event's plan: its ticket


class PlanList(ListAnswer[PlanOut]):
    """The generic list answer (core §7) of PlanOut."""


Action = Literal["publish", "unpublish", "archive", "unarchive", "duplicate"]


def plan_out(plan: Any, today: date | None = None) -> PlanOut:
    """A plan as the cabinet and the shop show it, with the schedule of an order bought today."""
    out = PlanOut.model_validate(plan, from_attributes=True)
    terms = plan_terms(plan)
    day = today or datetime.now(UTC).date()
    rates = schedule(terms, day)
    return out.model_copy(
        update={
            "total": installment_total(terms),
            "due_now": 0 if defers_first_rate(terms, day) else terms.first_amount,
            "schedule": [RateOut(number=r.number, due=r.due, amount=r.amount) for r in rates],
        }
    )


class LicenseKeysIn(BaseModel):
    """Keys for the pool: pasted (one per line, or the first column of a CSV) or generated from the format."""

    text: str | None = Field(
        None, max_length=KEYS_PER_ADD_MAX * (KEY_MAX + 2), description="one key per line"
    )
    generate: Annotated[int, Strict(), Field(ge=1, le=KEYS_PER_ADD_MAX)] | None = None


class LicenseKeysAdded(BaseModel):
    added: int
    duplicates: int  # already in the pool (or twice in the input): not added again
    free: int  # the pool's free keys now


class LicenseKeyOut(BaseModel):
    id: int
    key: str
    state: KeyState
    order_token: str | None
    payer_email: str | None
    reserved_at: datetime | None


class LicenseKeyList(ListAnswer[LicenseKeyOut]):
    """The generic list answer (core §7) of LicenseKeyOut."""


class ItemsIn(BaseModel):
    """What a membership or bundle includes, in order (replaces the list)."""

    product_ids: list[Annotated[int, Strict(), Field(ge=1, le=ID_MAX)]] = Field(max_length=ITEMS_MAX)


class IncludedOut(BaseModel):
    id: int
    name: str
    form: ProductForm
    is_published: bool


class IncludedList(BaseModel):
    list: list[IncludedOut]
    items_max: int = ITEMS_MAX


class OptInIn(BaseModel):
    """A question asked at checkout (editor: opt-in field types). A select box has its options."""

    model_config = ConfigDict(extra="forbid")
    type: OptInType
    label: str = Field(min_length=2, max_length=OPTIN_LABEL_MAX)
    required: bool = False
    options: list[Annotated[str, Field(min_length=1, max_length=OPTION_MAX)]] = Field(
        [], max_length=OPTIONS_MAX
    )


class OptInsIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    questions: list[OptInIn] = Field(max_length=QUESTIONS_MAX)


class OptInOut(BaseModel):
    id: str
    type: OptInType
    label: str
    required: bool
    options: list[str]


class OptInList(BaseModel):
    questions: list[OptInOut]


def checked_terms(body: PlanIn) -> tuple[str, PlanTerms]:
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
