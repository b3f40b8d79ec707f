"""The public shop: the product page, checkout, pay and the thank-you page."""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, Strict, ValidationInfo, field_validator

from api.schemas.addons import OfferOut
from api.schemas.catalog import CoverOut, OptInOut, PlanOut
from api.schemas.checkout_pages import CheckoutPageIn, SocialProofOut
from api.schemas.fields import CountryCode, Email
from domain.builder.legal import Document
from domain.builder.tracking import ConsentCategory, ConsentMode, EventPage, TrackingType
from domain.catalog.addons import ADDONS_MAX, AddonKind, BumpsGrouping
from domain.catalog.license_keys import VerifyAnswer
from domain.catalog.optins import ANSWER_MAX as OPTIN_ANSWER_MAX
from domain.catalog.optins import QUESTIONS_MAX as OPTIN_QUESTIONS_MAX
from domain.catalog.products import NotSellableReason, ProductForm
from domain.languages import BUYER_LANGUAGES
from domain.limits import (
    ID_MAX,
    PERSON_NAME_MAX,
    PROFILE_TEXT_MAX,
    PROVIDER_ID_MAX,
    STREET_NUMBER_MAX,
    VAT_ID_MAX,
    ZIP_MAX,
)
from domain.orders.checkout import PayOutcome
from domain.orders.invoices import VatKind, buyer_vat_id
from domain.orders.leitweg import LEITWEG_ID_MAX, leitweg_id
from domain.orders.orders import PaymentMethod, PaymentState
from domain.payments.rules import SEPA_HOLDER_MAX


class ShopTicket(BaseModel):
    """An event's ticket on its product page: when and where, and whether it can still be bought."""

    id: int
    name: str
    starts_at: datetime | None
    ends_at: datetime | None
    time_zone: str
    location: str | None
    online: bool
    without_dates: bool
    sold_out: bool
    over: bool


class WireOut(BaseModel):
    """Pay by bank transfer: the account, the amount, the reference that finds the order, and until when."""

    amount: int
    currency: str
    reference: str
    iban: str
    bic: str
    holder: str
    due_at: datetime | None = None


class PlanMethods(BaseModel):
    pricing_plan_id: int
    methods: list[PaymentMethod]


class CheckoutLegal(BaseModel):
    """What the checkout shows of the law (domain/orders/consent.py): the shop's documents the seller wrote, linked
    beside the buy button (`/v1/shop/{username}/documents/{document}?product_type=`), and whom it asks for the consent
    to begin the delivery at once: none (an event's ticket), EU consumers (countries listed; a buyer naming no
    country counts as one) or everyone."""

    documents: list[Document] = []
    consent: Literal["none", "eu_consumers", "everyone"] = "eu_consumers"
    consent_countries: list[str] = []


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
    tickets: list[ShopTicket] = []  # an event: the tickets its plans sell
    opt_ins: list[OptInOut] = []  # questions the buyer answers at checkout
    cover: CoverOut | None = None
    # order bumps (editor §3 extra options): offered on the checkout page, paid with the main product's charge
    bumps: list[OfferOut] = []
    bumps_grouping: BumpsGrouping = BumpsGrouping.separate
    upsell_title: str | None = None  # the title over the grouped bumps and the upsell offer
    main_product_required: bool = True  # False: a buyer may take the bumps without the product
    # the checkout page it sells on (core §3 Checkout settings) and the social proof that page shows
    checkout: CheckoutPageIn = Field(default_factory=CheckoutPageIn)
    social_proof: SocialProofOut = Field(default_factory=SocialProofOut)
    # the payment methods each plan can be paid with (the seller's matrix, core §9)
    payment_methods: list[PlanMethods] = []
    legal: CheckoutLegal = Field(default_factory=CheckoutLegal)


class AppTrackingCode(BaseModel):
    """A code the web app's checkout or thank-you page fires once the visitor consented to its category."""

    type: TrackingType
    id: str
    category: ConsentCategory
    pages: list[EventPage]


class DocumentOut(BaseModel):
    """A legal document of the shop as the checkout opens it (in the buyer's language where the seller wrote it)."""

    document: Document
    text: str


class AppTracking(BaseModel):
    """What the web app's buyer pages of a shop track (domain/builder/tracking.py): the consent banner as the shop
    set it, the cookie the consent is kept in (the same as the shop's built pages), and the codes of its checkout
    and thank-you pages."""

    mode: ConsentMode
    text: str
    cookie: str
    categories: list[ConsentCategory]
    codes: list[AppTrackingCode]
    cookiebot_id: str | None


class Payer(BaseModel):
    """The buyer (core §3 payer profile): name and e-mail, and what an invoice needs: the country, the address,
    and for a business buyer the company and its VAT id (an EU business in another country than the seller's
    gets a reverse-charge invoice). `locale`: the language of the buyer's invoice and mails."""

    email: Email
    first_name: str = Field(min_length=1, max_length=PERSON_NAME_MAX)
    last_name: str = Field(min_length=1, max_length=PERSON_NAME_MAX)
    country: CountryCode | None = None
    company: str | None = Field(default=None, max_length=PROFILE_TEXT_MAX)
    vat_id: str | None = Field(default=None, max_length=VAT_ID_MAX)
    street: str | None = Field(default=None, max_length=PROFILE_TEXT_MAX)
    street_number: str | None = Field(default=None, max_length=STREET_NUMBER_MAX)
    zip: str | None = Field(default=None, max_length=ZIP_MAX)
    city: str | None = Field(default=None, max_length=PROFILE_TEXT_MAX)
    locale: Literal["en", "de"] = "en"
    # a German public buyer's Leitweg-ID: the buyer reference of its XRechnung (with the authority as `company`)
    leitweg_id: str | None = Field(default=None, max_length=LEITWEG_ID_MAX)

    @field_validator("first_name", "last_name")
    @classmethod
    def _not_blank(cls, v: str) -> str:
        if not v.strip():
            raise ValueError("required")
        return v.strip()

    @field_validator("company", "street", "street_number", "zip", "city")
    @classmethod
    def _blank_is_none(cls, v: str | None) -> str | None:
        return (v.strip() or None) if v is not None else None

    @field_validator("vat_id")
    @classmethod
    def _vat_id(cls, v: str | None, info: ValidationInfo) -> str | None:
        if v is None or not v.strip():
            return None
        return buyer_vat_id(v, info.data.get("country"), info.data.get("company"))

    @field_validator("leitweg_id")
    @classmethod
    def _leitweg_id(cls, v: str | None, info: ValidationInfo) -> str | None:
        if v is None or not v.strip():
            return None
        if not info.data.get("company"):
            raise ValueError("a Leitweg-ID needs the authority's name as the company")
        return leitweg_id(v)


OptInAnswer = Annotated[str, Field(max_length=OPTIN_ANSWER_MAX)] | bool


class CheckoutIn(BaseModel):
    pricing_plan_id: Annotated[int, Strict(), Field(ge=1, le=ID_MAX)]
    payer: Payer
    # the product's opt-in questions answered, by question id: a tick (true) or a text / a chosen option
    opt_in_answers: dict[Annotated[str, Field(max_length=16)], OptInAnswer] = Field(
        {}, max_length=OPTIN_QUESTIONS_MAX
    )
    coupon_code: Annotated[str, Field(max_length=60)] | None = None  # matched in any case; blank: none
    # the bumps the buyer ticked (their offer ids): each its own order, paid with the main product's charge
    bump_ids: list[Annotated[int, Strict(), Field(ge=1, le=ID_MAX)]] = Field([], max_length=ADDONS_MAX)
    # False: only the bumps (where the product allows it); the first bump is then the order, the others its bumps
    main_product: bool = True
    # the buyer ticked the consent to begin the delivery before the withdrawal period ends (required for a consumer
    # in the EU by default: the product page's `legal.consent`), in the page's language (the words kept with the order)
    withdrawal_consent: Annotated[bool, Strict()] = False
    language: Annotated[str, Field(max_length=8, json_schema_extra={"enum": list(BUYER_LANGUAGES)})] = "en"

    @field_validator("language")
    @classmethod
    def _buyer_language(cls, v: str) -> str:
        if v not in BUYER_LANGUAGES:
            raise ValueError("not a buyer language")
        return v


class PriceOut(BaseModel):
    """What the buyer pays now for a plan, with the VAT their invoice will carry (a net-priced plan adds it; a
    gross price contains it)."""

    amount: int  # the price, or the first rate of a recurring plan
    currency: str
    net: int
    vat: int
    vat_kind: VatKind
    vat_rate_bp: int | None
    net_price: bool  # the plan's price is net (editor §3 useNetPrice)
    discount: int = 0  # what the coupon takes off `amount` (already taken off)
    bumps: int = 0  # what the ticked bumps add (already in `amount`)


class CheckoutOut(BaseModel):
    order_token: str
    # a deferred order's SetupIntent, which the page confirms to save the card; none for an order charged today
    # (its PaymentIntent was made with the order: the page creates a PaymentMethod and the payment confirms it)
    setup_intent_client_secret: str | None = None
    amount: int
    currency: str
    # nothing is charged today (a test period or a start day): the page saves the card with the SetupIntent;
    # otherwise it creates a PaymentMethod and the payment asks for 3-D Secure, once
    deferred: bool = False


class SepaIn(BaseModel):
    """Pay by SEPA Direct Debit: the account's IBAN (any spacing or case) and its holder's name. Sending it is the
    buyer's consent to the mandate the checkout page shows."""

    model_config = ConfigDict(extra="forbid")
    iban: str = Field(min_length=15, max_length=42)
    account_holder: str = Field(min_length=2, max_length=SEPA_HOLDER_MAX)


class SepaOut(BaseModel):
    """The mandate the order is debited under: its reference, the account (country and last four digits) and
    holder, and when the buyer agreed."""

    reference: str
    holder: str
    iban_country: str
    iban_last4: str
    accepted_at: datetime


class PayIn(BaseModel):
    payment_method: str = Field(min_length=3, max_length=PROVIDER_ID_MAX, pattern=r"^pm_[A-Za-z0-9]+$")


class PayOut(BaseModel):
    order_token: str
    outcome: PayOutcome
    payment_state: PaymentState
    client_secret: str | None = None
    message: str | None = None
    approve_url: str | None = (
        None  # PayPal: where the buyer approves the payment (then comes back to the shop)
    )


class IncludedDelivery(BaseModel):
    """A product a membership or bundle includes, as the buyer gets it."""

    product_id: int
    name: str
    form: ProductForm
    download_url: str | None = None
    delivery_link: str | None = None
    delivery_text: str | None = None
    course_url: str | None = None


class ExtraBought(BaseModel):
    """A bump or upsell of the order: its own order, and what it delivers once paid."""

    token: str
    upsell_type: AddonKind
    product_name: str
    payment_state: PaymentState
    total: int
    currency: str
    download_url: str | None = None
    delivery_link: str | None = None
    delivery_text: str | None = None
    license_key: str | None = None
    invoice_number: int | None = None  # an upsell's own invoice (a bump is a line of the order's)
    course_url: str | None = None
    certificate_url: str | None = None


class UpsellIn(BaseModel):
    """Buy an upsell or downsell offered after the purchase, with the card that paid the order."""

    model_config = ConfigDict(extra="forbid")
    addon_id: Annotated[int, Strict(), Field(ge=1, le=ID_MAX)]


class ConsentOut(BaseModel):
    """The consent to begin the delivery before the withdrawal period ends, as the buyer ticked it, and when."""

    text: str
    at: datetime


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
    # what the order delivers besides a file, while it stays paid: a link and/or a text (a digital product, a
    # service's booking note), a license key
    delivery_link: str | None = None
    delivery_text: str | None = None
    license_key: str | None = None
    course_url: str | None = None  # a course: its player in the payer area (sign-in by magic link first)
    items: list[IncludedDelivery] = []  # a membership or bundle: each included product
    certificate_number: str | None = None  # a certificate: its number and its page, once issued
    certificate_url: str | None = None
    certificate_pending: bool = False  # issued once the buyer has finished the course it is for
    ticket_code: str | None = None  # an event: the payment ticket's code, and its page (with the QR code)
    ticket_url: str | None = None
    extras: list[ExtraBought] = []  # the bumps paid with this order and the upsells bought after it
    # offered now that it is paid: the upsells, and the downsells to show when the buyer declines them
    upsells: list[OfferOut] = []
    downsells: list[OfferOut] = []
    # the seller's funnel page for this product, while it has an offer open: the thank-you page goes there first
    funnel_url: str | None = None
    # the seller built a thank-you page for this product: the page shows it in place of the platform's words
    thank_you_page: bool = False
    upsell_title: str | None = None
    wire: WireOut | None = None  # paid by bank transfer, still awaited: what to transfer where
    # delivered, paid later by its invoice (still open): what to transfer where, by its due day
    pay_later: WireOut | None = None
    sepa: SepaOut | None = None  # paid by direct debit: the mandate it is debited under
    withdrawal_consent: ConsentOut | None = (
        None  # the consent to begin at once the buyer ticked, as they ticked it
    )


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


class LicenseKeyCheck(BaseModel):
    """What a seller's software hears about a key: valid, unknown, or revoked (refunded, charged back, or its
    subscription ended or is unpaid)."""

    state: VerifyAnswer
    product: str | None = None  # the product's slug, for a known key
