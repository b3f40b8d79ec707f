from datetime import datetime

from sqlalchemy import (
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from domain.catalog.addons import (
    ADDON_TITLE_MAX,
    DEFAULT_BUMP_POSITION,
    AddonKind,
    BumpPosition,
    BumpsGrouping,
)
from domain.catalog.license_keys import KEY_FORMAT_MAX, KEY_MAX
from domain.catalog.products import ProductForm, Publication, ReviewState
from domain.limits import (
    ACCESS_PASSWORD_MAX,
    CONTENT_TYPE_MAX,
    CURRENCY_LEN,
    FILE_NAME_MAX,
    PLAN_NAME_MAX,
    PRODUCT_NAME_MAX,
    SLUG_MAX,
    URL_MAX,
)
from domain.orders.orders import PaymentType
from store.base import Base, StrEnumText, Timestamps


class File(Timestamps, Base):
    __tablename__ = "files"
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"), index=True)
    storage_key: Mapped[str] = mapped_column(String(200), unique=True)
    file_name: Mapped[str] = mapped_column(String(FILE_NAME_MAX))
    content_type: Mapped[str] = mapped_column(String(CONTENT_TYPE_MAX))
    size: Mapped[int] = mapped_column(BigInteger)
    sha256: Mapped[str] = mapped_column(String(64))


class Product(Timestamps, Base):
    __tablename__ = "products"
    __table_args__ = (
        UniqueConstraint("seller_id", "slug"),
        Index("ix_products_seller_created", "seller_id", "created_at"),
        Index("ix_products_in_review", "updated_at", postgresql_where=text("review_state = 'in_review'")),
    )
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(PRODUCT_NAME_MAX))
    internal_name: Mapped[str | None] = mapped_column(String(PRODUCT_NAME_MAX))
    description: Mapped[str] = mapped_column(Text, default="")
    form: Mapped[ProductForm] = mapped_column(StrEnumText(ProductForm, 30))
    slug: Mapped[str] = mapped_column(String(SLUG_MAX))
    publication: Mapped[Publication] = mapped_column(
        StrEnumText(Publication, 30), default=Publication.unpublished
    )
    is_archived: Mapped[bool] = mapped_column(Boolean, default=False)
    is_private: Mapped[bool] = mapped_column(Boolean, default=False)
    is_free: Mapped[bool] = mapped_column(Boolean, default=False)
    access_password: Mapped[str | None] = mapped_column(String(ACCESS_PASSWORD_MAX))
    limit: Mapped[int | None] = mapped_column(Integer)
    sold_count: Mapped[int] = mapped_column(Integer, default=0)
    reserved_count: Mapped[int] = mapped_column(Integer, default=0)
    file_id: Mapped[int | None] = mapped_column(ForeignKey("files.id", ondelete="SET NULL"))
    # what a digital or service product delivers once paid: a link and/or a text (a service's booking note)
    delivery_link: Mapped[str | None] = mapped_column(String(URL_MAX))
    delivery_text: Mapped[str | None] = mapped_column(Text)
    key_format: Mapped[str | None] = mapped_column(String(KEY_FORMAT_MAX))  # a license-key product's format
    # a membership or bundle: a mail for each included product besides the confirmation (emailForEachItem)
    email_for_each_item: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")
    # a certificate product: its title, issuer, rule (and course), orientation, background file and field layout
    certificate: Mapped[dict | None] = mapped_column(JSONB)
    # an event: its tickets' design (accent colour, note, the seller's name shown, logo file; domain.events.TicketDesign)
    ticket_design: Mapped[dict | None] = mapped_column(JSONB)
    category: Mapped[str | None] = mapped_column(String(30))  # editor §3 categories (ProductCategory)
    cost_center: Mapped[str | None] = mapped_column(String(100))
    opt_ins: Mapped[list | None] = mapped_column(
        JSONB
    )  # questions asked at checkout (domain/catalog/optins.py)
    # the platform's review (domain.products.publish_outcome): its state, the manager's note on a rejection
    review_state: Mapped[ReviewState] = mapped_column(
        StrEnumText(ReviewState, 30), default=ReviewState.not_for_review, server_default="not_for_review"
    )
    review_note: Mapped[str | None] = mapped_column(Text)
    reviewed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    product_groups: Mapped[list | None] = mapped_column(
        JSONB(none_as_null=True)
    )  # the seller's own groups (tags), in order
    # the cover: {"token", "width", "height", "variants": {"s100": {"key", "width", "height"}, …}}
    cover: Mapped[dict | None] = mapped_column(JSONB)
    # extra options (editor §3): upsells after the purchase, the offer title, and how the bumps are boxed
    # (domain/catalog/addons.py)
    upsell: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")
    upsell_title: Mapped[str | None] = mapped_column(String(ADDON_TITLE_MAX))
    # False: a buyer may take the bumps without this product (mainProductRequired)
    main_product_required: Mapped[bool] = mapped_column(Boolean, default=True, server_default="true")
    bumps_grouping: Mapped[BumpsGrouping] = mapped_column(
        StrEnumText(BumpsGrouping, 20), default=BumpsGrouping.separate, server_default="separate"
    )
    # the checkout page it sells on (None: the seller's default) and how often its page was opened
    checkout_settings_id: Mapped[int | None] = mapped_column(
        ForeignKey("checkout_settings.id", ondelete="SET NULL")
    )
    views_count: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0")


class ProductItem(Base):
    """A product a membership or bundle includes (editor §3 productAddons), in the seller's order."""

    __tablename__ = "product_items"
    __table_args__ = (UniqueConstraint("parent_id", "product_id"),)
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"))
    parent_id: Mapped[int] = mapped_column(ForeignKey("products.id", ondelete="CASCADE"))
    product_id: Mapped[int] = mapped_column(ForeignKey("products.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)


class CheckoutSettings(Timestamps, Base):
    """A seller's named checkout page (core §3 Checkout settings): `settings` is domain.checkout_pages.CheckoutPage
    as JSON; one per seller is the default (a partial unique index)."""

    __tablename__ = "checkout_settings"
    __table_args__ = (
        Index(
            "uq_checkout_settings_one_default", "seller_id", unique=True, postgresql_where=text("is_default")
        ),
    )
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(80))
    is_default: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")
    settings: Mapped[dict] = mapped_column(JSONB, default=dict, server_default="{}")


class ProductAddon(Base):
    """A product's offer of another of the seller's products: a bump on its checkout page, or an upsell or
    downsell after its purchase, at the price of one of that product's plans (domain/catalog/addons.py)."""

    __tablename__ = "product_addons"
    __table_args__ = (UniqueConstraint("product_id", "addon_product_id", "kind"),)
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"))
    product_id: Mapped[int] = mapped_column(ForeignKey("products.id", ondelete="CASCADE"))
    addon_product_id: Mapped[int] = mapped_column(ForeignKey("products.id", ondelete="CASCADE"), index=True)
    pricing_plan_id: Mapped[int] = mapped_column(ForeignKey("pricing_plans.id", ondelete="CASCADE"))
    kind: Mapped[AddonKind] = mapped_column(StrEnumText(AddonKind, 20))
    position: Mapped[BumpPosition] = mapped_column(
        StrEnumText(BumpPosition, 40),
        default=DEFAULT_BUMP_POSITION,
        server_default=DEFAULT_BUMP_POSITION.value,
    )
    title: Mapped[str | None] = mapped_column(String(ADDON_TITLE_MAX))
    description: Mapped[str | None] = mapped_column(Text)
    sort: Mapped[int] = mapped_column(Integer)


class LicenseKey(Base):
    """One key of a license-key product's pool. An order takes exactly one (the unique order_id) when it is paid
    for, the free key taken under SKIP LOCKED so two buyers of the last key cannot both get it; a checkout that
    expires unpaid gives its key back. A sold key is never reused."""

    __tablename__ = "license_keys"
    __table_args__ = (
        UniqueConstraint("seller_id", "key"),
        Index("ix_license_keys_free", "product_id", "id", postgresql_where=text("order_id IS NULL")),
    )
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"))
    product_id: Mapped[int] = mapped_column(ForeignKey("products.id", ondelete="CASCADE"), index=True)
    key: Mapped[str] = mapped_column(String(KEY_MAX))
    order_id: Mapped[int | None] = mapped_column(ForeignKey("orders.id", ondelete="SET NULL"), unique=True)
    reserved_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=text("now()"))


class PricingPlan(Timestamps, Base):
    __tablename__ = "pricing_plans"
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    product_id: Mapped[int] = mapped_column(ForeignKey("products.id", ondelete="CASCADE"), index=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(PLAN_NAME_MAX))
    payment_type: Mapped[PaymentType] = mapped_column(StrEnumText(PaymentType, 30))
    price: Mapped[int] = mapped_column(BigInteger)  # minor units; the first amount of a recurring plan
    currency: Mapped[str] = mapped_column(String(CURRENCY_LEN))
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    # recurring terms (domain.billing_calendar.PlanTerms); copied onto each order at purchase
    next_amount: Mapped[int | None] = mapped_column(BigInteger)
    payments_count: Mapped[int | None] = mapped_column(Integer)
    period: Mapped[str | None] = mapped_column(String(4))
    custom_intervals: Mapped[list | None] = mapped_column(JSONB)
    rate_amounts: Mapped[list | None] = mapped_column(JSONB)
    test_days: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    start_day: Mapped[int | None] = mapped_column(Integer)
    use_net_price: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")
    ticket_id: Mapped[int | None] = mapped_column(ForeignKey("tickets.id", ondelete="CASCADE"))  # an event's


class Ticket(Timestamps, Base):
    """An event's ticket (editor §3 Ticket): its dates in a time zone, its place (or online), its capacity."""

    __tablename__ = "tickets"
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"))
    product_id: Mapped[int] = mapped_column(ForeignKey("products.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(300))
    starts_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    ends_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    time_zone: Mapped[str] = mapped_column(String(64))
    location: Mapped[str | None] = mapped_column(String(300))
    online: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")
    without_dates: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")
    limit: Mapped[int | None] = mapped_column(Integer)
    position: Mapped[int] = mapped_column(Integer)


class PaymentTicket(Base):
    """The ticket a paid order holds (core §3): set aside with its code when the buyer pays (within the ticket's
    capacity), released if the checkout expires; checked in once."""

    __tablename__ = "payment_tickets"
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"), index=True)
    product_id: Mapped[int] = mapped_column(ForeignKey("products.id", ondelete="CASCADE"))
    ticket_id: Mapped[int] = mapped_column(ForeignKey("tickets.id", ondelete="CASCADE"), index=True)
    order_id: Mapped[int] = mapped_column(ForeignKey("orders.id", ondelete="CASCADE"), unique=True)
    code: Mapped[str] = mapped_column(String(16), unique=True)
    reserved_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=text("now()"))
    used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    invalidated_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # who comes, when not the buyer (core §3 attendee fields): names, e-mail, address; set from the ticket's page
    attendee: Mapped[dict | None] = mapped_column(JSONB)


class Certificate(Base):
    """A certificate issued to an order's holder (one per order), found by its number."""

    __tablename__ = "certificates"
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"), index=True)
    product_id: Mapped[int] = mapped_column(ForeignKey("products.id", ondelete="CASCADE"))
    order_id: Mapped[int] = mapped_column(ForeignKey("orders.id", ondelete="CASCADE"), unique=True)
    number: Mapped[str] = mapped_column(String(20), unique=True)
    holder_name: Mapped[str] = mapped_column(String(201))
    course_name: Mapped[str | None] = mapped_column(String(300))
    issued_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=text("now()"))
