"""What a paid order delivers to the buyer, by its product's form: a file, a link and/or a text, a license key.
Shown on the thank-you page and in the confirmation mail while the order's access stays open."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import quote

from sqlalchemy.ext.asyncio import AsyncSession

from domain.products import ProductForm
from store.accounts.queries import seller_user_of
from store.catalog.license_keys import access_open, key_of_order
from store.catalog.models import Product
from store.orders.models import Order
from store.orders.queries import access_of_order

# the forms whose product carries a link and a text to deliver (a service's text is its booking note)
TEXT_FORMS = frozenset({ProductForm.digital, ProductForm.service})


@dataclass(frozen=True)
class Delivered:
    download_token: str | None = None
    link: str | None = None
    text: str | None = None
    license_key: str | None = None
    course_path: str | None = None  # a course: its player in the payer area (signing in by magic link first)


async def delivered_of(s: AsyncSession, order: Order) -> Delivered | None:
    """What the buyer has now, or None while the order is unpaid or its access closed (refund, chargeback, an
    ended subscription, a rate in debt)."""
    access = await access_of_order(s, order.id)
    if access is None or not access_open(order.payment_state, access):
        return None
    product = await s.get(Product, order.product_id)
    if product is None:
        return Delivered(download_token=access.token if access.file_id else None)
    key = await key_of_order(s, order.id) if product.form == ProductForm.license_key else None
    texts = product.form in TEXT_FORMS
    course = None
    if product.form == ProductForm.course:
        seller = await seller_user_of(s, order.seller_id)
        course = f"/payer/s/{quote(seller.username or '')}/courses/{product.id}" if seller else None
    return Delivered(
        download_token=access.token if access.file_id else None,
        link=product.delivery_link if texts else None,
        text=product.delivery_text if texts else None,
        license_key=key.key if key else None,
        course_path=course,
    )
