"""The ledger: every movement of money is an append-only entry for a payee, with an idempotency key built from
what caused it. Balances are sums of entries, never a stored number. The entries of one payment sum to zero
across payees: the money the payment provider holds for Sellflow (`clearing`) is the counterpart of what the
seller and the platform are owed.

    a paid order of 100.00 with a 4.9 % fee:
        clearing  -100.00  sale          seller    +100.00  sale
        seller      -4.90  platform_fee  platform    +4.90  platform_fee
    a refund of 40.00 of it: the same, reversed in proportion (the fee on the refunded part is given back)
        clearing   +40.00  refund        seller     -40.00  refund
        seller      +1.96  reversal      platform    -1.96  reversal
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from domain.keys import chargeback_key, order_key, refund_key


class PayeeType(StrEnum):
    seller = "seller"
    publisher = "publisher"
    team_member = "team_member"
    sales_team_member = "sales_team_member"
    platform = "platform"
    clearing = "clearing"  # what the payment provider holds for Sellflow


class EntryKind(StrEnum):
    sale = "sale"
    platform_fee = "platform_fee"
    refund = "refund"
    chargeback = "chargeback"
    chargeback_fee = "chargeback_fee"
    payout = "payout"
    cashout = "cashout"
    reversal = "reversal"
    commission = "commission"  # a publisher's share of a referred payment (domain/affiliates/affiliates.py)
    sales_team_fee = "sales_team_fee"  # a sales team member's fee on an order they sold (domain/teams.py)


class PlanPurpose(StrEnum):
    """core §4 plan purposes of the seller's platform plan."""

    special = "special"
    trial = "trial"
    public = "public"
    on_hold = "on_hold"
    deletion_planned = "deletion_planned"
    deletion_requested = "deletion_requested"


class PlatformInvoiceState(StrEnum):
    """core §4 monthly invoice states: the platform's invoice to the seller for a month's fees."""

    unpaid = "unpaid"
    paid = "paid"
    on_hold = "on_hold"
    payment_pending = "payment_pending"
    refund = "refund"
    chargeback = "chargeback"
    issued = "issued"
    canceled = "canceled"


class BillingCycle(StrEnum):
    monthly = "monthly"
    quarterly = "quarterly"
    annually = "annually"


@dataclass(frozen=True)
class FeeRate:
    """A platform plan's fee on each sale: basis points of the amount plus a fixed part in minor units."""

    basis_points: int
    fixed: int = 0


class RefundState(StrEnum):
    requested = "requested"  # its amount is reserved; the provider has not confirmed it yet
    succeeded = "succeeded"
    failed = "failed"


# The plan every seller is on unless a manager chose another (docs/DECISIONS.md).
DEFAULT_PLAN = "Standard"
DEFAULT_FEE = FeeRate(basis_points=490)

# Platform and clearing entries have no payee row: id 0.
NO_PAYEE = 0


@dataclass(frozen=True)
class Entry:
    payee_type: PayeeType
    payee_id: int
    kind: EntryKind
    amount: int  # signed minor units
    currency: str
    key: str  # unique: the idempotency key of this entry


def platform_fee(total: int, rate: FeeRate) -> int:
    """Rounded half up to the minor unit, never more than the total."""
    if total <= 0:
        return 0
    return min(total, (total * rate.basis_points + 5_000) // 10_000 + rate.fixed)


def sale_entries(order_token: str, seller_id: int, total: int, fee: int, currency: str) -> list[Entry]:
    k = order_key(order_token)
    s, c, p = PayeeType.seller, PayeeType.clearing, PayeeType.platform
    entries = [
        Entry(c, NO_PAYEE, EntryKind.sale, -total, currency, f"{k}-sale-clearing"),
        Entry(s, seller_id, EntryKind.sale, total, currency, f"{k}-sale-seller"),
    ]
    if fee:
        entries += [
            Entry(s, seller_id, EntryKind.platform_fee, -fee, currency, f"{k}-fee-seller"),
            Entry(p, NO_PAYEE, EntryKind.platform_fee, fee, currency, f"{k}-fee-platform"),
        ]
    return entries


def fee_share(fee: int, total: int, part: int) -> int:
    """The fee on `part` of `total`, rounded half up (a full refund gives back the whole fee)."""
    if total <= 0 or part <= 0:
        return 0
    if part >= total:
        return fee
    return (fee * part * 2 + total) // (2 * total)


def fee_back(fee: int, total: int, refunded_before: int, amount: int) -> int:
    """The fee given back with a refund of `amount` after `refunded_before`: the cumulative share minus what was
    given back already, so partial refunds that add up to the total give back exactly the whole fee."""
    return fee_share(fee, total, refunded_before + amount) - fee_share(fee, total, refunded_before)


def refund_entries(
    order_token: str, refund_no: int, seller_id: int, amount: int, fee_back: int, currency: str
) -> list[Entry]:
    k = refund_key(order_token, refund_no)
    s, c, p = PayeeType.seller, PayeeType.clearing, PayeeType.platform
    entries = [
        Entry(c, NO_PAYEE, EntryKind.refund, amount, currency, f"{k}-clearing"),
        Entry(s, seller_id, EntryKind.refund, -amount, currency, f"{k}-seller"),
    ]
    if fee_back:
        entries += [
            Entry(s, seller_id, EntryKind.reversal, fee_back, currency, f"{k}-fee-seller"),
            Entry(p, NO_PAYEE, EntryKind.reversal, -fee_back, currency, f"{k}-fee-platform"),
        ]
    return entries


def balanced(entries: list[Entry]) -> bool:
    """Every currency's entries sum to zero."""
    sums: dict[str, int] = {}
    for e in entries:
        sums[e.currency] = sums.get(e.currency, 0) + e.amount
    return all(v == 0 for v in sums.values())


# The provider's fee for a dispute (Stripe: 15.00 in the account's currency), borne by the seller.
DISPUTE_FEE = 1500


def chargeback_entries(
    order_token: str,
    dispute: str,
    seller_id: int,
    amount: int,
    dispute_fee: int,
    fee_back: int,
    currency: str,
) -> list[Entry]:
    """A lost payment: the buyer's bank takes `amount` back and the provider its fee, both borne by the seller; the
    platform fee on the amount is given back as on a refund."""
    k = chargeback_key(order_token, dispute)
    s, c, p = PayeeType.seller, PayeeType.clearing, PayeeType.platform
    entries = [
        Entry(c, NO_PAYEE, EntryKind.chargeback, amount, currency, f"{k}-clearing"),
        Entry(s, seller_id, EntryKind.chargeback, -amount, currency, f"{k}-seller"),
    ]
    if dispute_fee:  # one fee per dispute: none on the bumps its charge paid besides the order
        entries += [
            Entry(c, NO_PAYEE, EntryKind.chargeback_fee, dispute_fee, currency, f"{k}-fee-clearing"),
            Entry(s, seller_id, EntryKind.chargeback_fee, -dispute_fee, currency, f"{k}-fee-seller"),
        ]
    if fee_back:
        entries += [
            Entry(s, seller_id, EntryKind.reversal, fee_back, currency, f"{k}-platform-fee-seller"),
            Entry(p, NO_PAYEE, EntryKind.reversal, -fee_back, currency, f"{k}-platform-fee-platform"),
        ]
    return entries


def dispute_won_entries(
    order_token: str, dispute: str, seller_id: int, amount: int, fee_again: int, currency: str
) -> list[Entry]:
    """A dispute won: the amount comes back to the seller and the platform takes its fee on it again; the
    provider keeps its dispute fee."""
    k = f"{chargeback_key(order_token, dispute)}-won"
    s, c, p = PayeeType.seller, PayeeType.clearing, PayeeType.platform
    entries = [
        Entry(c, NO_PAYEE, EntryKind.reversal, -amount, currency, f"{k}-clearing"),
        Entry(s, seller_id, EntryKind.reversal, amount, currency, f"{k}-seller"),
    ]
    if fee_again:
        entries += [
            Entry(s, seller_id, EntryKind.platform_fee, -fee_again, currency, f"{k}-fee-seller"),
            Entry(p, NO_PAYEE, EntryKind.platform_fee, fee_again, currency, f"{k}-fee-platform"),
        ]
    return entries
