"""Bank wire: the seller's payment methods (core §9 matrix) and the transfers the bank reports, each once."""

from __future__ import annotations

from typing import Any

from sqlalchemy import or_, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain.errors import DomainError, ErrorCode, invalid
from domain.listing import AMOUNT_FILTER_MAX, ListParams
from domain.payments.gateways import default_matrix, matrix_problem
from domain.payments.rules import token_of_reference
from store.accounts.models import Seller
from store.listing import (
    ListSpec,
    Query,
    range_filters,
    range_schemas,
    run_list,
    values_of,
    window_filters,
    window_schemas,
)
from store.orders.models import BankIncoming, Order


async def payment_matrix(s: AsyncSession, seller_id: int) -> dict[str, list[str]]:
    stored = (await s.execute(select(Seller.payment_methods).where(Seller.id == seller_id))).scalar()
    return {**default_matrix(), **(stored or {})}


async def payment_matrix_saved(
    s: AsyncSession, seller_id: int, matrix: dict[str, list[str]]
) -> dict[str, list[str]]:
    """The seller's methods per payment type, each type keeping at least one and each method only where it
    can pay (400 otherwise, nothing changed)."""
    full = {**default_matrix(), **{k: list(dict.fromkeys(v)) for k, v in matrix.items()}}
    if problem := matrix_problem(full):
        raise DomainError(ErrorCode.INVALID_INPUT, fields={"matrix": problem})
    seller = (await s.execute(select(Seller).where(Seller.id == seller_id).with_for_update())).scalar_one()
    seller.payment_methods = full
    await s.flush()
    return full


async def incoming_recorded(
    s: AsyncSession,
    event_id: str,
    reference: str,
    amount: int,
    currency: str,
    payer_name: str | None,
    payer_iban: str | None = None,
) -> tuple[Order | None, bool]:
    """The transfer, once per bank event; the order its reference names, or None (then it stays `unmatched` for a
    person to pay back), and whether this notice is new. A notice delivered again changes nothing: its row stays
    as the first delivery and what followed it left it (matched and counted, owed back, or paid back)."""
    token = token_of_reference(reference)
    order = (
        (await s.execute(select(Order).where(Order.token == token))).scalar_one_or_none() if token else None
    )
    new = await s.scalar(
        insert(BankIncoming)
        .values(
            event_id=event_id,
            reference=reference,
            amount=amount,
            currency=currency.lower(),
            payer_name=payer_name,
            payer_iban=payer_iban,
            order_id=order.id if order else None,
            state="received" if order else "unmatched",
            returned_amount=0 if order else amount,  # no order of that reference: all of it goes back
        )
        .on_conflict_do_nothing(index_elements=["event_id"])
        .returning(BankIncoming.id)
    )
    return order, new is not None


async def incoming_unmatched(s: AsyncSession, event_id: str) -> None:
    """The order had lapsed (or was paid) before the transfer arrived: left for a person to pay back."""
    row = (
        await s.execute(select(BankIncoming).where(BankIncoming.event_id == event_id))
    ).scalar_one_or_none()
    if row is not None:
        row.state = "unmatched"
        row.returned_amount = row.amount


async def transfers_returned(s: AsyncSession, returns: dict[str, int]) -> None:
    """The part of each matched transfer that paid nothing, owed back to its payer (set, not added: recorded
    again, the same)."""
    for event_id, amount in returns.items():
        await s.execute(
            update(BankIncoming).where(BankIncoming.event_id == event_id).values(returned_amount=amount)
        )


async def refund_account_of(s: AsyncSession, order_id: int) -> tuple[str, str] | None:
    """The name and account a bank wire's refund goes back to: the payer of its latest transfer."""
    row = (
        await s.execute(
            select(BankIncoming.payer_name, BankIncoming.payer_iban)
            .where(BankIncoming.order_id == order_id, BankIncoming.payer_iban.is_not(None))
            .order_by(BankIncoming.id.desc())
            .limit(1)
        )
    ).first()
    return (row[0] or "", row[1]) if row and row[1] else None


INCOMING_STATES = ("received", "unmatched")
INCOMING_FILTERS: dict[str, dict[str, Any]] = {
    "state": {"type": "array", "items": {"type": "string", "enum": list(INCOMING_STATES)}},
    **window_schemas("created"),
    **range_schemas("amount", AMOUNT_FILTER_MAX),
}


def _incoming_state(q: Query, value: Any) -> Query:
    given = values_of(value)
    bad = [v for v in given if v not in INCOMING_STATES]
    if bad:
        raise invalid(filters=f"unknown state {', '.join(bad)}")
    return q.where(BankIncoming.state.in_(given))


INCOMING_LIST = ListSpec(
    sort_columns={"created_at": BankIncoming.created_at, "amount": BankIncoming.amount},
    default_sort="created_at",
    tiebreak=BankIncoming.id,
    filters={
        "state": _incoming_state,
        **window_filters(BankIncoming.created_at, "created"),
        **range_filters(BankIncoming.amount, "amount", AMOUNT_FILTER_MAX),
    },
    search=lambda q, text: q.where(
        or_(
            BankIncoming.reference.icontains(text, autoescape=True),
            BankIncoming.payer_name.icontains(text, autoescape=True),
            # an order's reference however the payer wrote it, or its token
            Order.token == (token_of_reference(text) or text.strip().lower()),
        )
    ),
)


async def incoming_listed(s: AsyncSession, params: ListParams) -> tuple[list[dict[str, Any]], int]:
    """Every transfer the bank reported (the platform's collection account): matched to an order, or unmatched and
    waiting for a person to pay it back; for the operations view."""
    base = select(
        BankIncoming.id,
        BankIncoming.event_id,
        BankIncoming.reference,
        BankIncoming.amount,
        BankIncoming.currency,
        BankIncoming.payer_name,
        BankIncoming.payer_iban,
        BankIncoming.state,
        BankIncoming.returned_amount,
        BankIncoming.created_at,
        Order.token.label("order_token"),
    ).outerjoin(Order, Order.id == BankIncoming.order_id)
    rows, total = await run_list(s, base, params, INCOMING_LIST)
    return rows, total
