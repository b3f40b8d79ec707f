"""Order bumps and upsells (editor §3 extra options, core §9 Checkout): what a product offers beside itself.

A bump is another of the seller's products offered on the checkout page with a tick box, at one of the bump
positions of core §9; the buyer pays the main product and every bump ticked with one charge. An upsell is offered
on the thank-you page once the main product is paid and is charged with the card that paid it, while the buyer
stays on the page (no card entered again, no second 3-D Secure challenge where the bank allows); a downsell is the
cheaper offer shown when the buyer declines the upsell. Each bump and upsell bought is an order of its own
(order type `bump`, its `upsell_type` naming which), with its own invoice line, ledger entries and delivery.
The seeds name the options but not their values; the choices are in docs/DECISIONS.md 'Bumps and upsells'."""

from __future__ import annotations

from enum import StrEnum

from domain.catalog.products import ProductForm


class AddonKind(StrEnum):
    """What an offer is, and the order's `upsell_type` once it is bought."""

    bump = "bump"  # ticked on the checkout page, paid with the main product
    upsell = "upsell"  # offered after the purchase, charged with the card that paid it
    downsell = "downsell"  # offered when the upsell is declined


class BumpPosition(StrEnum):
    """Where a bump shows on the checkout page (core §9): the three positions and their alternatives."""

    below_product_details = "below_product_details"
    below_payer_details = "below_payer_details"
    below_payment_methods = "below_payment_methods"
    below_payment_options = "below_payment_options"
    below_legal_text = "below_legal_text"
    below_custom_fields = "below_custom_fields"


class BumpsGrouping(StrEnum):
    """bumpsGrouping: each bump in its own box, or the bumps of a position in one box under the offer title."""

    separate = "separate"
    grouped = "grouped"


DEFAULT_BUMP_POSITION = BumpPosition.below_product_details
ADDONS_MAX = 10  # offers per product (not shown; docs/DECISIONS.md)
ADDON_TITLE_MAX = 120
ADDON_TEXT_MAX = 1000
# A bump rides on the main product's one charge: it is sold once. A license key, a ticket or a certificate is
# issued per order of its own product, so they can be bumps and upsells too; a membership or bundle can not
# (docs/DECISIONS.md).
OFFERABLE_FORMS = frozenset(
    {
        ProductForm.download,
        ProductForm.digital,
        ProductForm.service,
        ProductForm.course,
        ProductForm.license_key,
        ProductForm.certificate,
    }
)


class AddonProblem(StrEnum):
    unknown_product = "unknown_product"  # not one of the seller's products, or not published
    not_offerable = "not_offerable"  # a form that cannot be offered beside another
    itself = "itself"
    duplicate = "duplicate"  # the same product offered twice as the same kind
    unknown_plan = "unknown_plan"  # not an active plan of that product
    bump_not_one_time = "bump_not_one_time"  # a bump is sold once, with the main product's charge
    deferred_plan = "deferred_plan"  # an upsell is charged now: no test period or start day
    other_currency = "other_currency"  # a bump is paid in the main product's currency
    downsell_without_upsell = "downsell_without_upsell"


def addons_problem(
    product_id: int, offers: list[tuple[int, AddonKind]], forms: dict[int, ProductForm]
) -> tuple[int, AddonProblem] | None:
    """The first offer (its index) that does not fit, by product and kind (`forms`: the seller's published
    products among those offered); plans are checked where they are known."""
    seen: set[tuple[int, AddonKind]] = set()
    for i, (pid, kind) in enumerate(offers):
        if pid == product_id:
            return i, AddonProblem.itself
        if pid not in forms:
            return i, AddonProblem.unknown_product
        if forms[pid] not in OFFERABLE_FORMS:
            return i, AddonProblem.not_offerable
        if (pid, kind) in seen:
            return i, AddonProblem.duplicate
        seen.add((pid, kind))
    kinds = {k for _, k in offers}
    if AddonKind.downsell in kinds and AddonKind.upsell not in kinds:
        return next(i for i, (_, k) in enumerate(offers) if k == AddonKind.downsell), (
            AddonProblem.downsell_without_upsell
        )
    return None
