"""The payment-method matrix (core §9) and the bank wire's reference: pure rules."""

from __future__ import annotations

from domain.errors import Refusal
from domain.payments.gateways import GATEWAYS, can_pay, default_matrix, matrix_problem, methods_for
from domain.payments.rules import (
    mandate_reference,
    token_of_reference,
    wire_reference,
    wire_refund_id,
)

TOKEN = "d27963213772773b2dc0"


def test_a_transfer_finds_its_order_however_the_reference_is_written():
    ref = wire_reference(TOKEN)
    assert ref == "SF-D27963213772773B2DC0"
    for written in (
        ref,
        ref.lower(),
        "sf d279 6321 3772 773b 2dc0",
        f"Payment {ref} thank you",
        "SF-D2796321 3772773B2DC0",
    ):
        assert token_of_reference(written) == TOKEN, written
    for stray in ("", "no order here", "SF-123", "D27963213772773B2DC0"):
        assert token_of_reference(stray) is None, stray


def test_a_refund_transfer_id_fits_sepa_and_names_its_refund():
    assert wire_refund_id(TOKEN, 1) == f"rf-{TOKEN}-1"
    assert len(wire_refund_id(TOKEN, 99_999)) <= 35


def test_a_bank_wire_pays_one_payment_in_euros_and_every_type_keeps_a_method():
    matrix = default_matrix()
    assert matrix_problem(matrix) is None
    assert methods_for(None, "one_time", "eur") == ["card"]
    matrix["one_time"] = ["card", "bank_wire"]
    assert matrix_problem(matrix) is None
    assert methods_for(matrix, "one_time", "eur") == ["card", "bank_wire"]
    assert methods_for(matrix, "one_time", "usd") == ["card"]  # euros only
    assert (
        matrix_problem({**matrix, "subscription": ["bank_wire"]}) == "subscription: bank_wire cannot pay it"
    )
    assert matrix_problem({**matrix, "installment": []}) == "installment: at least one method"
    assert (
        matrix_problem({**matrix, "one_time": ["klarna"]}) == "one_time: klarna cannot pay it"
    )  # not built yet


def test_sepa_and_paypal_pay_one_payment_sepa_in_euros_paypal_in_its_currencies():
    matrix = {**default_matrix(), "one_time": ["card", "sepa", "paypal"]}
    assert matrix_problem(matrix) is None
    assert methods_for(matrix, "one_time", "eur") == ["card", "sepa", "paypal"]
    assert methods_for(matrix, "one_time", "usd") == ["card", "paypal"]  # SEPA is the euro's
    assert methods_for(matrix, "one_time", "ron") == ["card"]  # not a PayPal currency
    for method in ("sepa", "paypal"):
        assert matrix_problem({**matrix, "subscription": [method]}) == f"subscription: {method} cannot pay it"
        assert (
            matrix_problem({**matrix, "installment": ["card", method]})
            == f"installment: {method} cannot pay it"
        )
    assert mandate_reference(TOKEN) == "SF-M-D27963213772773B2DC0"
    assert len(mandate_reference(TOKEN)) <= 35


def test_can_pay_is_one_rule_with_each_methods_own_refusal():
    assert (
        can_pay("card", "subscription", "jpy", deferred=True) is None
    )  # the card pays every plan, later too
    assert can_pay("sepa", "one_time", "eur") is None
    assert can_pay("sepa", "one_time", "usd") == Refusal.sepa_not_for_plan
    assert can_pay("sepa", "one_time", "eur", deferred=True) == Refusal.sepa_not_for_plan  # nothing saved
    assert can_pay("paypal", "installment", "eur") == Refusal.paypal_not_for_plan
    assert can_pay("bank_wire", "limited_subscription") == Refusal.wire_not_for_plan
    assert can_pay("pay_later", "one_time", "EUR") is None  # a currency in any case
    assert can_pay("klarna", "one_time", "eur") == Refusal.method_not_offered  # not built yet
    assert can_pay("nonsense", "one_time") == Refusal.method_not_offered
    assert can_pay("card", "weekly") == Refusal.method_not_for_plan  # no such payment type


def test_the_cabinet_matrix_and_the_checkout_page_follow_can_pay():
    matrix = {t: list(GATEWAYS) for t in ("one_time", "subscription", "limited_subscription", "installment")}
    for t, methods in matrix.items():
        for currency in ("eur", "usd", "ron"):
            offered = methods_for(matrix, t, currency)
            assert offered == [m for m in methods if can_pay(m, t, currency) is None]
    # every gateway answers a refusal of its own when it cannot pay a plan
    assert len({g.not_for_plan for g in GATEWAYS.values() if g.method != "card"}) == len(GATEWAYS) - 1
