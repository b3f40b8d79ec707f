"""A sales team member's fee (domain/teams.py): a share of each payment rounded down, booked from the seller to
the member so the entries sum to zero, and given back by refunds in parts that add up to the whole fee."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from domain.ledger.ledger import EntryKind, PayeeType
from domain.teams import SalesTeamCredit, sales_fee, sales_fee_back_entries, sales_fee_entries

CREDIT = SalesTeamCredit(member_id=3, user_id=42, fee_bp=1_250)


def test_the_fee_is_the_members_share_rounded_down():
    assert sales_fee(10_000, 1_250) == 1_250
    assert sales_fee(999, 1_250) == 124  # 124.875
    assert sales_fee(10_000, 0) == 0 and sales_fee(0, 1_250) == 0 and sales_fee(-5, 1_250) == 0


def test_a_payment_books_the_fee_from_the_seller_to_the_member():
    entries = sales_fee_entries("order-x", 7, CREDIT, 8_000, "eur")
    assert [(e.payee_type, e.payee_id, e.kind, e.amount) for e in entries] == [
        (PayeeType.seller, 7, EntryKind.sales_team_fee, -1_000),
        (PayeeType.sales_team_member, 42, EntryKind.sales_team_fee, 1_000),
    ]
    assert len({e.key for e in entries}) == 2
    assert sales_fee_entries("order-x", 7, SalesTeamCredit(3, 42, 0), 8_000, "eur") == []


@given(
    total=st.integers(1, 10**8),
    fee_bp=st.integers(0, 10_000),
    cuts=st.lists(st.integers(1, 10**8), min_size=1, max_size=6),
)
def test_refunds_in_parts_give_back_exactly_the_fee(total: int, fee_bp: int, cuts: list[int]):
    earned = sales_fee(total, fee_bp)
    parts, left = [], total
    for cut in cuts:
        if left <= 0:
            break
        parts.append(min(cut, left))
        left -= parts[-1]
    if left > 0:
        parts.append(left)
    back, before = 0, 0
    for i, amount in enumerate(parts):
        entries = sales_fee_back_entries(f"refund-{i}", 7, 42, earned, total, before, amount, "eur")
        assert sum(e.amount for e in entries) == 0
        back += sum(e.amount for e in entries if e.payee_type == PayeeType.seller)
        before += amount
    assert back == earned
