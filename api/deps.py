"""Typed dependencies: the database session, the caller and their profile, the Temporal client."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import Depends, Header, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import Client

from api.security import user_id_from
from domain.accounts.account_deletion import AccountType
from domain.accounts.accounts import ProfileType
from domain.errors import DomainError, ErrorCode
from domain.teams import ACTING_HEADER
from store.accounts.models import Seller, User
from store.accounts.queries import profile_types, seller_of
from store.db import session
from store.teams.actions import acting_seller


async def db() -> AsyncIterator[AsyncSession]:
    async with session() as s:
        yield s


# scope="function": the transaction commits before the response is sent, so a client that acts on the
# answer right away (sign up, then sign in) sees what it wrote.
DB = Annotated[AsyncSession, Depends(db, scope="function")]


# Declared in the OpenAPI document (so `/docs` can authorise); a missing or malformed header is answered by
# the token errors of core §8 in `user_id_from`, not by FastAPI's own 403.
bearer_scheme = HTTPBearer(auto_error=False, description="The access token from sign-in or `renew_token`.")
Bearer = Annotated[HTTPAuthorizationCredentials | None, Depends(bearer_scheme)]


def bearer(creds: HTTPAuthorizationCredentials | None) -> str | None:
    return creds.credentials.strip() or None if creds else None


async def current_user(creds: Bearer, s: DB) -> User:
    user = await s.get(User, user_id_from(bearer(creds)))
    if user is None:
        raise DomainError(ErrorCode.invalid_access_token)
    return user


CurrentUser = Annotated[User, Depends(current_user)]


async def current_seller(request: Request, creds: Bearer, s: DB) -> Seller:
    """The seller the caller works as: their own seller profile in one query (a seller row implies its user
    exists); on a cabinet call naming a seller in `ACTING_HEADER`, the seller a team member works for (one they do
    not belong to: 404, as if there were no such seller)."""
    user_id = user_id_from(bearer(creds))
    if (acting := acting_seller_id(request)) is not None:
        theirs = await acting_seller(s, user_id, acting)
        if theirs is None or theirs.account_type == AccountType.deleted:
            raise DomainError(ErrorCode.NOT_FOUND, "No such seller.")
        return theirs
    seller = await seller_of(s, user_id)
    if seller is None:
        if await s.get(User, user_id) is None:
            raise DomainError(ErrorCode.invalid_access_token)
        raise DomainError(ErrorCode.FORBIDDEN, "A seller profile is required.")
    if seller.account_type == AccountType.deleted:  # a deleted account's last access token dies with it
        raise DomainError(ErrorCode.invalid_access_token)
    return seller


CurrentSeller = Annotated[Seller, Depends(current_seller)]


def acting_seller_id(request: Request) -> int | None:
    """The seller a team member names on a cabinet call (`ACTING_HEADER`); a value that is no id names nobody
    (404 where a seller is needed)."""
    raw = request.headers.get(ACTING_HEADER)
    if raw is None or not request.url.path.startswith("/v1/cabinet/"):
        return None
    raw = raw.strip()
    return int(raw) if raw.isdigit() and len(raw) <= 18 else 0


async def current_manager(user: CurrentUser, s: DB) -> User:
    if ProfileType.manager not in await profile_types(s, user.id):
        raise DomainError(ErrorCode.FORBIDDEN, "A manager profile is required.")
    return user


CurrentManager = Annotated[User, Depends(current_manager)]


async def temporal(request: Request) -> Client:
    return await request.app.state.temporal()


Temporal = Annotated[Client, Depends(temporal)]


# The client's key for a POST that moves money or starts a workflow (api/idempotency.py keeps its answer): a double
# click or a retry with the same key gets the first request's answer and changes nothing.
IdempotencyKey = Annotated[
    str,
    Header(
        alias="Idempotency-Key",
        min_length=1,
        max_length=255,
        pattern=r"^[\x21-\x7e]+$",
        description="A key the client makes once per action (a UUID), sent again with every retry of it.",
    ),
]


async def current_publisher(user: CurrentUser, s: DB) -> User:
    if ProfileType.publisher not in await profile_types(s, user.id):
        raise DomainError(ErrorCode.FORBIDDEN, "A publisher profile is required: join a program first.")
    return user


CurrentPublisher = Annotated[User, Depends(current_publisher)]
