"""The KYC provider's signed callback: `Kyc-Signature: t={unix time},v1={hex HMAC-SHA256 of "{t}.{body}"}` with
the shared webhook secret (the scheme Stripe uses). Signature and timestamp first (a stale or future timestamp
is refused like a bad signature), then the body's shape as a typed model."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from core.settings import get_settings
from domain.legitimation.legitimation import KycOutcome
from domain.limits import KYC_REASON_MAX, PROVIDER_ID_MAX
from providers.signing import SignatureRejected, sign, verified

__all__ = ["SIGNATURE_HEADER", "CallbackRejected", "KycCallback", "sign", "verify_callback"]

SIGNATURE_HEADER = "kyc-signature"


CallbackRejected = SignatureRejected


class KycCallback(BaseModel):
    model_config = ConfigDict(extra="ignore")
    id: str = Field(min_length=1, max_length=PROVIDER_ID_MAX)  # the provider's event id (stored once)
    reference: str = Field(min_length=1, max_length=PROVIDER_ID_MAX)
    outcome: KycOutcome
    reason: str | None = Field(None, max_length=KYC_REASON_MAX)


def verify_callback(payload: bytes, signature: str | None) -> KycCallback:
    s = get_settings()
    return verified(
        KycCallback, payload, signature, s.kyc_webhook_secret, s.kyc_webhook_tolerance_s, "callback"
    )
