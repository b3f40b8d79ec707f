"""`/v1/cabinet/products/{id}/license_keys`: a license-key product's pool of keys, added by hand or by CSV, listed
and removed. Scoped to the caller's seller."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, File, Query, UploadFile

from api.deps import DB, CurrentSeller
from api.schemas.catalog import (
    LicenseKeyList,
    LicenseKeyOut,
    LicenseKeysAdded,
    LicenseKeysIn,
)
from api.schemas.fields import Id
from domain.catalog.license_keys import (
    KEY_PROBLEM_MESSAGES,
    KEYS_PER_ADD_MAX,
    KeyFormat,
    KeyState,
    key_problem,
    keys_from_text,
    parse_format,
)
from domain.catalog.products import (
    ProductForm,
)
from domain.errors import DomainError, ErrorCode, invalid
from store.catalog.license_keys import key_removed, keys_added, keys_listed, pool_counts
from store.catalog.queries import ProductView, product_of

router = APIRouter()
KEYS_CSV_MAX_BYTES = 2 * 1024 * 1024


# ----- a license-key product's pool ----------------------------------------------------------------------------
def _license_product(v: ProductView) -> None:
    if v.product.form != ProductForm.license_key:
        raise DomainError(ErrorCode.NOT_FOUND, "This product has no license keys.")


async def _keys_joined(s: DB, v: ProductView, keys: list[str]) -> LicenseKeysAdded:
    if not keys:
        raise invalid(text="required")
    if len(keys) > KEYS_PER_ADD_MAX:
        raise invalid(text=f"at most {KEYS_PER_ADD_MAX} keys at once")
    fmt = parse_format(v.product.key_format) if v.product.key_format else None
    fmt = fmt if isinstance(fmt, KeyFormat) else None
    for line, key in enumerate(keys, start=1):
        if problem := key_problem(key, fmt):
            err = invalid(text=f"line {line}: {KEY_PROBLEM_MESSAGES[problem]}", line=line)
            err.reason = problem.value  # the web app words it, with the line
            raise err
    added, duplicates = await keys_added(s, v.product, keys)
    counts = (await pool_counts(s, [v.product.id]))[v.product.id]
    return LicenseKeysAdded(added=added, duplicates=duplicates, free=counts.free)


@router.post("/products/{product_id}/license_keys", response_model=LicenseKeysAdded, status_code=201)
async def add_license_keys(
    product_id: Id, body: LicenseKeysIn, seller: CurrentSeller, s: DB
) -> LicenseKeysAdded:
    """Keys join the pool: pasted (one per line, or the first column of a CSV) or `generate` N from the product's
    format. A key already in the seller's pools is not added twice; one bad key refuses the whole batch."""
    v = await product_of(s, seller.id, product_id)
    _license_product(v)
    if (body.text is None) == (body.generate is None):
        raise invalid(text="send the keys as text, or a number of keys to generate")
    if body.generate is not None:
        fmt = parse_format(v.product.key_format) if v.product.key_format else None
        if not isinstance(fmt, KeyFormat):
            raise invalid(generate="set a key format first")
        keys = [fmt.generate() for _ in range(body.generate)]
    else:
        keys = keys_from_text(body.text or "")
    return await _keys_joined(s, v, keys)


@router.post("/products/{product_id}/license_keys/csv", response_model=LicenseKeysAdded, status_code=201)
async def upload_license_keys(
    product_id: Id, seller: CurrentSeller, s: DB, file: Annotated[UploadFile, File()]
) -> LicenseKeysAdded:
    """A CSV (or plain text) file of keys: the first column of each row, a `key` header skipped."""
    v = await product_of(s, seller.id, product_id)
    _license_product(v)
    data = await file.read(KEYS_CSV_MAX_BYTES + 1)
    if len(data) > KEYS_CSV_MAX_BYTES:
        raise invalid(file="too big")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise invalid(file="must be UTF-8 text") from None
    return await _keys_joined(s, v, keys_from_text(text))


@router.get("/products/{product_id}/license_keys", response_model=LicenseKeyList)
async def list_license_keys(
    product_id: Id,
    seller: CurrentSeller,
    s: DB,
    state: Literal["free", "taken"] | None = None,
    page: Annotated[int, Query(ge=1, le=100_000)] = 1,
    per: Annotated[int, Query(ge=1, le=500)] = 50,
) -> LicenseKeyList:
    v = await product_of(s, seller.id, product_id)
    _license_product(v)
    rows, total = await keys_listed(
        s, v.product, KeyState.free if state == "free" else KeyState.delivered if state else None, page, per
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
    v = await product_of(s, seller.id, product_id)
    _license_product(v)
    await key_removed(s, v.product, key_id)
