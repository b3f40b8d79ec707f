"""A course's content as its seller edits it (chapters and lessons as a tree, their blocks, quiz and drip, the
files lessons show): only the seller's own courses, and blocks that name only the seller's own files."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from domain.catalog.products import ProductForm
from domain.errors import DomainError, ErrorCode
from domain.limits import CONTENT_TYPE_MAX, FILE_NAME_MAX
from providers.storage.local import storage
from store.catalog.models import File, Product
from store.catalog.queries import product_of
from store.courses.actions import course_file_stored, item_changed, item_of, seller_files
from store.courses.models import CourseItem

KEPT_WHEN_NULL = ("title", "hidden", "comments_enabled", "blocks")  # `quiz` and the drip clear with null


async def seller_course(s: AsyncSession, seller_id: int, product_id: int) -> Product:
    """The seller's course product; 404 for another seller's product or one of another form."""
    product = (await product_of(s, seller_id, product_id)).product
    if product.form != ProductForm.course:
        raise DomainError(ErrorCode.NOT_FOUND, "This product is not a course.")
    return product


async def item_edited(
    s: AsyncSession, seller_id: int, product_id: int, item_id: int, changes: dict[str, Any]
) -> CourseItem:
    """The fields sent changed (JSON values; `drip_date` a date): null leaves a title, visibility, comments and
    blocks as they are; a block's file must be one of the seller's own (400 `unknown_file`)."""
    product = await seller_course(s, seller_id, product_id)
    item = await item_of(s, product, item_id)
    changes = {k: v for k, v in changes.items() if not (k in KEPT_WHEN_NULL and v is None)}
    if "title" in changes:
        changes["title"] = changes["title"].strip()
    if changes.get("blocks"):
        wanted = {b["file_id"] for b in changes["blocks"] if b["type"] in ("file", "pdf")}
        if wanted - set(await seller_files(s, seller_id, wanted)):
            raise DomainError(
                ErrorCode.INVALID_INPUT, "This file does not exist.", {"blocks": "unknown_file"}
            )
    await item_changed(s, item, changes)
    return item


async def course_file_uploaded(
    s: AsyncSession,
    seller_id: int,
    product_id: int,
    data: bytes,
    file_name: str | None,
    content_type: str | None,
    max_bytes: int,
) -> File:
    """A file a lesson shows (`data` read up to one byte past `max_bytes`): its name and type kept as sent, made
    safe to answer with."""
    product = await seller_course(s, seller_id, product_id)
    if not data:
        raise DomainError(ErrorCode.INVALID_INPUT, fields={"file": "required"})
    if len(data) > max_bytes:
        raise DomainError(ErrorCode.INVALID_INPUT, fields={"file": "too big"})
    name = (file_name or "").rsplit("/", 1)[-1].replace("\x00", "")[:FILE_NAME_MAX] or "file"
    ctype = (content_type or "application/octet-stream")[:CONTENT_TYPE_MAX]
    if "/" not in ctype or any(c in ctype for c in "\r\n"):
        ctype = "application/octet-stream"
    key, sha = storage().put(data)
    return await course_file_stored(
        s, product, storage_key=key, file_name=name, content_type=ctype, size=len(data), sha256=sha
    )
