"""Workflow ids are business keys: the same business object always names the same workflow."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

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


TOKENS = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789_", min_size=1, max_size=40)  # order tokens
IDS = st.integers(min_value=1, max_value=10**12)
PERIODS = st.from_regex(r"\A[0-9]{4}-(?:[0-9]{2}|Q[1-4])\Z")
# Every workflow id with its business key; two different keys must never name the same workflow.
KEYED_IDS = st.one_of(
    st.tuples(st.just("checkout"), TOKENS).map(lambda k: (k, ids.checkout_id(k[1]))),
    st.tuples(st.just("subscription"), TOKENS).map(lambda k: (k, ids.subscription_id(k[1]))),
    st.tuples(st.just("claim"), TOKENS, IDS).map(lambda k: (k, ids.claim_id(k[1], k[2]))),
    st.tuples(
        st.just("payout"), st.sampled_from(["seller", "publisher", "team_member", "sales_team_member"]), IDS
    ).map(lambda k: (k, ids.payout_id(k[1], k[2]))),
    st.tuples(st.just("legitimation"), IDS).map(lambda k: (k, ids.legitimation_id(k[1]))),
    st.tuples(st.just("account-deletion"), IDS).map(lambda k: (k, ids.account_deletion_id(k[1]))),
    st.tuples(st.just("domain"), IDS).map(lambda k: (k, ids.domain_id(k[1]))),
    st.tuples(st.just("refund"), TOKENS, IDS).map(lambda k: (k, ids.refund_id(k[1], k[2]))),
    st.tuples(st.just("export"), IDS, PERIODS).map(lambda k: (k, ids.export_id(k[1], k[2]))),
)


@given(KEYED_IDS, KEYED_IDS)
def test_two_business_keys_never_share_a_workflow_id(a, b):
    (key_a, id_a), (key_b, id_b) = a, b
    assert (id_a == id_b) == (key_a == key_b)
