import pytest

from domain.accounts.accounts import email_error, password_error, username_error
from domain.catalog.products import (
    NotSellableReason,
    ProductForm,
    SellableFacts,
    is_sold_out,
    not_sellable_reasons,
)
from domain.colors import StatusColor, is_emphasised, status_color
from domain.listing import last_page
from domain.orders.orders import PaymentState


def facts(**kw) -> SellableFacts:
    base = dict(
        form=ProductForm.download,
        is_free=False,
        is_archived=False,
        is_published=True,
        has_access_password=False,
        active_pricing_plans=1,
        has_digitals=True,
        sold_count=0,
        reserved_count=0,
        limit=None,
        seller_can_sell=True,
        any_payment_method_active=True,
    )
    base.update(kw)
    return SellableFacts(**base)


def test_a_complete_published_product_is_sellable():
    assert not_sellable_reasons(facts()) == []


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"is_archived": True}, NotSellableReason.is_archived),
        ({"is_published": False}, NotSellableReason.not_active),
        ({"active_pricing_plans": 0}, NotSellableReason.no_pricing_plans),
        ({"has_digitals": False}, NotSellableReason.no_digitals),
        ({"seller_can_sell": False}, NotSellableReason.finish_registration),
        ({"any_payment_method_active": False}, NotSellableReason.no_active_pay_method),
        ({"limit": 3, "sold_count": 2, "reserved_count": 1}, NotSellableReason.limit_reached),
        ({"has_access_password": True}, NotSellableReason.has_access_password),
    ],
)
def test_each_not_sellable_reason(change, reason):
    assert reason in not_sellable_reasons(facts(**change))


def test_free_products_need_no_payment_method_nor_can_sell():
    assert (
        not_sellable_reasons(facts(is_free=True, seller_can_sell=False, any_payment_method_active=False))
        == []
    )


def test_sold_out_rule():
    assert is_sold_out(2, 1, 3) and not is_sold_out(1, 1, 3) and not is_sold_out(100, 0, None)


@pytest.mark.parametrize(
    ("state", "color"),
    [
        ("paid", StatusColor.green),
        ("paying", StatusColor.green),
        ("payment_not_completed", StatusColor.red),
        ("payment_waiting", StatusColor.amber),
        ("payment_refunded", StatusColor.amber),
        ("payment_chargebacked", StatusColor.neutral),
    ],
)
def test_status_colours(state, color):
    assert status_color(state) == color


def test_emphasis():
    assert is_emphasised(PaymentState.payment_canceled) and not is_emphasised(PaymentState.paid)


def test_validation_messages():
    assert (
        email_error("a@b.c") is None
        and email_error("a@b") == "invalid email"
        and email_error("") == "required"
    )
    assert username_error("ab") == "too small" and username_error("x" * 31) == "too big"
    assert username_error("bad_name") == "invalid" and username_error("-ab") == "invalid"
    assert username_error("   ") == "empty" and username_error("good-name") is None
    assert password_error("") == "required" and password_error("12345678") is None


def test_last_page_correction():
    assert last_page(0, 20) == 1 and last_page(41, 20) == 3 and last_page(40, 20) == 2
