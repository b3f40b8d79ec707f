"""`/v1/shop`: the public shop, one module per capability: the product page, checkout and pay, downloads, invoices, the payer's manage page, the license-key check."""

from fastapi import APIRouter

from api.routes.shop import (
    certificates,
    checkout,
    downloads,
    fonts,
    host,
    invoices,
    license_keys,
    manage,
    products,
    storefront,
    tickets,
)

router = APIRouter(prefix="/v1/shop", tags=["shop"])
router.include_router(host.router)
router.include_router(license_keys.router)
router.include_router(tickets.router)
router.include_router(certificates.router)
router.include_router(products.router)
router.include_router(storefront.router)
router.include_router(checkout.router)
router.include_router(downloads.router)
router.include_router(invoices.router)
router.include_router(manage.router)
router.include_router(fonts.router)
