"""The collection agency's signed report on a claim (`Agency-Signature`, the scheme of providers/signing.py)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from core.settings import get_settings
from domain.billing.claims import ClaimOutcome, InkassoStatus
from domain.billing.inkasso import AgencyEventKind
from domain.limits import AMOUNT_MAX, IDEMPOTENCY_KEY_MAX, PROVIDER_ID_MAX
from providers.signing import SignatureRejected, verified

SIGNATURE_HEADER = "agency-signature"


class AgencyCallback(BaseModel):
    model_config = ConfigDict(extra="ignore")
    id: str = Field(min_length=1, max_length=PROVIDER_ID_MAX)
    reference: str = Field(
        min_length=1, max_length=IDEMPOTENCY_KEY_MAX, pattern=r"^claim-[a-z0-9_]+-\d{1,4}$"
    )
    kind: AgencyEventKind
    status: InkassoStatus | None = None
    amount: int = Field(0, ge=0, le=AMOUNT_MAX)
    outcome: ClaimOutcome | None = None


def verify_agency_callback(payload: bytes, signature: str | None) -> AgencyCallback:
    s = get_settings()
    event = verified(
        AgencyCallback, payload, signature, s.agency_webhook_secret, s.agency_webhook_tolerance_s, "callback"
    )
    if event.kind == AgencyEventKind.status and event.status is None:
        raise SignatureRejected("A status report needs its status.", "payload")
    if event.kind == AgencyEventKind.closed and event.outcome is None:
        raise SignatureRejected("A closed case needs its outcome.", "payload")
    return event
