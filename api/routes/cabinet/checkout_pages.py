"""`/v1/cabinet/checkout_settings`: the seller's checkout pages (core §3 Checkout settings): layout, theme, trust
seals, buyer details, confirmation mail and social proof; one is the default, a product may choose another.
Scoped to the caller's seller."""

from __future__ import annotations

from fastapi import APIRouter, Response

from api.deps import DB, CurrentSeller
from api.presenters.checkout_pages import checkout_settings_out, page_in
from api.schemas.checkout_pages import (
    CheckoutSettingsIn,
    CheckoutSettingsList,
    CheckoutSettingsOut,
)
from api.schemas.fields import Id
from domain.catalog.checkout_pages import SETTINGS_MAX
from store.catalog.checkout_pages import (
    settings_created,
    settings_deleted,
    settings_listed,
    settings_of,
    settings_saved,
)

router = APIRouter()


@router.get("/checkout_settings", response_model=CheckoutSettingsList)
async def list_checkout_settings(seller: CurrentSeller, s: DB) -> CheckoutSettingsList:
    rows = await settings_listed(s, seller.id)
    return CheckoutSettingsList(
        list=[await checkout_settings_out(s, r) for r in rows], settings_max=SETTINGS_MAX
    )


@router.post("/checkout_settings", response_model=CheckoutSettingsOut, status_code=201)
async def create_checkout_settings(
    body: CheckoutSettingsIn, seller: CurrentSeller, s: DB
) -> CheckoutSettingsOut:
    """New checkout settings, for the products that choose them; `is_default` makes them the default of every
    product without its own."""
    row = await settings_created(s, seller.id, body.name.strip() or "Checkout", page_in(body.page))
    if body.is_default:
        row = await settings_saved(s, row, row.name, page_in(body.page), True)
    return await checkout_settings_out(s, row)


@router.get("/checkout_settings/{settings_id}", response_model=CheckoutSettingsOut)
async def get_checkout_settings(settings_id: Id, seller: CurrentSeller, s: DB) -> CheckoutSettingsOut:
    return await checkout_settings_out(s, await settings_of(s, seller.id, settings_id))


@router.put("/checkout_settings/{settings_id}", response_model=CheckoutSettingsOut)
async def save_checkout_settings(
    settings_id: Id, body: CheckoutSettingsIn, seller: CurrentSeller, s: DB
) -> CheckoutSettingsOut:
    """Every field at once (what the editor shows); `is_default` makes these the default of every product without
    its own (false on the default: none, the platform's checkout)."""
    row = await settings_of(s, seller.id, settings_id, lock=True)
    row = await settings_saved(s, row, body.name.strip() or row.name, page_in(body.page), body.is_default)
    return await checkout_settings_out(s, row)


@router.delete("/checkout_settings/{settings_id}", status_code=204, response_class=Response)
async def delete_checkout_settings(settings_id: Id, seller: CurrentSeller, s: DB) -> Response:
    """Removed; its products sell on the default page again (none becomes the default unasked)."""
    await settings_deleted(s, await settings_of(s, seller.id, settings_id, lock=True))
    return Response(status_code=204)
