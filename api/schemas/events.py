"""Event tickets (editor §3 Ticket), payment tickets (core §3) and the check-in."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, Strict, field_validator

from api.schemas.fields import CountryCode, Email
from domain.catalog.events import (
    CODE_SHAPE,
    LOCATION_MAX,
    TICKET_ACCENT_DEFAULT,
    TICKET_LIMIT_MAX,
    TICKET_NAME_MAX,
    TICKET_NOTE_MAX,
    TIME_ZONE_MAX,
    PaymentTicketState,
)
from domain.colors import HEX_COLOR
from domain.limits import PERSON_NAME_MAX, PROFILE_TEXT_MAX, STREET_NUMBER_MAX, ZIP_MAX
from domain.listing import ListAnswer

Limit = Annotated[int, Strict(), Field(ge=1, le=TICKET_LIMIT_MAX)]


class TicketIn(BaseModel):
    """A ticket: its dates (UTC instants, shown in `time_zone`), its place or online, its capacity (none: no
    limit). `without_dates`: a ticket valid on any day (a voucher, a season pass)."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=2, max_length=TICKET_NAME_MAX)
    starts_at: datetime | None = None
    ends_at: datetime | None = None
    time_zone: str = Field(
        "Europe/Berlin", min_length=1, max_length=TIME_ZONE_MAX, description="an IANA time zone"
    )
    location: str | None = Field(None, max_length=LOCATION_MAX)
    online: bool = False
    without_dates: bool = False
    limit: Limit | None = None


class TicketOut(BaseModel):
    id: int
    name: str
    starts_at: datetime | None
    ends_at: datetime | None
    time_zone: str
    location: str | None
    online: bool
    without_dates: bool
    limit: int | None
    held: int  # sold, or set aside for an open checkout
    sold_out: bool
    over: bool


class TicketList(BaseModel):
    list: list[TicketOut]


class PaymentTicketOut(BaseModel):
    id: int
    code: str  # as shown: XXXXX-XXXXX
    ticket_name: str
    state: PaymentTicketState
    payer_email: str
    payer_name: str
    order_token: str
    used_at: datetime | None
    answers: dict[str, str | bool] = {}  # the buyer's opt-in answers, by question label
    attendee: Attendee | None = None  # who comes, when the buyer named someone else


class PaymentTicketList(ListAnswer[PaymentTicketOut]):
    pass


class CheckInIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    code: str = Field(
        max_length=16, pattern=CODE_SHAPE, description="as printed, any case, dashes and spaces allowed"
    )


class CheckInOut(BaseModel):
    code: str
    product_name: str
    ticket_name: str
    payer_name: str
    payer_email: str
    starts_at: datetime | None
    used_at: datetime


class Attendee(BaseModel):
    """Who comes with a ticket when it is not the buyer (core §3 attendee fields)."""

    model_config = ConfigDict(extra="forbid")
    first_name: str = Field(min_length=1, max_length=PERSON_NAME_MAX)
    last_name: str = Field(min_length=1, max_length=PERSON_NAME_MAX)
    email: Email
    street: str | None = Field(default=None, max_length=PROFILE_TEXT_MAX)
    street_number: str | None = Field(default=None, max_length=STREET_NUMBER_MAX)
    zip: str | None = Field(default=None, max_length=ZIP_MAX)
    city: str | None = Field(default=None, max_length=PROFILE_TEXT_MAX)
    country: CountryCode | None = None

    @field_validator("first_name", "last_name")
    @classmethod
    def _not_blank(cls, v: str) -> str:
        if not v.strip():
            raise ValueError("required")
        return v.strip()

    @field_validator("street", "street_number", "zip", "city")
    @classmethod
    def _blank_is_none(cls, v: str | None) -> str | None:
        return (v.strip() or None) if v is not None else None


class AttendeeIn(BaseModel):
    """The attendee to name on a ticket; null gives the ticket back to its buyer."""

    model_config = ConfigDict(extra="forbid")
    attendee: Attendee | None


class TicketPage(BaseModel):
    """A buyer's ticket as its page shows it: the code, its QR code (an SVG data URI) and the event."""

    code: str
    state: PaymentTicketState
    product_name: str
    ticket_name: str
    seller_name: str
    payer_name: str
    starts_at: datetime | None
    ends_at: datetime | None
    time_zone: str
    location: str | None
    online: bool
    without_dates: bool
    qr_svg: str
    attendee: Attendee | None = None
    upgraded_to: str | None = None  # the code of the ticket that replaced this one (its holder upgraded it)
    accent_color: str = TICKET_ACCENT_DEFAULT  # the event's ticket design
    note: str | None = None


class TicketDesignIn(BaseModel):
    """An event's ticket design (editor §2 event tickets, step "design"): the colour of the ticket's frame and band
    (editor §5 hex colour: # and 3 or 6 hex digits), a note printed under the code (the doors' opening time, what to
    bring), and whether the seller's name heads the ticket. The logo is uploaded on its own."""

    model_config = ConfigDict(extra="forbid")
    accent_color: str = Field(TICKET_ACCENT_DEFAULT, pattern=HEX_COLOR, max_length=7)
    note: str | None = Field(None, max_length=TICKET_NOTE_MAX)
    show_seller: Annotated[bool, Strict()] = True


class TicketDesignOut(BaseModel):
    accent_color: str
    note: str | None
    show_seller: bool
    has_logo: bool


class SellerPaymentTicketOut(PaymentTicketOut):
    """A payment ticket in the seller's list of all events (`/cabinet/payment_tickets/details`)."""

    product_id: int
    product_name: str
    starts_at: datetime | None
    time_zone: str
    location: str | None
    online: bool
    price: int  # what the order cost, minor units
    currency: str
    reserved_at: datetime
    invalidated_at: datetime | None


class SellerPaymentTicketList(ListAnswer[SellerPaymentTicketOut]):
    pass


class TicketTallyOut(BaseModel):
    """One ticket of one event with its payment tickets by state (`/cabinet/payment_tickets/overview`)."""

    product_id: int
    product_name: str
    ticket_id: int
    ticket_name: str
    starts_at: datetime | None
    time_zone: str
    limit: int | None
    sold: int  # every ticket held by a paid order, whatever became of it
    used: int
    unused: int
    refunded: int
    expired: int
    invalidated: int


class TicketOverview(BaseModel):
    tickets: list[TicketTallyOut]


class UpgradeOptionOut(BaseModel):
    """A dearer ticket of the same event this ticket can be upgraded to, and the difference to pay."""

    pricing_plan_id: int
    plan_name: str
    ticket_name: str
    price: int
    currency: str
    starts_at: datetime | None
    ends_at: datetime | None
    time_zone: str
    without_dates: bool
    location: str | None
    online: bool


class UpgradeOptions(BaseModel):
    options: list[UpgradeOptionOut]


class UpgradeIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    pricing_plan_id: Annotated[int, Strict(), Field(ge=1, le=2**53)]
