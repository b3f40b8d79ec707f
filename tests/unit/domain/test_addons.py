"""Bumps and upsells (domain/catalog/addons.py): which offers fit a product, and which show after the purchase."""

from __future__ import annotations

from domain.catalog.addons import AddonKind, AddonProblem, addons_problem
from domain.catalog.products import ProductForm
from domain.orders.invoices import InvoiceSnapshot, bump_line, discount_line, vat_treatment

FORMS = {2: ProductForm.download, 3: ProductForm.course, 4: ProductForm.bundle, 5: ProductForm.event}


def test_an_offer_is_another_offerable_product_of_the_seller_once_per_kind():
    assert (
        addons_problem(1, [(2, AddonKind.bump), (3, AddonKind.upsell), (2, AddonKind.downsell)], FORMS)
        is None
    )
    assert addons_problem(1, [(1, AddonKind.bump)], FORMS) == (0, AddonProblem.itself)
    assert addons_problem(1, [(2, AddonKind.bump), (9, AddonKind.bump)], FORMS) == (
        1,
        AddonProblem.unknown_product,
    )
    assert addons_problem(1, [(4, AddonKind.bump)], FORMS) == (0, AddonProblem.not_offerable)
    assert addons_problem(1, [(5, AddonKind.upsell)], FORMS) == (0, AddonProblem.not_offerable)
    assert addons_problem(1, [(2, AddonKind.bump), (2, AddonKind.bump)], FORMS) == (1, AddonProblem.duplicate)
    # the same product as a bump and as an upsell is two offers
    assert addons_problem(1, [(2, AddonKind.bump), (2, AddonKind.upsell)], FORMS) is None
    assert addons_problem(1, [(3, AddonKind.bump), (2, AddonKind.downsell)], FORMS) == (
        1,
        AddonProblem.downsell_without_upsell,
    )


def test_an_invoice_with_a_coupon_and_a_bump_has_a_line_each_summing_to_the_charge():
    snap = InvoiceSnapshot([], [], "Guide", vat_treatment(True, None, "DE", "DE"), line_kind="sale",
                           extra_lines=[discount_line(500, "TEN"), bump_line(900, "Workbook")])  # fmt: skip
    lines = snap.lines(2500 - 500 + 900)
    assert [(x.kind, x.amount) for x in lines] == [("sale", 2500), ("discount", -500), ("sale", 900)]
    assert lines[2].facts == {"product": "Workbook"}
    # cancelled: every line turns its sign, the total is the invoice's negated
    assert [x.amount for x in snap.lines(-2900)] == [-2500, 500, -900]
