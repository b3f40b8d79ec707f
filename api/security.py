"""Access tokens (JWT, short-lived) and the token answer of sign-in and renewal."""

from __future__ import annotations

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


def user_id_from(token: str | None) -> int:
    """The user id of a valid access token. Every claim is checked: `exp` is required (a token without it never
    expired), `typ` must be `access`, and `sub` must be a user id; anything else is `invalid_access_token`."""
    if not token:
        raise DomainError(ErrorCode.missing_access_token)
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
    return user_id
