"""A KYC provider: Sellflow submits a seller's identity data and documents and learns the outcome later, by a
signed callback (`POST /v1/webhooks/kyc`, see providers/kyc/events.py).

The interface is the one a real adapter implements: the KYC APIs of Lemonway (`RegisterWallet` + `UploadFile`,
answers through its notifications) and Mangopay (`KYC documents` + `UBO declarations`, answers through hooks),
or an identity service such as Onfido or IDnow, all submit-then-callback. Locally `deploy/kyc_provider.py`
answers the same calls. A submission is idempotent on its reference: submitting the same reference again
(a retried activity) does not open a second review.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Protocol

import httpx

from core.settings import get_settings


@dataclass(frozen=True)
class KycDocument:
    type: str
    content_type: str
    sha256: str
    size: int


@dataclass(frozen=True)
class KycRequest:
    reference: str  # legitimation-{seller id}-{round}: the idempotency key and the callback's reference
    business_type: str
    subject: dict[str, str]  # the provider's address list (core §5), as text
    documents: list[KycDocument] = field(default_factory=list)
    callback_url: str = ""


class KycRefused(Exception):
    """The provider refused the submission as invalid (retrying cannot help)."""


class KycProvider(Protocol):
    async def submit(self, request: KycRequest) -> str:
        """Opens (or finds) the review of `request.reference`; returns the provider's id for it."""
        ...


class HttpKycProvider:
    """The adapter for the local stand-in (and the shape of a real one): one JSON call with a bearer key."""

    def __init__(self, base_url: str, api_key: str) -> None:
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key

    async def submit(self, request: KycRequest) -> str:
        body = {
            "reference": request.reference,
            "business_type": request.business_type,
            "subject": request.subject,
            "documents": [d.__dict__ for d in request.documents],
            "callback_url": request.callback_url,
        }
        async with httpx.AsyncClient(timeout=15) as c:
            r = await c.post(
                f"{self.base_url}/v1/submissions",
                json=body,
                headers={"Authorization": f"Bearer {self.api_key}", "Idempotency-Key": request.reference},
            )
        if 400 <= r.status_code < 500:
            raise KycRefused(f"KYC provider refused the submission: {r.status_code} {r.text[:200]}")
        r.raise_for_status()
        return str(r.json()["id"])


@lru_cache(maxsize=1)
def kyc_provider() -> KycProvider:
    s = get_settings()
    return HttpKycProvider(s.kyc_api_base, s.kyc_api_key)
