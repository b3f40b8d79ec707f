"""`/v1/cabinet/fonts`: custom fonts for the seller's pages (editor §3 Custom font: name, fallback, weight
100–900, style, `font-display` with its default swap, format, the file). A file is checked by its first bytes
(WOFF2, WOFF, TrueType or OpenType, at most 2 MB). Pages name a font in their theme or a block's style; the
storefront serves it from `/v1/shop/{username}/fonts/{id}` with the face's `font-display`."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, File, Form, Response, UploadFile
from pydantic import BaseModel

from api.deps import DB, CurrentSeller
from api.schemas.fields import Id
from api.uploads import picture_upload
from domain.builder.style import (
    FONT_MAX_BYTES,
    FONT_NAME,
    FontDisplay,
    FontFormat,
    FontStyle,
    font_format,
)
from domain.errors import invalid
from providers.storage.local import storage
from store.builder.fonts import font_added, font_removed, fonts_of, media_added
from store.builder.models import CustomFont
from store.catalog.actions import file_stored

router = APIRouter()
FALLBACKS = ("Montserrat", "system-ui", "sans-serif", "serif", "monospace", "Georgia", "Arial")


class FontOut(BaseModel):
    id: int
    font_name: str
    fallback_font: str
    font_weight: int
    font_style: FontStyle
    font_display: FontDisplay
    font_format: FontFormat
    url: str


class FontList(BaseModel):
    list: list[FontOut]


def font_out(f: CustomFont, username: str) -> FontOut:
    return FontOut(
        id=f.id,
        font_name=f.font_name,
        fallback_font=f.fallback_font,
        font_weight=f.font_weight,
        font_style=FontStyle(f.font_style),
        font_display=FontDisplay(f.font_display),
        font_format=FontFormat(f.font_format),
        url=f"/v1/shop/{username}/fonts/{f.id}",
    )


async def _username(s: DB, seller_id: int) -> str:
    from store.accounts.queries import seller_user_of

    user = await seller_user_of(s, seller_id)
    return (user.username if user else None) or "-"


@router.get("/fonts", response_model=FontList)
async def list_fonts(seller: CurrentSeller, s: DB) -> FontList:
    username = await _username(s, seller.id)
    return FontList(list=[font_out(f, username) for f in await fonts_of(s, seller.id)])


@router.post("/fonts", response_model=FontOut, status_code=201)
async def add_font(
    seller: CurrentSeller,
    s: DB,
    file: Annotated[UploadFile, File()],
    font_name: Annotated[str, Form(pattern=FONT_NAME)],
    fallback_font: Annotated[str, Form(max_length=40)] = "Montserrat",
    font_weight: Annotated[int, Form(ge=100, le=900, multiple_of=100)] = 400,
    font_style: Annotated[FontStyle, Form()] = FontStyle.normal,
    font_display: Annotated[FontDisplay, Form()] = FontDisplay.swap,
) -> FontOut:
    """A font face added; its format is read from the file itself (400 `file` when it is not a font)."""
    if fallback_font not in FALLBACKS:
        raise invalid(fallback_font=f"one of {', '.join(FALLBACKS)}")
    data = await file.read(FONT_MAX_BYTES + 1)
    if len(data) > FONT_MAX_BYTES:
        raise invalid(file="too big: at most 2 MB")
    fmt = font_format(data)
    if fmt is None:
        raise invalid(file="a WOFF2, WOFF, TrueType or OpenType font")
    key, sha = storage().put(data)
    stored = await file_stored(
        s,
        seller.id,
        storage_key=key,
        file_name=file.filename or "font",
        content_type=f"font/{fmt.value}",
        size=len(data),
        sha256=sha,
    )
    font = await font_added(
        s,
        CustomFont(
            seller_id=seller.id,
            font_name=font_name.strip(),
            fallback_font=fallback_font,
            font_weight=font_weight,
            font_style=font_style.value,
            font_display=font_display.value,
            font_format=fmt.value,
            file_id=stored.id,
        ),
    )
    return font_out(font, await _username(s, seller.id))


@router.delete("/fonts/{font_id}", status_code=204, response_class=Response)
async def delete_font(font_id: Id, seller: CurrentSeller, s: DB) -> Response:
    await font_removed(s, seller.id, font_id)
    return Response(status_code=204)


class MediaOut(BaseModel):
    id: int
    url: str  # the address to put in a picture, banner, logo or avatar setting


@router.post("/page_media", response_model=MediaOut, status_code=201)
async def add_page_media(seller: CurrentSeller, s: DB, file: Annotated[UploadFile, File()]) -> MediaOut:
    """A picture for the seller's pages (a PNG or JPEG of at most 5 MB, 16 to 6000 pixels, checked by its bytes):
    public at the address answered, which a block's picture setting takes."""
    stored = await picture_upload(s, seller.id, file, max_bytes=5 * 1024 * 1024, min_px=(16, 16), max_px=6000)
    row = await media_added(s, seller.id, stored.id)
    return MediaOut(id=row.id, url=f"/v1/shop/{await _username(s, seller.id)}/media/{row.id}")
