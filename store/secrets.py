"""Secrets at rest (certificate private keys): sealed with Fernet (AES-128-CBC + HMAC-SHA256, `cryptography`) under
the keys of SELLFLOW_SECRETS_KEYS, newest first. A MultiFernet seals with the first key and opens with any of them,
so a key is rotated by putting a new one in front (and `resealed` moves a value onto it); the old key is dropped
once nothing sealed under it is left. Without configured keys (local stack, tests; refused in production) one key
is generated once into {data_dir}/secrets.key (0600)."""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from cryptography.fernet import Fernet, InvalidToken, MultiFernet

from core.settings import get_settings

PEM_PREFIX = "-----BEGIN "  # a value stored before sealing existed


class SecretUnreadable(Exception):
    """No configured key opens this value (the key that sealed it was dropped too early)."""


def local_key(path: Path) -> bytes:
    """The local stack's key: generated once into `path` (0600), read from it afterwards."""
    if path.exists():
        return path.read_bytes().strip()
    path.parent.mkdir(parents=True, exist_ok=True)
    key = Fernet.generate_key()
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another process wrote it first
        return path.read_bytes().strip()
    with os.fdopen(fd, "wb") as f:
        f.write(key)
    return key


@lru_cache(maxsize=1)
def vault() -> MultiFernet:
    s = get_settings()
    keys = [k.strip().encode() for k in s.secrets_keys.split(",") if k.strip()]
    if not keys:
        keys = [local_key(s.data_dir / "secrets.key")]
    return MultiFernet([Fernet(k) for k in keys])


def sealed(plain: str) -> str:
    return vault().encrypt(plain.encode()).decode("ascii")


def opened(stored: str) -> str:
    """The plain value; a value stored before sealing existed (a PEM) is returned as it is."""
    if stored.startswith(PEM_PREFIX):
        return stored
    try:
        return vault().decrypt(stored.encode("ascii")).decode()
    except (InvalidToken, UnicodeError) as e:
        raise SecretUnreadable("no configured secrets key opens this value") from e


def resealed(stored: str) -> str:
    """The value sealed under the newest key (for a rotation); a plain PEM gets sealed."""
    return sealed(opened(stored))
