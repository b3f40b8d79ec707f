"""`/v1/shop/{username}/products/{slug}`: the public product page."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path
from fastapi.responses import FileResponse

from api.deps import DB
from api.presenters.catalog import shop_product_answer
from api.schemas.fields import Id
from api.schemas.shop import ShopProduct
from domain.errors import DomainError, ErrorCode
from providers.storage.local import storage
from store.catalog.checkout_pages import product_viewed
from store.catalog.queries import product_cover, shop_product

router = APIRouter()


@router.get("/{username}/products/{slug}", response_model=ShopProduct)
async def get_shop_product(username: str, slug: str, s: DB) -> ShopProduct:
    v = await shop_product(s, username, slug)
    await product_viewed(s, v.product.id)  # the social proof's total views (the seller's preview is not one)
    return await shop_product_answer(s, v, username)


@router.get(
    "/covers/{product_id}/{token}/{size}.webp",
    response_class=FileResponse,
    responses={200: {"content": {"image/webp": {}}, "description": "A product cover in one size"}},
)
async def cover_image(
    product_id: Id,
    token: Annotated[str, Path(pattern="^[0-9a-f]{16}$")],
    size: Annotated[str, Path(pattern="^s[0-9]{2,4}$")],
    s: DB,
) -> FileResponse:
    """A cover in one of its sizes. Its address changes with each new cover, so it is cached for a year."""
    cover = await product_cover(s, product_id)
    variant = (cover or {}).get("variants", {}).get(size) if cover and cover.get("token") == token else None
    if variant is None:
        raise DomainError(ErrorCode.NOT_FOUND, "No such cover.")
    return FileResponse(
        storage().path(variant["key"]),
        media_type="image/webp",
        headers={"Cache-Control": "public, max-age=31536000, immutable"},
    )
