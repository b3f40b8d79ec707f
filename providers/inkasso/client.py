"""A collection agency behind an HTTP API: Sellflow hands over a claim (`POST /v1/claims`, bearer key, idempotent
on its reference `claim-{token}-{rate}`) and the agency reports progress, payments and the end of the case to
`POST /v1/webhooks/collection_agency`, signed. Real adapters speak to an agency's API (e.g. a German Inkasso
service); locally deploy/agency_provider.py answers with documented test data."""

from __future__ import annotations

from dataclasses import asdict
from functools import lru_cache
from typing import Protocol

import httpx

from core.settings import get_settings
from domain.billing.inkasso import ClaimHandover


class AgencyRefused(Exception):
    """The agency refused the claim as invalid (retrying cannot help)."""


class CollectionAgency(Protocol):
    async def hand_over(self, claim: ClaimHandover) -> str:
        """Hands the claim over; returns the agency's case id (the same for the same reference)."""
        ...


class HttpAgency:
    def __init__(self, base_url: str, api_key: str) -> None:
        self.base_url, self.api_key = base_url.rstrip("/"), api_key

    async def hand_over(self, claim: ClaimHandover) -> str:
        async with httpx.AsyncClient(timeout=15) as c:
            r = await c.post(
                f"{self.base_url}/v1/claims",
                json=asdict(claim),
                headers={"Authorization": f"Bearer {self.api_key}", "Idempotency-Key": claim.reference},
            )
        if 400 <= r.status_code < 500:
            raise AgencyRefused(f"the agency refused the claim: {r.status_code} {r.text[:200]}")
        r.raise_for_status()
        return str(r.json()["case_id"])


@lru_cache(maxsize=1)
def agency() -> CollectionAgency:
    s = get_settings()
    return HttpAgency(s.agency_api_base, s.agency_api_key)
