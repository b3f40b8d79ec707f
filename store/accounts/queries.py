"""Account reads: users by email or username, profile types, the seller profile."""

from __future__ import annotations

from typing import Any

from sqlalchemy import bindparam, func, select
from sqlalchemy.dialects.postgresql.psycopg import dialect as psycopg_dialect
from sqlalchemy.ext.asyncio import AsyncSession

from domain.accounts.accounts import ProfileType, normalised_email
from store.accounts.models import Profile, Seller, User


async def user_by_email(s: AsyncSession, email: str) -> User | None:
    return (await s.execute(select(User).where(User.email == normalised_email(email)))).scalar_one_or_none()


async def user_by_username(s: AsyncSession, username: str) -> User | None:
    return (
        await s.execute(select(User).where(func.lower(User.username) == username.strip().lower()))
    ).scalar_one_or_none()


async def profile_types(s: AsyncSession, user_id: int) -> list[ProfileType]:
    return list(
        (
            await s.execute(select(Profile.type).where(Profile.user_id == user_id).order_by(Profile.id))
        ).scalars()
    )


# built once: every signed-in seller's request asks it, and a statement made anew per call costs its construction
# and its cache key each time (about a tenth of a millisecond)
_SELLER_OF = select(Seller).where(Seller.user_id == bindparam("user_id"))


# a seller's row as the driver reads it, every column, by user: api/lean.py checks with it that a seller it knows
# is still, column for column, the one in the database
SELLER_ROW_SQL = str(
    select(Seller.__table__)
    .where(Seller.__table__.c.user_id == bindparam("user_id"))
    .compile(dialect=psycopg_dialect())
)


async def seller_rows(s: AsyncSession, user_id: int) -> list[tuple[Any, ...]]:
    """The rows `SELLER_ROW_SQL` answers (one, or none), as the driver reads them."""
    raw = (await (await s.connection()).get_raw_connection()).driver_connection
    assert raw is not None
    async with raw.cursor() as cur:
        await cur.execute(SELLER_ROW_SQL, {"user_id": user_id})
        return await cur.fetchall()


async def seller_of(s: AsyncSession, user_id: int) -> Seller | None:
    return (await s.execute(_SELLER_OF, {"user_id": user_id})).scalar_one_or_none()


async def seller_user_of(s: AsyncSession, seller_id: int) -> User | None:
    """The user behind a seller profile."""
    return (
        await s.execute(select(User).join(Seller, Seller.user_id == User.id).where(Seller.id == seller_id))
    ).scalar_one_or_none()


def display_name(user: User | None) -> str:
    """How a shop names its seller: first and last name, as far as given."""
    return " ".join(x for x in (user.first_name, user.last_name) if x) if user else ""


async def seller_with_user(s: AsyncSession, seller_id: int) -> tuple[Seller, User] | None:
    row = (
        await s.execute(
            select(Seller, User).join(User, User.id == Seller.user_id).where(Seller.id == seller_id)
        )
    ).first()
    return (row[0], row[1]) if row is not None else None
