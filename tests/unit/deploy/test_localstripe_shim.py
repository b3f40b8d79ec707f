"""The local Stripe.js shim behaves as Stripe's card element where the checkout relies on it."""

from __future__ import annotations

from deploy.localstripe_server import EXP_YEAR_JS, _shim


def test_the_card_element_takes_a_four_digit_expiry_year():
    shim = _shim()
    assert EXP_YEAR_JS in shim and "exp_year: '20' + this._inputs.exp_year.value," not in shim


def test_the_card_element_creates_payment_methods():
    assert "createPaymentMethod: async (data)" in _shim()
