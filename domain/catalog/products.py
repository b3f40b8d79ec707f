"""Product vocabularies and the sellable rule (core §3, §4, §6; editor §3, §5)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from domain.catalog.license_keys import KEY_POOL_MIN


class ProductForm(StrEnum):
    digital = "digital"  # delivers a link and/or a text (the shop-side form of editor §3)
    course = "course"
    service = "service"
    download = "download"
    membership = "membership"
    event = "event"
    certificate = "certificate"
    license_key = "license_key"
    bundle = "bundle"


class ProductCategory(StrEnum):
    """editor §3 categories: what the product is, for the shop's category filter and the seller's lists."""

    e_book = "e_book"
    music_files = "music_files"
    coaching = "coaching"
    membership = "membership"
    book = "book"
    online_course = "online_course"
    online_course_live = "online_course_live"
    event = "event"
    certificate = "certificate"
    license_code = "license_code"


COST_CENTER_MAX = 100
PRODUCT_LIMIT_MAX = 1_000_000


class Publication(StrEnum):
    published = "published"
    publish_pending = "publish_pending"
    in_review = "in_review"
    rejected = "rejected"
    revoked = "revoked"
    unpublished = "unpublished"
    admin_unpublished = "admin_unpublished"


class ReviewState(StrEnum):
    free = "free"
    reviewed = "reviewed"
    in_review = "in_review"
    rejected = "rejected"
    not_for_review = "not_for_review"
    free_without_fee = "free_without_fee"


class NotSellableReason(StrEnum):
    not_valid = "not_valid"
    no_active_pay_method = "no_active_pay_method"
    no_pricing_plans = "no_pricing_plans"
    limit_reached = "limit_reached"
    on_review = "on_review"
    rejected = "rejected"
    not_reviewed = "not_reviewed"
    not_active = "not_active"
    no_active_events = "no_active_events"
    no_digitals = "no_digitals"
    finish_registration = "finish_registration"
    no_products = "no_products"
    is_archived = "is_archived"
    has_access_password = "has_access_password"
    bundle_without_addons = "bundle_without_addons"  # editor §4: a bundle that includes no product yet


# A product's cover in its size variants (editor §3 covers 's100'): the name says the width in pixels.
COVER_SIZES = {"s100": 100, "s300": 300, "s600": 600, "s1200": 1200}
COVER_MAX_BYTES = 10 * 1024 * 1024


# A seller's groups for their products (editor §3 product_groups): short tags, a few per product.
PRODUCT_GROUPS_MAX = 10
PRODUCT_GROUP_MAX = 40
REVIEW_NOTE_MAX = 1000


class ReviewDecision(StrEnum):
    reviewed = "reviewed"
    rejected = "rejected"


@dataclass(frozen=True)
class PublishOutcome:
    publication: Publication
    review_state: ReviewState


def publish_outcome(*, is_free: bool, publication: Publication, review_state: ReviewState) -> PublishOutcome:
    """What publishing does to a product (the platform's review; docs/DECISIONS.md 'Product review').

    A paid product sells as soon as it is published and is reviewed by a manager afterwards (in_review), as the
    big creator platforms do; one already reviewed stays reviewed. A free product needs no review. A product a
    manager rejected does not sell again on the seller's word: publishing it asks for a new review
    (publish_pending) and it sells once a manager marks it reviewed."""
    if (
        publication in (Publication.rejected, Publication.publish_pending)
        or review_state == ReviewState.rejected
    ):
        return PublishOutcome(Publication.publish_pending, ReviewState.in_review)
    if is_free:
        return PublishOutcome(Publication.published, ReviewState.free)
    if review_state == ReviewState.reviewed:
        return PublishOutcome(Publication.published, ReviewState.reviewed)
    return PublishOutcome(Publication.published, ReviewState.in_review)


def unpublish_outcome(publication: Publication, review_state: ReviewState) -> PublishOutcome:
    """Unpublishing: a product waiting for a new review after a rejection goes back to rejected (so publishing it
    again asks again, never skips the review); any other keeps its review state."""
    if publication in (Publication.publish_pending, Publication.rejected):
        return PublishOutcome(Publication.unpublished, ReviewState.rejected)
    return PublishOutcome(Publication.unpublished, review_state)


def review_outcome(decision: ReviewDecision, publication: Publication) -> PublishOutcome:
    """A manager's decision on a product in review: reviewed lets a pending product sell; rejected stops it."""
    if decision == ReviewDecision.rejected:
        return PublishOutcome(Publication.rejected, ReviewState.rejected)
    keep = Publication.published if publication == Publication.publish_pending else publication
    return PublishOutcome(keep, ReviewState.reviewed)


def review_notes(
    review_state: ReviewState, publication: Publication, is_free: bool
) -> list[NotSellableReason]:
    """The review-state warnings a power seller sees on a product that still sells (editor §4): in review, or a
    paid product published before reviews began (not reviewed)."""
    if publication != Publication.published:
        return []
    if review_state == ReviewState.in_review:
        return [NotSellableReason.on_review]
    if review_state == ReviewState.not_for_review and not is_free:
        return [NotSellableReason.not_reviewed]
    return []


# The forms a seller can create today: each is sold and delivered end to end (the others come with their delivery).
CREATABLE_FORMS = (
    ProductForm.download,
    ProductForm.digital,
    ProductForm.service,
    ProductForm.license_key,
    ProductForm.course,
    ProductForm.membership,
    ProductForm.bundle,
    ProductForm.event,
    ProductForm.certificate,
)


# A delivery link: http(s), a host, no spaces (or empty, which clears it). The contract carries it to the browser.
LINK_SHAPE = r"^$|^https?://[^\s/?#@]+([/?#]\S*)?$"


# Price limits (core §9) in major units; stored prices are minor units.
PRICE_MIN_MAJOR = 1
PRICE_MAX_MAJOR = 1_000_000
PRODUCTS_PAGE_SIZE = 30


@dataclass(frozen=True)
class SellableFacts:
    """What the sellable rule needs to know about a product and its seller."""

    form: ProductForm
    is_free: bool
    is_archived: bool
    is_published: bool
    has_access_password: bool
    active_pricing_plans: int
    has_digitals: bool
    sold_count: int
    reserved_count: int
    limit: int | None
    seller_can_sell: bool
    any_payment_method_active: bool
    free_keys: int = 0  # a license-key product's keys not yet sold or reserved
    included: int = 0  # a membership's or bundle's included products
    active_tickets: int = 0  # an event's tickets on sale
    publication: Publication = Publication.unpublished  # rejected and publish_pending stop a sale


def is_sold_out(sold: int, reserved: int, limit: int | None) -> bool:
    """Sold out: sold plus reserved is at least limit (editor §4)."""
    return limit is not None and sold + reserved >= limit


def is_pool_empty(f: SellableFacts) -> bool:
    """A license-key product with no free key left is sold out (editor §4 'limit reached')."""
    return f.form == ProductForm.license_key and f.free_keys < KEY_POOL_MIN


def not_sellable_reasons(f: SellableFacts, *, require_published: bool = True) -> list[NotSellableReason]:
    """Every reason the product cannot be sold via the shop now, in the order the list shows them.

    The spec's rule (core §6): sellable via shop when it can be sold via shop and is either free or the
    seller canSell. 'Can be sold via shop' is the absence of the product-level reasons below.
    """
    r: list[NotSellableReason] = []
    if f.is_archived:
        r.append(NotSellableReason.is_archived)
    if f.publication == Publication.rejected:
        r.append(NotSellableReason.rejected)
    if f.publication == Publication.publish_pending:
        r.append(NotSellableReason.on_review)
    if require_published and not f.is_published:
        r.append(NotSellableReason.not_active)
    if not f.is_free and not f.any_payment_method_active:
        r.append(NotSellableReason.no_active_pay_method)
    if f.active_pricing_plans == 0:
        r.append(NotSellableReason.no_pricing_plans)
    if is_sold_out(f.sold_count, f.reserved_count, f.limit) or is_pool_empty(f):
        r.append(NotSellableReason.limit_reached)
    if (
        f.form in (ProductForm.download, ProductForm.digital, ProductForm.course, ProductForm.certificate)
        and not f.has_digitals
    ):
        r.append(NotSellableReason.no_digitals)
    if f.form == ProductForm.event and f.active_tickets == 0:
        r.append(NotSellableReason.no_active_events)
    if f.form == ProductForm.membership and f.included == 0:
        r.append(NotSellableReason.no_products)
    if f.form == ProductForm.bundle and f.included == 0:
        r.append(NotSellableReason.bundle_without_addons)
    if not f.is_free and not f.seller_can_sell:
        r.append(NotSellableReason.finish_registration)
    if f.has_access_password:
        r.append(NotSellableReason.has_access_password)
    return r
