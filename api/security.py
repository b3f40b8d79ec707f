"""Access tokens (JWT, short-lived) and the token answer of sign-in and renewal."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import jwt
from pydantic import BaseModel

from domain.errors import DomainError, ErrorCode
from sellflow.settings import get_settings


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
    if not token:
        raise DomainError(ErrorCode.missing_access_token)
    try:
        claims = jwt.decode(token, get_settings().jwt_secret, algorithms=["HS256"])
    except jwt.ExpiredSignatureError:
        raise DomainError(ErrorCode.expired_access_token) from None
    except jwt.PyJWTError:
        raise DomainError(ErrorCode.invalid_access_token) from None
    if claims.get("typ") != "access":
        raise DomainError(ErrorCode.invalid_access_token)
    return int(claims["sub"])
