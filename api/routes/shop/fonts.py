"""`GET /v1/shop/{username}/fonts/{id}` and `/media/{id}`: a seller's custom fonts and pictures for their pages.
An id never changes its file (a new upload is a new id), so both are cached for a year."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path
from fastapi.responses import FileResponse

from api.deps import DB
from api.schemas.fields import Id
from domain.builder.style import FONT_MEDIA_TYPES, FontFormat
from domain.errors import DomainError, ErrorCode
from domain.limits import USERNAME_MAX
from providers.storage.local import storage
from store.builder.fonts import shop_font, shop_media
from store.catalog.storefront import shop_seller

router = APIRouter()


@router.get(
    "/{username}/fonts/{font_id}",
    response_class=FileResponse,
    responses={200: {"content": {"font/woff2": {}}, "description": "The font file"}},
)
async def shop_font_file(
    username: Annotated[str, Path(min_length=1, max_length=USERNAME_MAX)], font_id: Id, s: DB
) -> FileResponse:
    seller, _ = await shop_seller(s, username)
    found = await shop_font(s, seller.id, font_id)
    path = storage().path(found[1].storage_key) if found else None
    if found is None or path is None or not path.is_file():
        raise DomainError(ErrorCode.NOT_FOUND, "No such font.")
    return FileResponse(
        path,
        media_type=FONT_MEDIA_TYPES[FontFormat(found[0].font_format)],
        headers={"Cache-Control": "public, max-age=31536000, immutable", "Access-Control-Allow-Origin": "*"},
    )


@router.get(
    "/{username}/media/{media_id}",
    response_class=FileResponse,
    responses={200: {"content": {"image/png": {}, "image/jpeg": {}}, "description": "A page's picture"}},
)
async def shop_media_file(
    username: Annotated[str, Path(min_length=1, max_length=USERNAME_MAX)], media_id: Id, s: DB
) -> FileResponse:
    """A picture the seller uploaded for their pages (only those: the seller's other files are not public)."""
    seller, _ = await shop_seller(s, username)
    found = await shop_media(s, seller.id, media_id)
    path = storage().path(found[1].storage_key) if found else None
    if found is None or path is None or not path.is_file():
        raise DomainError(ErrorCode.NOT_FOUND, "No such picture.")
    return FileResponse(
        path,
        media_type=found[1].content_type,
        headers={"Cache-Control": "public, max-age=31536000, immutable"},
    )
