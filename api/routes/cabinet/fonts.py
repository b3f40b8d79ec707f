"""`/v1/cabinet/fonts`: custom fonts for the seller's pages (editor §3 Custom font: name, fallback, weight
100–900, style, `font-display` with its default swap, format, the file). A file is checked by its first bytes
(WOFF2, WOFF, TrueType or OpenType, at most 2 MB). Pages name a font in their theme or a block's style; the
storefront serves it from `/v1/shop/{username}/fonts/{id}` with the face's `font-display`."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, File, Form, Response, UploadFile

from api.deps import DB, CurrentSeller
from api.presenters.builder import font_out
from api.schemas.builder import FontList, FontOut, MediaOut
from api.schemas.fields import Id
from api.uploads import picture_upload
from domain.builder.style import FONT_MAX_BYTES, FONT_NAME, FontDisplay, FontStyle
from services import builder
from store.builder.fonts import font_removed, fonts_of, media_added

router = APIRouter()


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
    face = builder.FontFace(font_name, fallback_font, font_weight, font_style, font_display)
    data = await file.read(FONT_MAX_BYTES + 1)
    font = await builder.font_uploaded(s, seller.id, face, data, file.filename or "font")
    return font_out(font, await _username(s, seller.id))


@router.delete("/fonts/{font_id}", status_code=204, response_class=Response)
async def delete_font(font_id: Id, seller: CurrentSeller, s: DB) -> Response:
    await font_removed(s, seller.id, font_id)
    return Response(status_code=204)


@router.post("/page_media", response_model=MediaOut, status_code=201)
async def add_page_media(seller: CurrentSeller, s: DB, file: Annotated[UploadFile, File()]) -> MediaOut:
    """A picture for the seller's pages (a PNG or JPEG of at most 5 MB, 16 to 6000 pixels, checked by its bytes):
    public at the address answered, which a block's picture setting takes."""
    stored = await picture_upload(s, seller.id, file, max_bytes=5 * 1024 * 1024, min_px=(16, 16), max_px=6000)
    row = await media_added(s, seller.id, stored.id)
    return MediaOut(id=row.id, url=f"/v1/shop/{await _username(s, seller.id)}/media/{row.id}")
