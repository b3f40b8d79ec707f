"""The bank's signed answer to one transfer (`Bank-Signature`, the scheme of providers/signing.py)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from core.settings import get_settings
from domain.ledger.payouts import BankOutcome
from domain.limits import IDEMPOTENCY_KEY_MAX, KYC_REASON_MAX, PROVIDER_ID_MAX
from providers.signing import verified

SIGNATURE_HEADER = "bank-signature"


class BankCallback(BaseModel):
    model_config = ConfigDict(extra="ignore")
    id: str = Field(min_length=1, max_length=PROVIDER_ID_MAX)
    end_to_end_id: str = Field(min_length=1, max_length=IDEMPOTENCY_KEY_MAX)
    outcome: BankOutcome
    reason: str | None = Field(None, max_length=KYC_REASON_MAX)


def verify_bank_callback(payload: bytes, signature: str | None) -> BankCallback:
    s = get_settings()
    return verified(
        BankCallback, payload, signature, s.bank_webhook_secret, s.bank_webhook_tolerance_s, "callback"
    )


class IncomingTransfer(BaseModel):
    """A transfer to the platform's collection account (the bank's signed notice, `Bank-Signature`)."""

    model_config = ConfigDict(extra="ignore")
    id: str = Field(min_length=1, max_length=PROVIDER_ID_MAX)
    reference: str = Field(max_length=140)
    amount: int = Field(ge=1, le=10**12, strict=True)
    currency: str = Field(pattern=r"^[A-Za-z]{3}$")
    payer_name: str | None = Field(None, max_length=140)
    payer_iban: str | None = Field(None, pattern=r"^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$")


def verify_incoming(payload: bytes, signature: str | None) -> IncomingTransfer:
    s = get_settings()
    return verified(
        IncomingTransfer, payload, signature, s.bank_webhook_secret, s.bank_webhook_tolerance_s, "notice"
    )
