"""`/v1/shop/{username}/products/{slug}`: the public product page; `/v1/shop/{username}/documents/{document}`: the
shop's legal documents as its checkout opens them."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query
from fastapi.responses import FileResponse

from api.deps import DB
from api.presenters.catalog import shop_product_answer
from api.schemas.fields import Id
from api.schemas.shop import AppTracking, AppTrackingCode, DocumentOut, ShopProduct
from domain.builder.legal import Document
from domain.builder.tracking import APP_PAGES, TrackingSettings, codes_for
from domain.catalog.products import ProductForm
from domain.errors import DomainError, ErrorCode
from domain.limits import USERNAME_MAX
from providers.storage.local import storage
from store.builder.settings import legal_texts, tracking_settings
from store.catalog.checkout_pages import product_viewed
from store.catalog.queries import product_cover, shop_product
from store.catalog.storefront import shop_seller

router = APIRouter()
Username = Annotated[str, Path(min_length=1, max_length=USERNAME_MAX)]


@router.get("/{username}/products/{slug}", response_model=ShopProduct)
async def get_shop_product(username: str, slug: str, s: DB) -> ShopProduct:
    v = await shop_product(s, username, slug)
    await product_viewed(s, v.product.id)  # the social proof's total views (the seller's preview is not one)
    return await shop_product_answer(s, v, username)


@router.get("/{username}/documents/{document}", response_model=DocumentOut)
async def get_shop_document(
    username: Username,
    document: Document,
    s: DB,
    product_type: ProductForm | None = None,
    lang: Annotated[str, Query(max_length=8)] = "en",
) -> DocumentOut:
    """A legal document of the shop, for the checkout to open beside the buy button without leaving the page: the
    cancellation terms of `product_type` where the seller wrote that type's own, in `lang` where the seller wrote
    it, else the other language. 404 for a document the seller has not written."""
    seller, _ = await shop_seller(s, username)
    text = (await legal_texts(s, seller.id)).of(document, product_type).in_language(lang)
    if not text:
        raise DomainError(ErrorCode.NOT_FOUND, "This shop has not written this document.")
    return DocumentOut(document=document, text=text)


@router.get("/{username}/tracking", response_model=AppTracking)
async def get_shop_tracking(username: Username, s: DB) -> AppTracking:
    """The tracking of the shop's checkout and thank-you pages in the web app: the consent banner and the codes that
    fire there after consent (GA4 `begin_checkout` and `purchase`, Meta `InitiateCheckout` and `Purchase`)."""
    seller, stored = await shop_seller(s, username)
    settings = await tracking_settings(s, seller.id) or TrackingSettings()
    consent = settings.consent
    codes: dict[str, AppTrackingCode] = {}
    for page in APP_PAGES:
        for c, category in codes_for(settings, page):
            codes.setdefault(
                c.id, AppTrackingCode(type=c.tracking_type, id=c.code, category=category, pages=[])
            ).pages.append(page)
    return AppTracking(
        mode=consent.mode,
        categories=consent.categories,
        text=consent.text,
        cookiebot_id=consent.cookiebot_id,
        cookie=f"sf_consent_{stored}",
        codes=list(codes.values()),
    )


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
