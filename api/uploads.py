"""A picture a seller uploads (a certificate's background, a ticket's logo): read up to its limit, checked to be a
PNG or JPEG by its bytes and to have the pixels it needs, stored, and returned as the seller's file row."""

from __future__ import annotations

from fastapi import UploadFile
from sqlalchemy.ext.asyncio import AsyncSession

from domain.errors import invalid
from providers.images.covers import NotAnImage, picture_size
from providers.storage.local import storage
from store.catalog.actions import file_stored
from store.catalog.models import File as StoredFile

PICTURE_FORMATS = frozenset({"PNG", "JPEG"})
MEDIA_TYPES = {"PNG": "image/png", "JPEG": "image/jpeg"}


async def picture_upload(
    s: AsyncSession,
    seller_id: int,
    file: UploadFile,
    *,
    max_bytes: int,
    min_px: tuple[int, int],
    max_px: int | None = None,
) -> StoredFile:
    """`min_px` is (long side, short side): a picture smaller in either is refused with the size it needs, as is
    one whose long side is over `max_px`. 400 `file` with the reason; nothing is stored then."""
    data = await file.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise invalid(file=f"too big: at most {max_bytes // (1024 * 1024)} MB")
    try:
        fmt, width, height = picture_size(data, PICTURE_FORMATS)
    except NotAnImage:
        raise invalid(file="a PNG or JPEG image") from None
    long_side, short_side = max(width, height), min(width, height)
    if long_side < min_px[0] or short_side < min_px[1]:
        raise invalid(file=f"too small: at least {min_px[0]} × {min_px[1]} pixels")
    if max_px is not None and long_side > max_px:
        raise invalid(file=f"too large: at most {max_px} pixels on its long side")
    key, sha = storage().put(data)
    return await file_stored(
        s,
        seller_id,
        storage_key=key,
        file_name=file.filename or "picture",
        content_type=MEDIA_TYPES[fmt],
        size=len(data),
        sha256=sha,
    )


async def stored_picture(s: AsyncSession, file_id: int | None, seller_id: int) -> bytes | None:
    """A seller's stored picture's bytes (for a PDF); None when there is none, it is another seller's, or its file
    is gone (an account's deletion removes files)."""
    f = await seller_file(s, file_id, seller_id)
    if f is None:
        return None
    path = storage().path(f.storage_key)
    return path.read_bytes() if path.is_file() else None


async def seller_file(s: AsyncSession, file_id: int | None, seller_id: int) -> StoredFile | None:
    """The seller's stored file by its id; None when there is none or it is another seller's."""
    f = await s.get(StoredFile, file_id or 0)
    return f if f is not None and f.seller_id == seller_id else None
