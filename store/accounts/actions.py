"""Accounts: users, profile types, mailed one-time tokens and refresh tokens."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain.accounts.accounts import ProfileType, normalised_email
from domain.errors import DomainError, ErrorCode
from store.accounts.models import AuthToken, Profile, RefreshToken, Seller, User
from store.accounts.passwords import hash_password
from store.accounts.queries import user_by_email, user_by_username

TOKEN_TTL = {
    "confirmation": timedelta(days=3),
    "reset_password": timedelta(hours=6),
    "magic_link": timedelta(minutes=30),
    "change_email": timedelta(days=1),
}


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


async def profile_added(s: AsyncSession, user: User, ptype: ProfileType) -> None:
    await s.execute(
        insert(Profile)
        .values(user_id=user.id, type=ptype, created_at=datetime.now(UTC), updated_at=datetime.now(UTC))
        .on_conflict_do_nothing()
    )
    if ptype == ProfileType.seller:  # registration is not done until the profile is complete
        await payment_account_opened(s, user)


async def payment_account_opened(s: AsyncSession, user: User) -> Seller:
    """A payee's payment account (a publisher's, a team member's): the seller row their legitimation and bank
    account are kept in, without the seller profile (they sell nothing); once."""
    await s.execute(
        insert(Seller)
        .values(
            user_id=user.id,
            registration_done=False,
            payment_account_done=False,
            verification_required=True,
            power_seller=False,
            invoice_seq=0,
            created_at=datetime.now(UTC),
            updated_at=datetime.now(UTC),
        )
        .on_conflict_do_nothing()
    )
    return (await s.execute(select(Seller).where(Seller.user_id == user.id))).scalar_one()


def registration_recorded(seller: Seller, profile_complete: bool) -> None:
    """The one writer of `registration_done`: a seller's registration is done while the seller profile has every
    field its business type requires (core §6 canSell; docs/DECISIONS.md). The profile route calls it on every
    save, the demo seed on its seller."""
    seller.registration_done = profile_complete


async def user_created(
    s: AsyncSession,
    *,
    email: str,
    password: str,
    username: str | None,
    first_name: str | None,
    last_name: str | None,
    locale: str,
    profile_type: ProfileType,
    confirmed: bool = False,
) -> User:
    if await user_by_email(s, email):
        raise DomainError(ErrorCode.CONFLICT, "This email is already registered.", {"email": "exists"})
    if username and await user_by_username(s, username):
        raise DomainError(ErrorCode.CONFLICT, "This username is taken.", {"username": "exists"})
    user = User(
        email=normalised_email(email),
        password_hash=hash_password(password),
        username=username,
        first_name=first_name,
        last_name=last_name,
        locale=locale,
        confirmed_at=datetime.now(UTC) if confirmed else None,
    )
    s.add(user)
    await s.flush()
    await profile_added(s, user, profile_type)
    return user


async def auth_token_issued(s: AsyncSession, user: User, kind: str, new_email: str | None = None) -> str:
    token = secrets.token_urlsafe(32)
    s.add(
        AuthToken(
            user_id=user.id,
            kind=kind,
            token_hash=digest(token),
            expires_at=datetime.now(UTC) + TOKEN_TTL[kind],
            new_email=new_email,
        )
    )
    await s.flush()
    return token


async def auth_token_used(s: AsyncSession, token: str, kind: str) -> User:
    """Spend a mailed token once. Unknown, used, expired or wrong-kind tokens all answer the same."""
    return (await auth_token_spent(s, token, kind))[0]


async def auth_token_spent(s: AsyncSession, token: str, kind: str) -> tuple[User, AuthToken]:
    """`auth_token_used`, with the token's row (what a change of address confirms)."""
    row = (
        await s.execute(
            select(AuthToken).where(AuthToken.token_hash == digest(token or "")).with_for_update()
        )
    ).scalar_one_or_none()
    if row is None or row.kind != kind or row.used_at is not None or row.expires_at < datetime.now(UTC):
        raise DomainError(
            ErrorCode.INVALID_INPUT, "This link is invalid or has expired.", {"token": "invalid"}
        )
    row.used_at = datetime.now(UTC)
    user = await s.get(User, row.user_id)
    assert user is not None
    return user, row


async def sessions_revoked(s: AsyncSession, user_id: int) -> None:
    """Every refresh token of the user revoked: each browser signed in must sign in again."""
    await s.execute(
        update(RefreshToken)
        .where(RefreshToken.user_id == user_id, RefreshToken.revoked_at.is_(None))
        .values(revoked_at=datetime.now(UTC))
    )


async def refresh_token_issued(
    s: AsyncSession, user_id: int, fingerprint: str, ttl_s: int, family: str | None = None
) -> tuple[str, datetime]:
    """A new refresh token: of a new family at sign-in, of the spent token's family on renewal."""
    token = secrets.token_urlsafe(32)
    expires = datetime.now(UTC) + timedelta(seconds=ttl_s)
    s.add(
        RefreshToken(
            user_id=user_id,
            token_hash=digest(token),
            fingerprint=fingerprint,
            family=family or secrets.token_hex(16),
            expires_at=expires,
        )
    )
    await s.flush()
    return token, expires


@dataclass(frozen=True)
class SpentToken:
    user_id: int
    family: str
    reused: bool = False  # an already-rotated token was presented: its whole family is now revoked


async def refresh_token_spent(s: AsyncSession, token: str | None, fingerprint: str | None) -> SpentToken:
    """Validate and revoke a refresh token (rotation), or raise a token error. A token that was already rotated
    is a replay (OAuth 2.0 Security BCP §4.14): every token of its family is revoked, so a stolen token dies
    with its first reuse whoever used it first; the answer says `reused` and the caller refuses it."""
    if not token:
        raise DomainError(ErrorCode.missing_refresh_token)
    row = (
        await s.execute(
            select(RefreshToken).where(RefreshToken.token_hash == digest(token)).with_for_update()
        )
    ).scalar_one_or_none()
    if row is None or not fingerprint or row.fingerprint != fingerprint:
        raise DomainError(ErrorCode.invalid_refresh_token)
    if row.revoked_at is not None:
        await s.execute(
            update(RefreshToken)
            .where(RefreshToken.family == row.family, RefreshToken.revoked_at.is_(None))
            .values(revoked_at=datetime.now(UTC))
        )
        return SpentToken(row.user_id, row.family, reused=True)
    if row.expires_at < datetime.now(UTC):
        raise DomainError(ErrorCode.expired_refresh_token)
    row.revoked_at = datetime.now(UTC)
    return SpentToken(row.user_id, row.family)


async def refresh_token_revoked(s: AsyncSession, token: str) -> None:
    row = (
        await s.execute(select(RefreshToken).where(RefreshToken.token_hash == digest(token)))
    ).scalar_one_or_none()
    if row and row.revoked_at is None:
        row.revoked_at = datetime.now(UTC)


async def payer_user_ensured(s: AsyncSession, email: str, locale: str) -> User:
    """The user a payer signs in as: found by email, or made for them (no password: they sign in by magic link,
    which proves the address). Either way the user holds a payer profile."""
    await s.execute(
        insert(User)
        .values(email=normalised_email(email), password_hash=None, locale=locale)
        .on_conflict_do_nothing(index_elements=["email"])
    )  # two sign-ins at once make one user
    user = await user_by_email(s, email)
    assert user is not None
    await profile_added(s, user, ProfileType.payer)
    return user
