"""Memberships and bundles (editor §2 products step, §3 productAddons and emailForEachItem, §4 warnings): a
product that includes other products of the same seller, each delivered while the parent order stays paid."""

from __future__ import annotations

from domain.catalog.products import ProductForm

PARENT_FORMS = frozenset({ProductForm.membership, ProductForm.bundle})
# What a membership or bundle may include: the forms delivered by access alone (a file, a link or text, a course).
# A license key, a ticket or a certificate is issued per order of its own product (docs/DECISIONS.md).
INCLUDABLE_FORMS = frozenset(
    {ProductForm.download, ProductForm.digital, ProductForm.service, ProductForm.course}
)
ITEMS_MAX = 50  # included products per membership or bundle (not shown; docs/DECISIONS.md)


class ItemsProblem:
    unknown_product = "unknown_product"  # not one of the seller's products
    not_includable = "not_includable"  # a form a bundle cannot include (or a bundle itself)
    itself = "itself"
    duplicate = "duplicate"


def items_problem(parent_id: int, wanted: list[int], forms: dict[int, ProductForm]) -> str | None:
    """Why a list of included products does not fit (`forms`: the seller's products among `wanted`)."""
    if len(set(wanted)) != len(wanted):
        return ItemsProblem.duplicate
    for pid in wanted:
        if pid == parent_id:
            return ItemsProblem.itself
        if pid not in forms:
            return ItemsProblem.unknown_product
        if forms[pid] not in INCLUDABLE_FORMS:
            return ItemsProblem.not_includable
    return None
