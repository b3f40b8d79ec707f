"""`/v1/cabinet/products/{id}/license_keys`: a license-key product's pool of keys, added by hand or by CSV, listed
and removed. Scoped to the caller's seller; the rules live in services/license_keys.py."""

from __future__ import annotations

from dataclasses import asdict
from typing import Annotated, Literal

from fastapi import APIRouter, File, Query, UploadFile

from api.deps import DB, CurrentSeller
from api.schemas.catalog import LicenseKeyList, LicenseKeyOut, LicenseKeysAdded, LicenseKeysIn
from api.schemas.fields import Id
from domain.catalog.license_keys import KeyState
from services import license_keys
from store.catalog.license_keys import key_removed, keys_listed

router = APIRouter()


@router.post("/products/{product_id}/license_keys", response_model=LicenseKeysAdded, status_code=201)
async def add_license_keys(
    product_id: Id, body: LicenseKeysIn, seller: CurrentSeller, s: DB
) -> LicenseKeysAdded:
    """Keys join the pool: pasted (one per line, or the first column of a CSV) or `generate` N from the product's
    format. A key already in the seller's pools is not added twice; one bad key refuses the whole batch."""
    joined = await license_keys.keys_joined(s, seller.id, product_id, body.text, body.generate)
    return LicenseKeysAdded(**asdict(joined))


@router.post("/products/{product_id}/license_keys/csv", response_model=LicenseKeysAdded, status_code=201)
async def upload_license_keys(
    product_id: Id, seller: CurrentSeller, s: DB, file: Annotated[UploadFile, File()]
) -> LicenseKeysAdded:
    """A CSV (or plain text) file of keys: the first column of each row, a `key` header skipped."""
    data = await file.read(license_keys.KEYS_CSV_MAX_BYTES + 1)
    return LicenseKeysAdded(**asdict(await license_keys.keys_uploaded(s, seller.id, product_id, data)))


@router.get("/products/{product_id}/license_keys", response_model=LicenseKeyList)
async def list_license_keys(
    product_id: Id,
    seller: CurrentSeller,
    s: DB,
    state: Literal["free", "taken"] | None = None,
    page: Annotated[int, Query(ge=1, le=100_000)] = 1,
    per: Annotated[int, Query(ge=1, le=500)] = 50,
) -> LicenseKeyList:
    product = await license_keys.license_product(s, seller.id, product_id)
    rows, total = await keys_listed(
        s, product, KeyState.free if state == "free" else KeyState.delivered if state else None, page, per
    )
    return LicenseKeyList(
        list=[
            LicenseKeyOut(
                id=r.id,
                key=r.key,
                state=r.state,
                order_token=r.order_token,
                payer_email=r.payer_email,
                reserved_at=r.reserved_at,
            )
            for r in rows
        ],
        total_count=total,
    )


@router.delete("/products/{product_id}/license_keys/{key_id}", status_code=204)
async def remove_license_key(product_id: Id, key_id: Id, seller: CurrentSeller, s: DB) -> None:
    await key_removed(s, await license_keys.license_product(s, seller.id, product_id), key_id)
