"""`/v1/shop/{username}/license_keys/verify`: the public call a seller's software makes to check a key."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request

from api.deps import DB
from api.schemas.shop import LicenseKeyCheck
from api.throttle import throttle
from domain.catalog.license_keys import KEY_MAX
from store.catalog.license_keys import key_verified

router = APIRouter()
VERIFY_PER_MINUTE = 60  # per client address


@router.get("/{username}/license_keys/verify", response_model=LicenseKeyCheck)
async def verify_license_key(
    username: str,
    request: Request,
    s: DB,
    key: Annotated[str, Query(min_length=1, max_length=KEY_MAX)],
) -> LicenseKeyCheck:
    """valid while the key's order is paid; revoked after a refund, a chargeback, an ended or unpaid subscription;
    unknown for any other key (a key nobody bought is unknown too). At most 60 calls a minute per address (429)."""
    throttle(request, "license-verify", VERIFY_PER_MINUTE)
    state, product = await key_verified(s, username, key.strip())
    return LicenseKeyCheck(state=state, product=product)
