"""Affiliate programs (issue 23; editor §3, core §4): the form's rules, who a purchase is credited to, what each
stage earns on a payment and for how long, and the ledger entries of a commission and of its refund."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from domain.affiliates.affiliates import (
    COOKIES_EXPIRE_DEFAULT,
    DEFAULT_LANDING,
    LIFETIME_DURATION_DEFAULT,
    PLACEHOLDERS,
    Attribution,
    Click,
    Duration,
    NodeState,
    ProgramForm,
    Share,
    attributed,
    commission_back_entries,
    commission_entries,
    earns,
    landing_text,
    node_move_error,
    own_page,
    redirection,
    referrer_chain,
    self_referral,
    shares,
)
from domain.ledger.ledger import EntryKind, PayeeType, balanced

T0 = datetime(2026, 11, 1, 12, tzinfo=UTC)


def test_a_new_program_has_editor_nines_defaults():
    p = ProgramForm(name="Partners")
    assert (p.cookies_expire, p.lifetime_duration, p.commission_bp) == (180, 15, 0)
    assert COOKIES_EXPIRE_DEFAULT == 180 and LIFETIME_DURATION_DEFAULT == 15
    assert p.lifetime == Duration.none and p.provision_from_brutto and p.scope == "all"
    assert all(x in DEFAULT_LANDING for x in PLACEHOLDERS)


@pytest.mark.parametrize(
    "bad",
    [
        {"name": ""},
        {"name": "x" * 101},
        {"name": "P", "commission_bp": 10_001},
        {"name": "P", "commission_bp": -1},
        {"name": "P", "commission_bp": 12.5},
        {"name": "P", "commission_bp": "1000"},
        {"name": "P", "commission_bp": True},
        {"name": "P", "cookies_expire": 0},
        {"name": "P", "scope": "products"},  # names no product
        {"name": "P", "product_ids": [1]},  # all products, yet names one
        {"name": "P", "scope": "products", "product_ids": [1, 1]},
        {"name": "P", "form": "multiple"},  # no stages
        {"name": "P", "form": "multiple", "product_commissions": [{"product_id": 1, "stages": []}]},
        {
            "name": "P",
            "form": "multiple",
            "product_commissions": [{"product_id": 1, "stages": [{"rate_bp": 100}] * 6}],
        },
        {
            "name": "P",
            "form": "multiple",
            "product_commissions": [{"product_id": 1, "stages": [{"rate_bp": 6000}] * 2}],
        },
        {
            "name": "P",
            "form": "multiple",
            "product_commissions": [{"product_id": 1, "stages": [{"rate_bp": 10}]}] * 2,
        },
        {
            "name": "P",
            "scope": "products",
            "product_ids": [2],
            "form": "multiple",
            "product_commissions": [{"product_id": 1, "stages": [{"rate_bp": 10}]}],
        },
        {"name": "P", "product_commissions": [{"product_id": 1, "stages": [{"rate_bp": 10}]}]},  # single
        {"name": "P", "redirection_url": "javascript:alert(1)"},
        {"name": "P", "other": 1},
    ],
)
def test_a_program_that_does_not_fit_is_refused(bad):
    with pytest.raises(ValidationError):
        ProgramForm.model_validate(bad)


def test_stages_by_product_and_scope():
    single = ProgramForm(name="P", commission_bp=2500, scope="products", product_ids=[1, 2])
    assert single.stages_for(1) == [2500] and single.stages_for(3) == []
    multi = ProgramForm.model_validate(
        {
            "name": "M",
            "form": "multiple",
            "product_commissions": [{"product_id": 1, "stages": [{"rate_bp": 2000}, {"rate_bp": 500}]}],
        }
    )
    assert multi.stages_for(1) == [2000, 500] and multi.stages_for(2) == []


def test_node_states_move_as_core_four_says():
    assert node_move_error(NodeState.requested, NodeState.accepted) is None
    assert node_move_error(NodeState.accepted, NodeState.canceled) is None
    assert node_move_error(NodeState.rejected, NodeState.requested) is None  # may ask again
    assert node_move_error(NodeState.accepted, NodeState.rejected)
    assert node_move_error(NodeState.canceled, NodeState.accepted)


def test_the_last_click_within_its_cookie_wins():
    a, b, old = Click(1, 10, T0), Click(2, 10, T0 + timedelta(days=3)), Click(3, 11, T0 - timedelta(days=40))
    days = {10: 30, 11: 30}
    assert attributed([a, b, old], T0 + timedelta(days=5), days) == b
    assert attributed([a, b], T0 + timedelta(days=2), days) == a  # b came after the purchase
    assert attributed([a], T0 + timedelta(days=30), days) is None  # the cookie has run out
    assert attributed([old], T0, days) is None
    assert attributed([a], T0, {}) is None  # a program that is gone


def test_a_self_referral_earns_nothing():
    assert self_referral("Pub@Example.com ", "pub@example.com", 5, 9)
    assert self_referral("pub@example.com", "buyer@example.com", 9, 9)  # the seller's own link
    assert not self_referral("pub@example.com", "buyer@example.com", 5, 9)


def test_how_long_a_commission_lasts():
    later = T0 + timedelta(days=20)
    assert earns(Duration.none, 15, T0, T0, 1)
    assert not earns(Duration.none, 15, T0, later, 2)
    assert earns(Duration.lifetime, 15, T0, T0 + timedelta(days=900), 30)
    assert earns(Duration.fixed, 15, T0, T0 + timedelta(days=14), 2)
    assert not earns(Duration.fixed, 15, T0, later, 3)


def test_each_stage_earns_its_share_of_the_payment():
    assert shares(10_000, [2000, 500], [7, 8]) == [Share(1, 7, 2000), Share(2, 8, 500)]
    assert shares(10_000, [2000, 500], [7]) == [Share(1, 7, 2000)]  # no second publisher up the chain
    assert shares(999, [3333], [7]) == [Share(1, 7, 332)]  # rounded down
    assert shares(10_000, [0, 500], [7, 8]) == [Share(2, 8, 500)]
    assert shares(10_000, [1000], [7], bonus=500) == [Share(1, 7, 1500)]
    assert shares(100, [1000], [7], bonus=500) == [Share(1, 7, 100)]  # never more than the payment
    assert shares(0, [1000], [7]) == []


@given(
    st.integers(min_value=0, max_value=10**9),
    st.lists(st.integers(min_value=0, max_value=2000), min_size=1, max_size=5),
    st.integers(min_value=0, max_value=10**6),
)
def test_shares_never_exceed_the_payment_and_are_positive(basis, rates, bonus):
    paid = shares(basis, rates, [1, 2, 3, 4, 5], bonus=bonus)
    assert sum(s.amount for s in paid) <= basis
    assert all(s.amount > 0 for s in paid)


def test_a_commission_moves_money_from_the_seller_to_each_publisher_and_a_refund_gives_it_back():
    paid = shares(10_000, [2000, 500], [7, 8])
    booked = commission_entries("tok", 3, paid, "eur")
    assert balanced(booked)
    assert {(e.payee_type, e.payee_id, e.amount) for e in booked} == {
        (PayeeType.seller, 3, -2000),
        (PayeeType.publisher, 7, 2000),
        (PayeeType.seller, 3, -500),
        (PayeeType.publisher, 8, 500),
    }
    assert all(e.kind == EntryKind.commission for e in booked)
    assert len({e.key for e in booked}) == 4  # one key each: booked twice, stored once
    assert {e.key for e in booked} == {e.key for e in commission_entries("tok", 3, paid, "eur")}
    assert not {e.key for e in booked} & {e.key for e in commission_entries("tok-rate-2", 3, paid, "eur")}

    earned = {sh.publisher_id: sh.amount for sh in paid}
    back = commission_back_entries("refund-1", 3, earned, 10_000, 0, 4_000, "eur")
    assert balanced(back)
    assert {(e.payee_id, e.amount) for e in back if e.payee_type == PayeeType.publisher} == {
        (7, -800),
        (8, -200),
    }


@given(
    st.integers(min_value=1, max_value=10**7), st.lists(st.integers(min_value=1, max_value=10**6), max_size=6)
)
def test_refunds_adding_up_to_the_payment_give_back_each_commission_exactly(total, cuts):
    paid = shares(total, [2500, 700], [7, 8])
    before, returned = 0, {7: 0, 8: 0}
    parts = [c for c in cuts if c > 0]
    for n, part in enumerate([*parts, total], start=1):
        amount = min(part, total - before)
        if amount <= 0:
            break
        earned_by = {sh.publisher_id: sh.amount for sh in paid}
        for e in commission_back_entries(f"r{n}", 3, earned_by, total, before, amount, "eur"):
            if e.payee_type == PayeeType.publisher:
                returned[e.payee_id] -= e.amount
        before += amount
    assert before == total
    earned = {s.publisher_id: s.amount for s in paid}
    assert returned == {7: earned.get(7, 0), 8: earned.get(8, 0)}


def test_the_landing_page_fills_its_placeholders():
    text = landing_text(DEFAULT_LANDING, program="Bakers", commission="20 %", cookies=180, buttons="[Join]")
    assert "Bakers" in text and "20 %" in text and "180 days" in text and "[Join]" in text and "{" not in text


def test_an_order_keeps_the_terms_it_was_bought_with_and_earns_while_they_last():
    a = Attribution(
        program_id=1,
        click_id=9,
        chain=(7, 8),
        rates_bp=(2000, 500),
        from_gross=False,
        duration=Duration.fixed,
        days=15,
        bonus=300,
        vat_rate_bp=1900,
    )
    assert Attribution.from_json(a.to_json()) == a
    assert a.basis(11_900) == 10_000  # net of the buyer's 19 % VAT
    first = a.owed(11_900, 1, T0, T0)
    assert [(sh.publisher_id, sh.amount) for sh in first] == [(7, 2_300), (8, 500)]  # the bonus once
    again = a.owed(11_900, 2, T0, T0 + timedelta(days=14))
    assert [(sh.publisher_id, sh.amount) for sh in again] == [(7, 2_000), (8, 500)]
    assert a.owed(11_900, 3, T0, T0 + timedelta(days=15)) == []  # the fixed days are over
    gross = replace(a, from_gross=True, duration=Duration.lifetime)
    assert gross.owed(11_900, 40, T0, T0 + timedelta(days=900))[0].amount == 2_380


def test_the_stages_follow_who_brought_whom_and_a_loop_ends_the_chain():
    up = {1: 2, 2: 3, 3: None, 4: 5, 5: 4}
    assert referrer_chain(1, up, 5) == [1, 2, 3]
    assert referrer_chain(1, up, 2) == [1, 2]
    assert referrer_chain(4, up, 5) == [4, 5]
    assert referrer_chain(9, up, 5) == [9]


def test_a_stage_left_out_pays_nobody_and_the_others_keep_theirs():
    paid = shares(10_000, [2000, 500, 300], [7, 0, 9])
    assert [(sh.stage, sh.publisher_id, sh.amount) for sh in paid] == [(1, 7, 2000), (3, 9, 300)]


def test_a_redirection_lands_on_the_web_or_the_platforms_host_with_the_forwarded_parameters():
    params = [("epid", "7"), ("utm_source", "blog"), ("q", "a b")]
    assert redirection("https://x.io/p", True, params) == "https://x.io/p?utm_source=blog&q=a+b"
    assert (
        redirection("https://x.io/p?k=1#top", True, params) == "https://x.io/p?k=1&utm_source=blog&q=a+b#top"
    )
    assert redirection("/s/shop/rye", False, params) == "/s/shop/rye"
    assert redirection("https://x.io/p", True, [("epid", "7")]) == "https://x.io/p"
    for nowhere in (None, "", "//evil.example", "mailto:a@b.c", "#top", "javascript:alert(1)"):
        assert redirection(nowhere, True, params) is None


def test_a_publishers_chosen_page_stays_in_the_shop():
    assert own_page("bakery", "/s/bakery/rye?x=1") == "/s/bakery/rye?x=1"
    for elsewhere in (
        "/s/other/rye",
        "https://evil.example",
        "/s/bakery//evil.example",
        "/s/bakery/a b",
        "/s/bakery\\\\x",
        "",
    ):
        assert own_page("bakery", elsewhere) is None, elsewhere
