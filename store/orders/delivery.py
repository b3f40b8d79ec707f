"""What a paid order delivers to the buyer, by its product's form: a file, a link and/or a text, a license key.
Shown on the thank-you page and in the confirmation mail while the order's access stays open."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import quote

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.catalog.bundles import PARENT_FORMS
from domain.catalog.events import shown_code
from domain.catalog.products import ProductForm
from domain.errors import DomainError, ErrorCode
from store.accounts.queries import seller_user_of
from store.catalog.bundles import included_products
from store.catalog.certificates import certificate_of_order
from store.catalog.license_keys import access_open, key_of_order
from store.catalog.models import File, Product
from store.catalog.tickets import held_ticket_of_order
from store.orders.models import Access, Order
from store.orders.queries import access_of_order

# the forms whose product carries a link and a text to deliver (a service's text is its booking note)
TEXT_FORMS = frozenset({ProductForm.digital, ProductForm.service})


@dataclass(frozen=True)
class DeliveredItem:
    """One product a membership or bundle includes, as the buyer gets it."""

    product_id: int
    name: str
    form: ProductForm
    download_path: str | None = None  # the included file, by the parent order's download token
    link: str | None = None
    text: str | None = None
    course_path: str | None = None


@dataclass(frozen=True)
class Delivered:
    download_token: str | None = None
    link: str | None = None
    text: str | None = None
    license_key: str | None = None
    course_path: str | None = None  # a course: its player in the payer area (signing in by magic link first)
    items: tuple[DeliveredItem, ...] = ()  # a membership or bundle: each included product
    # an event: the payment ticket's code and its page (/s/{seller}/tickets/{code})
    ticket_code: str | None = None
    ticket_path: str | None = None
    # a certificate: its number and page (/s/{seller}/certificates/{number}) once issued, or pending a course
    certificate_number: str | None = None
    certificate_path: str | None = None
    certificate_pending: bool = False


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
    seller = await seller_user_of(s, order.seller_id)
    held = await held_ticket_of_order(s, order) if product.form == ProductForm.event else None
    cert = await certificate_of_order(s, order.id) if product.form == ProductForm.certificate else None
    courses = f"/payer/s/{quote(seller.username or '') if seller else ''}/courses"
    course = f"{courses}/{product.id}" if product.form == ProductForm.course else None
    items = tuple(
        DeliveredItem(
            product_id=p.id,
            name=p.name,
            form=p.form,
            download_path=f"/v1/shop/downloads/{access.token}/items/{p.id}" if p.file_id else None,
            link=p.delivery_link if p.form in TEXT_FORMS else None,
            text=p.delivery_text if p.form in TEXT_FORMS else None,
            course_path=f"{courses}/{p.id}" if p.form == ProductForm.course else None,
        )
        for p in (await included_products(s, product.id) if product.form in PARENT_FORMS else [])
    )
    return Delivered(
        download_token=access.token if access.file_id else None,
        link=product.delivery_link if texts else None,
        text=product.delivery_text if texts else None,
        license_key=key.key if key else None,
        course_path=course,
        items=items,
        certificate_number=cert.number if cert else None,
        certificate_path=f"/s/{quote(seller.username or '') if seller else ''}/certificates/{cert.number}"
        if cert
        else None,
        certificate_pending=product.form == ProductForm.certificate and cert is None,
        ticket_code=shown_code(held.payment.code) if held else None,
        ticket_path=f"/s/{quote(seller.username or '') if seller else ''}/tickets/{held.payment.code}"
        if held
        else None,
    )


async def included_file_of(s: AsyncSession, access_token: str, product_id: int) -> File:
    """An included product's file, by the parent order's download token, while that order's access stays open."""
    row = (
        await s.execute(
            select(Access, Order).join(Order, Order.id == Access.order_id).where(Access.token == access_token)
        )
    ).first()
    if row is None or not access_open(row[1].payment_state, row[0]):
        raise DomainError(ErrorCode.NOT_FOUND, "Download not found.")
    included = {p.id: p for p in await included_products(s, row[1].product_id)}
    p = included.get(product_id)
    f = await s.get(File, p.file_id) if p is not None and p.file_id else None
    if f is None:
        raise DomainError(ErrorCode.NOT_FOUND, "Download not found.")
    return f
