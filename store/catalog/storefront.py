"""The public storefront of one seller (`/s/{username}`, or `/` on the seller's verified domain): the products a
buyer can open there: published, not private, not archived, of an active seller."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.accounts.account_deletion import AccountType
from domain.catalog.products import Publication
from domain.errors import DomainError, ErrorCode
from store.accounts.models import Seller, User
from store.catalog.models import Product
from store.catalog.queries import ProductView, views_of

STOREFRONT_MAX = 100  # products shown on one storefront, newest first


async def storefront(s: AsyncSession, username: str) -> tuple[Seller, str, list[ProductView]]:
    """The seller, their username as stored, and their public products; 404 for an unknown, deactivated or
    deleted seller (the same answer, so the storefront does not tell which)."""
    seller, stored = await shop_seller(s, username)
    return seller, stored, await public_products(s, seller)


async def shop_seller(s: AsyncSession, username: str) -> tuple[Seller, str]:
    """The active seller of a username (in any case) and the username as stored; 404 otherwise."""
    found = (
        await s.execute(
            select(Seller, User.username)
            .join(User, User.id == Seller.user_id)
            .where(func.lower(User.username) == username.lower(), Seller.account_type == AccountType.active)
        )
    ).first()
    if found is None or not found[1]:
        raise DomainError(ErrorCode.NOT_FOUND, "This shop does not exist.")
    return found[0], found[1]


async def public_products(s: AsyncSession, seller: Seller) -> list[ProductView]:
    """The seller's products a buyer can open, newest first."""
    products = (
        await s.scalars(
            select(Product)
            .where(
                Product.seller_id == seller.id,
                Product.publication == Publication.published,
                Product.is_private.is_(False),
                Product.is_archived.is_(False),
            )
            .order_by(Product.id.desc())
            .limit(STOREFRONT_MAX)
        )
    ).all()
    return await views_of(s, list(products))
