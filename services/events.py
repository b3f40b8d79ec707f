"""An event (a product of form event) of the seller's, for its tickets and their design."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from domain.errors import DomainError, ErrorCode
from domain.products import ProductForm
from store.catalog.models import Product
from store.catalog.queries import product_of


async def event_product(s: AsyncSession, seller_id: int, product_id: int) -> Product:
    product = (await product_of(s, seller_id, product_id)).product
    if product.form != ProductForm.event:
        raise DomainError(ErrorCode.NOT_FOUND, "This product is not an event.")
    return product
