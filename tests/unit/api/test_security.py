"""Access tokens: a token signed with the right secret but with odd claims is refused, never a 500."""

from __future__ import annotations

import time

import jwt
import pytest

from api.security import access_token, user_id_from
from core.settings import get_settings
from domain.errors import DomainError, ErrorCode


def _signed(claims: dict) -> str:
    return jwt.encode(claims, get_settings().jwt_secret, algorithm="HS256")


def test_a_token_from_sign_in_names_its_user():
    token, _ = access_token(42)
    assert user_id_from(token) == 42


@pytest.mark.parametrize(
    "claims",
    [
        {"typ": "access"},  # no sub
        {"sub": "abc", "typ": "access"},
        {"sub": str(2**64), "typ": "access"},
        {"sub": "0", "typ": "access"},
        {"sub": "-3", "typ": "access"},
        {"sub": "٣", "typ": "access"},  # a digit, but not an ASCII one
        {"sub": 7, "typ": "access"},
        {"sub": "7"},  # no typ
        {"sub": "7", "typ": "refresh"},
    ],
)
def test_odd_claims_are_an_invalid_token(claims):
    with pytest.raises(DomainError) as e:
        user_id_from(_signed({**claims, "exp": time.time() + 60}))
    assert e.value.code == ErrorCode.invalid_access_token


def test_a_token_without_expiry_is_refused():
    with pytest.raises(DomainError) as e:
        user_id_from(_signed({"sub": "7", "typ": "access"}))
    assert e.value.code == ErrorCode.invalid_access_token


def test_an_expired_token_says_so():
    with pytest.raises(DomainError) as e:
        user_id_from(_signed({"sub": "7", "typ": "access", "exp": time.time() - 5}))
    assert e.value.code == ErrorCode.expired_access_token


def test_a_token_checked_once_is_not_verified_again_until_it_expires(monkeypatch):
    token = _signed({"sub": "9", "typ": "access", "exp": int(time.time()) + 1})
    assert user_id_from(token) == 9
    decoded: list[str] = []
    real = jwt.decode
    monkeypatch.setattr(jwt, "decode", lambda *a, **k: decoded.append("once") or real(*a, **k))
    assert user_id_from(token) == 9
    assert decoded == []  # remembered: no second signature check
    forged = token[:-2] + ("AA" if not token.endswith("AA") else "BB")
    with pytest.raises(DomainError) as e:  # another signature is another token: checked, and refused
        user_id_from(forged)
    assert e.value.code == ErrorCode.invalid_access_token and decoded == ["once"]
    time.sleep(max(0.0, jwt.decode(token, options={"verify_signature": False})["exp"] - time.time()) + 0.05)
    with pytest.raises(DomainError) as e:  # once its expiry comes, the remembered token is expired too
        user_id_from(token)
    assert e.value.code == ErrorCode.expired_access_token
