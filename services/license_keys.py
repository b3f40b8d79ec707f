"""A license-key product's pool (editor §3): keys pasted, uploaded as CSV or generated from the product's format,
each checked against the format (one bad key refuses the whole batch), none twice in the seller's pools."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.ext.asyncio import AsyncSession

from domain.catalog.license_keys import (
    KEY_PROBLEM_MESSAGES,
    KEYS_PER_ADD_MAX,
    KeyFormat,
    key_problem,
    keys_from_text,
    parse_format,
)
from domain.catalog.products import ProductForm
from domain.errors import DomainError, ErrorCode, invalid
from store.catalog.license_keys import keys_added, pool_counts
from store.catalog.models import Product
from store.catalog.queries import product_of

KEYS_CSV_MAX_BYTES = 2 * 1024 * 1024


@dataclass(frozen=True)
class KeysJoined:
    added: int
    duplicates: int  # already in the seller's pools: not added again
    free: int  # the pool's free keys now


async def license_product(s: AsyncSession, seller_id: int, product_id: int) -> Product:
    """The seller's license-key product (404 for another seller's, or a product without keys)."""
    v = await product_of(s, seller_id, product_id)
    if v.product.form != ProductForm.license_key:
        raise DomainError(ErrorCode.NOT_FOUND, "This product has no license keys.")
    return v.product


def _format(product: Product) -> KeyFormat | None:
    fmt = parse_format(product.key_format) if product.key_format else None
    return fmt if isinstance(fmt, KeyFormat) else None


async def _joined(s: AsyncSession, product: Product, keys: list[str]) -> KeysJoined:
    if not keys:
        raise invalid(text="required")
    if len(keys) > KEYS_PER_ADD_MAX:
        raise invalid(text=f"at most {KEYS_PER_ADD_MAX} keys at once")
    fmt = _format(product)
    for line, key in enumerate(keys, start=1):
        if problem := key_problem(key, fmt):
            err = invalid(text=f"line {line}: {KEY_PROBLEM_MESSAGES[problem]}", line=line)
            err.reason = problem.value  # the web app words it, with the line
            raise err
    added, duplicates = await keys_added(s, product, keys)
    counts = (await pool_counts(s, [product.id]))[product.id]
    return KeysJoined(added, duplicates, counts.free)


async def keys_joined(
    s: AsyncSession, seller_id: int, product_id: int, text: str | None, generate: int | None
) -> KeysJoined:
    """Pasted keys (one per line, or the first column of a CSV) or `generate` N from the product's format."""
    product = await license_product(s, seller_id, product_id)
    if (text is None) == (generate is None):
        raise invalid(text="send the keys as text, or a number of keys to generate")
    if generate is not None:
        fmt = _format(product)
        if fmt is None:
            raise invalid(generate="set a key format first")
        return await _joined(s, product, [fmt.generate() for _ in range(generate)])
    return await _joined(s, product, keys_from_text(text or ""))


async def keys_uploaded(s: AsyncSession, seller_id: int, product_id: int, data: bytes) -> KeysJoined:
    """A CSV (or plain text) file of keys (`data` read up to one byte past the limit): the first column of each
    row, a `key` header skipped."""
    product = await license_product(s, seller_id, product_id)
    if len(data) > KEYS_CSV_MAX_BYTES:
        raise invalid(file="too big")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise invalid(file="must be UTF-8 text") from None
    return await _joined(s, product, keys_from_text(text))
