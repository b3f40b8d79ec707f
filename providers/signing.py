"""Signed callbacks of the stand-in providers (KYC, bank): `t={unix time},v1={hex HMAC-SHA256 of "{t}.{body}"}`
with a shared secret, the scheme Stripe uses. A timestamp further than the tolerance from now, in either
direction, is refused like a bad signature."""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from typing import TypeVar

from pydantic import BaseModel, ValidationError

M = TypeVar("M", bound=BaseModel)


class SignatureRejected(Exception):
    def __init__(self, message: str, part: str = "signature") -> None:
        super().__init__(message)
        self.message = message
        self.part = part


def sign(payload: bytes, secret: str, timestamp: int | None = None) -> str:
    t = int(time.time()) if timestamp is None else timestamp
    mac = hmac.new(secret.encode(), f"{t}.".encode() + payload, hashlib.sha256).hexdigest()
    return f"t={t},v1={mac}"


def verify(payload: bytes, signature: str | None, secret: str, tolerance_s: int) -> None:
    parts = dict(p.strip().partition("=")[::2] for p in (signature or "").split(",") if "=" in p)
    t, given = parts.get("t", ""), parts.get("v1", "")
    if not t.isdigit() or not given:
        raise SignatureRejected("Invalid callback signature.")
    expected = hmac.new(secret.encode(), f"{t}.".encode() + payload, hashlib.sha256).hexdigest()
    if not hmac.compare_digest(expected, given) or abs(time.time() - int(t)) > tolerance_s:
        raise SignatureRejected("Invalid callback signature.")


def verified(
    model: type[M], payload: bytes, signature: str | None, secret: str, tolerance_s: int, what: str
) -> M:
    """The signed body as `model`: the signature and its time first, then the body's shape (`what` names it in the
    refusal: "callback", "notice")."""
    verify(payload, signature, secret, tolerance_s)
    try:
        return model.model_validate(json.loads(payload))
    except (ValueError, ValidationError) as e:
        raise SignatureRejected(f"This {what} is not understood.", "payload") from e
