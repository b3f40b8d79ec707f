"""Access tokens (JWT, short-lived) and the token answer of sign-in and renewal."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

import jwt
from pydantic import BaseModel

from core.settings import get_settings
from domain.errors import DomainError, ErrorCode
from domain.limits import ID_MAX


class Tokens(BaseModel):
    access_token: str
    refresh_token: str
    expires_at: datetime
    refresh_expires_at: datetime


def access_token(user_id: int) -> tuple[str, datetime]:
    s = get_settings()
    expires = datetime.now(UTC) + timedelta(seconds=s.access_token_ttl_s)
    token = jwt.encode(
        {"sub": str(user_id), "exp": expires, "typ": "access"}, s.jwt_secret, algorithm="HS256"
    )
    return token, expires


# tokens whose signature and claims were checked, with their user and expiry: a request checks each only once, and a
# client that sends the same token again is not verified again until it expires (only checked tokens get in)
_VERIFIED_MAX = 10_000
_verified: dict[tuple[str, str], tuple[int, float]] = {}


def user_id_from(token: str | None) -> int:
    """The user id of a valid access token. Every claim is checked: `exp` is required (a token without it never
    expired), `typ` must be `access`, and `sub` must be a user id; anything else is `invalid_access_token`."""
    if not token:
        raise DomainError(ErrorCode.missing_access_token)
    key = (get_settings().jwt_secret, token)
    known = _verified.get(key)
    if known is not None:
        if time.time() < known[1]:
            return known[0]
        del _verified[key]
    user_id, expires = _checked(token)
    if len(_verified) >= _VERIFIED_MAX:
        _verified.clear()
    _verified[key] = (user_id, expires)
    return user_id


def _checked(token: str) -> tuple[int, float]:
    """The token's user and expiry (seconds since the epoch), every claim checked."""
    try:
        claims = jwt.decode(
            token, get_settings().jwt_secret, algorithms=["HS256"], options={"require": ["exp", "sub", "typ"]}
        )
    except jwt.ExpiredSignatureError:
        raise DomainError(ErrorCode.expired_access_token) from None
    except jwt.PyJWTError:
        raise DomainError(ErrorCode.invalid_access_token) from None
    sub = claims["sub"]
    if claims["typ"] != "access" or not isinstance(sub, str) or not sub.isascii() or not sub.isdigit():
        raise DomainError(ErrorCode.invalid_access_token)
    user_id = int(sub)
    if not 1 <= user_id <= ID_MAX:  # a user id: digits only, within PostgreSQL's bigint
        raise DomainError(ErrorCode.invalid_access_token)
    return user_id, float(claims["exp"])
