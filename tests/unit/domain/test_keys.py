"""The keys rows and provider objects already carry: a key's format never changes (a retried step must reach the row
or provider object its first attempt made, also across a deploy), and what is parsed is what is built."""

from __future__ import annotations

import pytest

from domain import keys


@pytest.mark.parametrize(
    "built,expected",
    [
        (keys.order_key("tok"), "order-tok"),
        (keys.rate_key("tok", 2), "order-tok-rate-2"),
        (keys.rate_key("tok", 2, 3), "order-tok-rate-2-3"),
        (keys.booking_key("tok", 1), "order-tok"),
        (keys.booking_key("tok", 4), "order-tok-rate-4"),
        (keys.payment_intent_key("tok", 1), "order-tok-pi-1"),
        (keys.payment_intent_key("tok", 2, "confirm"), "order-tok-pi-2-confirm"),
        (keys.payment_intent_key("tok", 2, "cancel"), "order-tok-pi-2-cancel"),
        (keys.card_attach_key("tok", 1), "order-tok-pm-1-attach"),
        (keys.setup_intent_key("tok"), "order-tok-setup"),
        (keys.setup_intent_key("tok", 3), "order-tok-setup-3"),
        (keys.customer_key("Anna@Example.com"), "customer-anna@example.com"),
        (keys.order_event_key("tok", "paid"), "order-tok-paid"),
        (keys.order_event_key("tok", "sale"), "order-tok-sale"),
        (keys.payment_pending_key("tok", "pi_1"), "order-tok-pi_1-pending"),
        (keys.attempt_denied_key("tok", 2), "order-tok-attempt-2-denied"),
        (keys.rate_denied_key("tok", 3, 2), "order-tok-rate-3-2-denied"),
        (keys.rate_paid_mail_key("tok", 3), "order-tok-rate-3-paid"),
        (keys.card_expiry_mail_key("tok", "2027-01"), "order-tok-card-2027-01-expiry"),
        (keys.refund_key("tok", 2), "order-tok-refund-2"),
        (keys.chargeback_key("tok", "dp_1"), "order-tok-chargeback-dp_1"),
        (keys.chargeback_request_id("dp_1"), "chargeback-dp_1"),
        (keys.claim_reminder_key("tok", 2, "first"), "claim-tok-2-first"),
        (keys.kyc_reference(7, 2), "legitimation-7-2"),
        (keys.legitimation_mail_key(7, "legitimated", "round-2"), "legitimation-7-legitimated-round-2"),
        (keys.legitimation_round_key(2), "round-2"),
        (keys.account_closing_mail_key(7, 1, "requested"), "account-deletion-7-1-requested"),
        (keys.user_mail_key(7, "reset", "abcdefghijkl"), "user-7-reset-abcdefgh"),
        (keys.payout_end_to_end_id("seller", 7, 3), "payout-seller-7-3"),
        (keys.payout_returned_mail_key("payout-seller-7-3"), "payout-seller-7-3-returned"),
        (keys.agency_payment_key("tok", 2, "ev1"), "tok-rate-2-inkasso-ev1"),
    ],
)
def test_a_keys_format_never_changes(built: str, expected: str):
    assert built == expected


def test_what_is_parsed_is_what_is_built():
    assert keys.seller_of_kyc_reference(keys.kyc_reference(42, 3)) == 42
    assert keys.payee_of_end_to_end_id(keys.payout_end_to_end_id("seller", 42, 3)) == ("seller", 42)
    assert keys.payee_of_end_to_end_id(keys.payout_end_to_end_id("publisher", 7, 1)) == ("publisher", 7)
    for junk in ("", "legitimation-x-1", "payout-seller-1", "payout-platform-1-1", "legitimation-1-1-1"):
        assert keys.seller_of_kyc_reference(junk) is None
        assert keys.payee_of_end_to_end_id(junk) is None
