"""Selling through a reseller (core §4 reseller request and selling modes; issue 23).

A seller sells in their own name (`selling_by_ownself`: they are the merchant, their invoices name them and their
VAT status), or through the platform as reseller (`selling_via_reseller`: the platform buys the product from the
seller and sells it to the buyer in its own name, as the merchant of record: the buyer's invoice names the platform
and carries the VAT the platform owes in the buyer's country, so the seller need not register for VAT abroad).
`selling_none` is a seller who may sell in neither way (an account whose selling ended).

A seller asks to sell through the reseller with a request (`waiting`); a manager approves it (the seller's mode
becomes `selling_via_reseller` for the orders bought from then on) or rejects it with a reason; the seller may
cancel it while it waits, and may go back to selling in their own name at any time (orders bought before keep the
way they were sold). One request waits at a time.

    waiting ──approve──▶ approved      waiting ──reject──▶ rejected      waiting ──cancel──▶ canceled
"""

from __future__ import annotations

from enum import StrEnum

REASON_MAX = 500
# the line under the platform's name on an invoice it issues as reseller: whose product it sold
RESELLER_NOTE = "Reseller for {seller}"
MESSAGE_MAX = 1_000


class ResellerRequestState(StrEnum):
    waiting = "waiting"
    approved = "approved"
    rejected = "rejected"
    canceled = "canceled"


class SellingMode(StrEnum):
    selling_none = "selling_none"
    selling_by_ownself = "selling_by_ownself"
    selling_via_reseller = "selling_via_reseller"


# a request is made from these modes (already through the reseller, or not selling at all: 409)
MAY_ASK = frozenset({SellingMode.selling_by_ownself})
# the manager's decision and the seller's cancel apply to a waiting request only
DECIDABLE = frozenset({ResellerRequestState.waiting})
