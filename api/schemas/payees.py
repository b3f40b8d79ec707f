"""What every payee (a publisher, a sales-team member) sees of their money: the orders that earned it and every
movement of it."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel

from domain.ledger.ledger import EntryKind


class EarnedOrder(BaseModel):
    """An order that earned the payee money (no buyer's details)."""

    id: int
    created_at: datetime
    product: str
    shop: str
    payment_state: str
    total: int
    paid: int
    currency: str
    earned: int


class EarningOut(BaseModel):
    at: datetime
    kind: EntryKind
    amount: int
    currency: str
    product: str
    shop: str


class EarningList(BaseModel):
    list: list[EarningOut]
    total_count: int
