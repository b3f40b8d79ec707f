"""`GET /v1/shop/{username}/products`: a seller's storefront, the list of products a buyer can open (the web app
shows it at `/s/{username}`, and at `/` on the seller's verified domain)."""

from __future__ import annotations

from fastapi import APIRouter

from api.deps import DB
from api.schemas.shop import Storefront, StorefrontProduct
from domain.errors import DomainError, ErrorCode
from domain.limits import USERNAME_MAX
from store.accounts.queries import display_name, seller_user_of
from store.catalog.storefront import storefront

router = APIRouter()


@router.get("/{username}/products", response_model=Storefront)
async def get_storefront(username: str, s: DB) -> Storefront:
    if not username or len(username) > USERNAME_MAX:
        raise DomainError(ErrorCode.NOT_FOUND, "This shop does not exist.")
    seller, stored, views = await storefront(s, username)
    user = await seller_user_of(s, seller.id)
    return Storefront(
        username=stored,
        seller_name=display_name(user) or stored,
        products=[
            StorefrontProduct(
                name=v.product.name,
                slug=v.product.slug,
                form=v.product.form,
                display_price=v.price_plan.price if v.price_plan else None,
                currency=v.price_plan.currency if v.price_plan else None,
                sellable=not v.reasons,
            )
            for v in views
        ],
    )
