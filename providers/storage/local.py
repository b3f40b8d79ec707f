"""File storage behind one interface. Locally: a folder under the data dir; production may swap in an
object store with the same three calls."""

from __future__ import annotations

import hashlib
import secrets
from pathlib import Path
from typing import Protocol

from core.settings import get_settings


class Storage(Protocol):
    def put(self, data: bytes, suffix: str = "") -> tuple[str, str]: ...
    def path(self, key: str) -> Path: ...
    def delete(self, key: str) -> None: ...


class LocalStorage:
    def __init__(self, root: Path) -> None:
        self.root = root

    def put(self, data: bytes, suffix: str = "") -> tuple[str, str]:
        """Store bytes; returns (storage key, sha256)."""
        key = f"{secrets.token_hex(2)}/{secrets.token_hex(16)}{suffix}"
        p = self.root / key
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(data)
        return key, hashlib.sha256(data).hexdigest()

    def path(self, key: str) -> Path:
        p = (self.root / key).resolve()
        if not str(p).startswith(str(self.root.resolve())):
            raise ValueError("bad storage key")
        return p

    def delete(self, key: str) -> None:
        self.path(key).unlink(missing_ok=True)


def storage() -> Storage:
    return LocalStorage(get_settings().storage_dir)
