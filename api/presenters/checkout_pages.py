"""A seller's checkout settings as the cabinet edits them."""

from __future__ import annotations

from api.deps import DB
from api.schemas.checkout_pages import CheckoutPageIn, CheckoutSettingsOut
from domain.catalog.checkout_pages import CheckoutPage
from store.catalog.checkout_pages import products_on
from store.catalog.models import CheckoutSettings


def page_in(body: CheckoutPageIn) -> CheckoutPage:
    return CheckoutPage.from_json(body.model_dump(mode="json"))


async def checkout_settings_out(s: DB, row: CheckoutSettings) -> CheckoutSettingsOut:
    return CheckoutSettingsOut(
        id=row.id,
        name=row.name,
        is_default=row.is_default,
        page=CheckoutPageIn.model_validate(CheckoutPage.from_json(row.settings).to_json()),
        products_count=await products_on(s, row.id),
        updated_at=row.updated_at,
    )
