"""Password hashes (argon2), verified in constant time whether or not the account exists."""

from __future__ import annotations

import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerifyMismatchError

from store.accounts.models import User

_hasher = PasswordHasher()


# A hash of a random password: verifying against it costs the same as a real user, so a missing account
# cannot be told apart from a wrong password by timing.
_DUMMY_HASH = _hasher.hash(secrets.token_urlsafe(16))


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def password_matches(user: User | None, password: str) -> bool:
    stored = user.password_hash if user else None
    try:
        ok = _hasher.verify(stored or _DUMMY_HASH, password)
    except (VerifyMismatchError, InvalidHashError):
        return False
    return ok and stored is not None
