"""Team members and sales team members (core §2 Team member area, §3 order team fields, §6 roles; issue 23).

A seller invites people by e-mail into one of two capacities:

- a **team member** works in the seller's cabinet for them: the web app rewrites the cabinet's paths to
  `/team_member/sellers/{seller id}/…`, and every cabinet call carries the seller's id in `ACTING_HEADER`. They may
  do what the seller may, except what only the account's owner may (the seller's identity, bank accounts and
  documents, payout settings and cashouts, the account's deletion, the team itself: `api/permissions.py`);
- a **sales team member** sells for the seller: an order bought through their link (`?stm={their user id}` on any
  shop URL) carries them, with their fee fixed when it is bought, and every payment of it books the fee from the
  seller to them, given back by a refund or a chargeback in proportion, like a publisher's commission.

An invitation is `invited` until the person it names (the signed-in user with that e-mail) accepts or declines
it; the seller may remove a member at any time (what they earned stays theirs). Inviting the same address again
after a decline or a removal invites them anew.

    a payment of 100.00 through a sales team member with a fee of 10 %:
        seller  -10.00  sales_team_fee   sales team member  +10.00  sales_team_fee
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from domain.ledger.ledger import Entry, EntryKind, PayeeType, fee_back

# the header that names the seller a team member works for on a cabinet call
ACTING_HEADER = "Sellflow-Seller-Id"
FULL = 10_000  # 100 % in basis points
# the link parameter and cookie of a sales team member's link; the last link followed wins for this many days
SALES_LINK_PARAM = "stm"
SALES_COOKIE_DAYS = 30
TEAM_MAX = 200  # members and invitations of one seller


class TeamRole(StrEnum):
    team_member = "team_member"
    sales_team_member = "sales_team_member"


class TeamState(StrEnum):
    invited = "invited"
    active = "active"
    declined = "declined"
    removed = "removed"


# the states from which an action applies (anything else: 409, nothing changes)
ANSWERABLE = frozenset({TeamState.invited})
REMOVABLE = frozenset({TeamState.invited, TeamState.active})
REINVITABLE = frozenset({TeamState.declined, TeamState.removed})


def sales_fee(amount: int, fee_bp: int) -> int:
    """The fee on a payment of `amount`: its share, rounded down to the minor unit."""
    return amount * fee_bp // FULL if amount > 0 and fee_bp > 0 else 0


@dataclass(frozen=True)
class SalesTeamCredit:
    """The sales team member an order is credited to, fixed when it is bought (a later change of their fee, or
    their removal, never alters what the order's payments earn them)."""

    member_id: int  # the team_members row
    user_id: int  # the payee
    fee_bp: int

    def to_json(self) -> dict[str, Any]:
        return {"member_id": self.member_id, "user_id": self.user_id, "fee_bp": self.fee_bp}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> SalesTeamCredit:
        return cls(int(d["member_id"]), int(d["user_id"]), int(d["fee_bp"]))


def sales_fee_key(ref: str) -> str:
    """The fee's entries of the payment whose entries are keyed under `ref`."""
    return f"{ref}-sales_team"


def sales_fee_entries(
    ref: str, seller_id: int, credit: SalesTeamCredit, amount: int, currency: str
) -> list[Entry]:
    """A payment's sales team fee: from the seller's balance to the member; none when it comes to nothing."""
    fee = sales_fee(amount, credit.fee_bp)
    if fee <= 0:
        return []
    k = sales_fee_key(ref)
    return [
        Entry(PayeeType.seller, seller_id, EntryKind.sales_team_fee, -fee, currency, f"{k}-seller"),
        Entry(
            PayeeType.sales_team_member,
            credit.user_id,
            EntryKind.sales_team_fee,
            fee,
            currency,
            f"{k}-member",
        ),
    ]


def sales_fee_back_entries(
    key: str,
    seller_id: int,
    member_user_id: int,
    earned: int,
    total: int,
    before: int,
    amount: int,
    currency: str,
) -> list[Entry]:
    """Money given back (a refund or a chargeback under `key`) of `amount` after `before`, of payments of `total`:
    the member gives back the same share of the fee they earned on them."""
    back = fee_back(earned, total, before, amount)
    if back <= 0:
        return []
    k = sales_fee_key(key)
    return [
        Entry(PayeeType.seller, seller_id, EntryKind.reversal, back, currency, f"{k}-seller"),
        Entry(
            PayeeType.sales_team_member, member_user_id, EntryKind.reversal, -back, currency, f"{k}-member"
        ),
    ]
