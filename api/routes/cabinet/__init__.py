"""`/v1/cabinet`: the seller's area, one module per capability. Every call is scoped to the caller's seller."""

from fastapi import APIRouter

from api.routes.cabinet import (
    account_deletion,
    addons,
    affiliates,
    billing,
    certificates,
    checkout_pages,
    coupons,
    courses,
    domains,
    events,
    exports,
    fonts,
    invoices,
    legal,
    license_keys,
    notifications,
    orders,
    pages,
    payment_settings,
    payouts,
    platform_invoices,
    pricing_plans,
    products,
    profile,
    recovery,
    reseller,
    saved_views,
    seller_webhooks,
    team,
    themes,
    ticket_design,
    tracking,
    transfers,
)

router = APIRouter(prefix="/v1/cabinet", tags=["cabinet"])
# A request is matched against the routes in this order, one by one: the busiest list first (no other router's
# paths start with `/orders`).
router.include_router(orders.router)
# before products: its `POST /products/{id}/{action}` would take `…/tickets`
router.include_router(certificates.router)
router.include_router(courses.router)
router.include_router(events.router)
router.include_router(ticket_design.router)
router.include_router(addons.router)
router.include_router(checkout_pages.router)
router.include_router(license_keys.router)  # before products: its `{action}` route takes any last segment
router.include_router(pricing_plans.router)
router.include_router(products.router)
router.include_router(profile.router)
router.include_router(transfers.router)
router.include_router(invoices.router)
router.include_router(platform_invoices.router)
router.include_router(billing.router)
router.include_router(recovery.router)
router.include_router(exports.router)
router.include_router(payouts.router)
router.include_router(saved_views.router)
router.include_router(account_deletion.router)
router.include_router(domains.router)
router.include_router(coupons.router)
router.include_router(seller_webhooks.router)
router.include_router(notifications.router)
router.include_router(pages.router)
router.include_router(tracking.router)
router.include_router(fonts.router)
router.include_router(legal.router)
router.include_router(themes.router)
router.include_router(payment_settings.router)
router.include_router(affiliates.router)
router.include_router(team.router)
router.include_router(reseller.router)
