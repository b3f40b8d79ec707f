"""A seller's custom fonts (one face per name, weight and style) and the pictures of their pages; scoped by seller."""

from __future__ import annotations

from sqlalchemy import delete, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from domain.builder.style import FONTS_MAX
from domain.errors import DomainError, ErrorCode, Refusal
from store.builder.models import CustomFont, PageMedia
from store.catalog.models import File


async def fonts_of(s: AsyncSession, seller_id: int) -> list[CustomFont]:
    q = (
        select(CustomFont)
        .where(CustomFont.seller_id == seller_id)
        .order_by(CustomFont.font_name, CustomFont.id)
    )
    return list((await s.execute(q)).scalars())


async def font_added(s: AsyncSession, font: CustomFont) -> CustomFont:
    count = (await s.execute(select(func.count()).where(CustomFont.seller_id == font.seller_id))).scalar_one()
    if count >= FONTS_MAX:
        raise DomainError(
            ErrorCode.CONFLICT, f"A shop keeps at most {FONTS_MAX} fonts.", reason=Refusal.too_many
        )
    try:
        async with s.begin_nested():
            s.add(font)
    except IntegrityError:
        raise DomainError(
            ErrorCode.CONFLICT, "This font has this weight and style already.", reason=Refusal.font_exists
        ) from None
    return font


async def font_removed(s: AsyncSession, seller_id: int, font_id: int) -> None:
    done = await s.execute(
        delete(CustomFont).where(CustomFont.id == font_id, CustomFont.seller_id == seller_id)
    )
    if not done.rowcount:  # type: ignore[attr-defined]
        raise DomainError(ErrorCode.NOT_FOUND, "Font not found.")


async def shop_font(s: AsyncSession, seller_id: int, font_id: int) -> tuple[CustomFont, File] | None:
    row = (
        await s.execute(
            select(CustomFont, File)
            .join(File, File.id == CustomFont.file_id)
            .where(CustomFont.id == font_id, CustomFont.seller_id == seller_id)
        )
    ).first()
    return (row[0], row[1]) if row else None


async def media_added(s: AsyncSession, seller_id: int, file_id: int) -> PageMedia:
    row = PageMedia(seller_id=seller_id, file_id=file_id)
    s.add(row)
    await s.flush()
    return row


async def shop_media(s: AsyncSession, seller_id: int, media_id: int) -> tuple[PageMedia, File] | None:
    row = (
        await s.execute(
            select(PageMedia, File)
            .join(File, File.id == PageMedia.file_id)
            .where(PageMedia.id == media_id, PageMedia.seller_id == seller_id)
        )
    ).first()
    return (row[0], row[1]) if row else None
