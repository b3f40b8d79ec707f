"""The payment-method matrix (core §9) and the bank wire's reference: pure rules."""

from __future__ import annotations

from domain.payment_methods import (
    default_matrix,
    mandate_reference,
    matrix_problem,
    methods_for,
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
