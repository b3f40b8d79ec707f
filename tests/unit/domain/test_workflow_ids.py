"""Workflow ids are business keys: the same business object always names the same workflow."""

from __future__ import annotations

from domain import workflow_ids as ids


def test_ids_are_built_from_business_keys():
    assert ids.checkout_id("abc123") == "checkout-abc123"
    assert ids.mail_id("order-abc123-payer-confirmation") == "mail-order-abc123-payer-confirmation"
    assert ids.subscription_id("abc123") == "subscription-abc123"
    assert ids.claim_id("abc123", 3) == "claim-abc123-3"
    assert ids.payout_id("seller", 7) == "payout-seller-7"
    assert ids.legitimation_id(7) == "legitimation-7"
    assert ids.account_deletion_id(7) == "account-deletion-7"
    assert ids.domain_id(9) == "domain-9"
    assert ids.refund_id("abc123", 2) == "refund-abc123-2"
    assert ids.export_id(7, "2026-11") == "export-7-2026-11"


def test_different_objects_never_share_an_id():
    assert ids.claim_id("abc", 12) != ids.claim_id("abc1", 2)
    assert ids.refund_id("abc", 12) != ids.refund_id("abc1", 2)
