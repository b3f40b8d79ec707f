"""The KYC provider's signed callback: `Kyc-Signature: t={unix time},v1={hex HMAC-SHA256 of "{t}.{body}"}` with
the shared webhook secret (the scheme Stripe uses). Signature and timestamp first (a stale or future timestamp
is refused like a bad signature), then the body's shape as a typed model."""

from __future__ import annotations

import hashlib
import hmac
import json
import time

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from domain.legitimation import KycOutcome
from domain.limits import KYC_REASON_MAX, PROVIDER_ID_MAX
from sellflow.settings import get_settings

SIGNATURE_HEADER = "kyc-signature"


class CallbackRejected(Exception):
    def __init__(self, message: str, part: str = "signature") -> None:
        super().__init__(message)
        self.message = message
        self.part = part


class KycCallback(BaseModel):
    model_config = ConfigDict(extra="ignore")
    id: str = Field(min_length=1, max_length=PROVIDER_ID_MAX)  # the provider's event id (stored once)
    reference: str = Field(min_length=1, max_length=PROVIDER_ID_MAX)
    outcome: KycOutcome
    reason: str | None = Field(None, max_length=KYC_REASON_MAX)


def sign(payload: bytes, secret: str, timestamp: int | None = None) -> str:
    t = int(time.time()) if timestamp is None else timestamp
    mac = hmac.new(secret.encode(), f"{t}.".encode() + payload, hashlib.sha256).hexdigest()
    return f"t={t},v1={mac}"


def verify_callback(payload: bytes, signature: str | None) -> KycCallback:
    s = get_settings()
    parts = dict(p.strip().partition("=")[::2] for p in (signature or "").split(",") if "=" in p)
    t, given = parts.get("t", ""), parts.get("v1", "")
    if not t.isdigit() or not given:
        raise CallbackRejected("Invalid callback signature.")
    expected = hmac.new(s.kyc_webhook_secret.encode(), f"{t}.".encode() + payload, hashlib.sha256).hexdigest()
    if not hmac.compare_digest(expected, given):
        raise CallbackRejected("Invalid callback signature.")
    if abs(time.time() - int(t)) > s.kyc_webhook_tolerance_s:
        raise CallbackRejected("Invalid callback signature.")
    try:
        return KycCallback.model_validate(json.loads(payload))
    except (ValueError, ValidationError) as e:
        raise CallbackRejected("This callback is not understood.", "payload") from e
