"""The admin lists of bank accounts and legitimations, on the generic list engine (store/listing.py)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import ColumnElement, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.errors import invalid
from domain.legitimation.legitimation import (
    BANK_ACCOUNT_GROUPS,
    BankAccountState,
    BankAccountType,
    LegitimationStep,
    ReviewingStatus,
    VerificationLevel,
)
from domain.legitimation.seller_profile import BusinessType
from domain.listing import ListParams
from store.accounts.models import Seller, User
from store.legitimation.models import BankAccount, Legitimation, SellerProfileRow
from store.listing import ListSpec, Query, enum_filter, run_list, values_of


def _group(q: Query, value: Any) -> Query:
    given = values_of(value)
    bad = [v for v in given if v not in BANK_ACCOUNT_GROUPS]
    if bad:
        raise invalid(filters=f"unknown group {', '.join(bad)}")
    states = [s for g in given for s in BANK_ACCOUNT_GROUPS[g]]
    return q.where(BankAccount.state.in_(states))


def _seller_terms(text: str) -> list[ColumnElement[bool]]:
    """A seller found by the start of the username, e-mail, last name or company."""
    t = text.lower()
    return [
        func.lower(User.username).startswith(t, autoescape=True),
        func.lower(User.email).startswith(t, autoescape=True),
        func.lower(SellerProfileRow.last_name).startswith(t, autoescape=True),
        func.lower(SellerProfileRow.company).startswith(t, autoescape=True),
    ]


def _seller_search(q: Query, text: str) -> Query:
    return q.where(or_(*_seller_terms(text)))


def _bank_search(q: Query, text: str) -> Query:
    """A seller, or the start of an IBAN (spaces ignored)."""
    iban = BankAccount.iban.startswith(text.replace(" ", "").upper(), autoescape=True)
    return q.where(or_(*_seller_terms(text), iban))


BANK_ACCOUNT_FILTERS: dict[str, dict[str, Any]] = {
    "state": {"type": "array", "items": {"type": "string", "enum": list(BankAccountState)}},
    "kind": {"type": "array", "items": {"type": "string", "enum": list(BankAccountType)}},
    "group": {"type": "array", "items": {"type": "string", "enum": list(BANK_ACCOUNT_GROUPS)}},
}
BANK_ACCOUNT_LIST = ListSpec(
    sort_columns={"created_at": BankAccount.created_at, "state": BankAccount.state, "id": BankAccount.id},
    default_sort="created_at",
    tiebreak=BankAccount.id,
    filters={
        "state": enum_filter(BankAccount.state, BankAccountState, "state"),
        "kind": enum_filter(BankAccount.kind, BankAccountType, "kind"),
        "group": _group,
    },
    search=_bank_search,
)


def _with_seller(q: Query, seller_id: Any) -> Query:
    """The seller's user (username, e-mail) and profile (names, company) beside each row, for search."""
    return (
        q.join(Seller, Seller.id == seller_id)
        .join(User, User.id == Seller.user_id)
        .outerjoin(SellerProfileRow, SellerProfileRow.seller_id == seller_id)
    )


def _bank_select() -> Query:
    return _with_seller(
        select(
            BankAccount.id,
            BankAccount.seller_id,
            User.username,
            User.email,
            BankAccount.kind,
            BankAccount.holder,
            BankAccount.iban,
            BankAccount.bic,
            BankAccount.state,
            BankAccount.created_at,
        ),
        BankAccount.seller_id,
    )


async def bank_accounts_listed(s: AsyncSession, params: ListParams) -> tuple[list[dict[str, Any]], int]:
    rows, total = await run_list(s, _bank_select(), params, BANK_ACCOUNT_LIST)
    return rows, total


LEGITIMATION_FILTERS: dict[str, dict[str, Any]] = {
    "step": {"type": "array", "items": {"type": "string", "enum": list(LegitimationStep)}},
    "reviewing_status": {"type": "array", "items": {"type": "string", "enum": list(ReviewingStatus)}},
    "verification_level": {"type": "array", "items": {"type": "string", "enum": list(VerificationLevel)}},
    "business_type": {"type": "array", "items": {"type": "string", "enum": list(BusinessType)}},
}
LEGITIMATION_LIST = ListSpec(
    sort_columns={
        "updated_at": Legitimation.updated_at,
        "submitted_at": Legitimation.submitted_at,
        "step": Legitimation.step,
    },
    default_sort="updated_at",
    tiebreak=Legitimation.id,
    filters={
        "step": enum_filter(Legitimation.step, LegitimationStep, "step"),
        "reviewing_status": enum_filter(Legitimation.reviewing_status, ReviewingStatus, "reviewing_status"),
        "verification_level": enum_filter(
            Legitimation.verification_level, VerificationLevel, "verification_level"
        ),
        "business_type": enum_filter(SellerProfileRow.business_type, BusinessType, "business_type"),
    },
    search=_seller_search,
)


def _legitimation_select() -> Query:
    return _with_seller(
        select(
            Legitimation.seller_id,
            User.username,
            User.email,
            SellerProfileRow.business_type,
            SellerProfileRow.first_name,
            SellerProfileRow.last_name,
            SellerProfileRow.company,
            SellerProfileRow.country_code,
            Legitimation.step,
            Legitimation.reviewing_status,
            Legitimation.verification_level,
            Legitimation.account_limit,
            Legitimation.data_mismatch,
            Legitimation.submitted_at,
            Legitimation.updated_at,
        ),
        Legitimation.seller_id,
    )


async def legitimations_listed(s: AsyncSession, params: ListParams) -> tuple[list[dict[str, Any]], int]:
    rows, total = await run_list(s, _legitimation_select(), params, LEGITIMATION_LIST)
    return rows, total
