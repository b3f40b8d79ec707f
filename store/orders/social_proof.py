"""What a checkout page shows as social proof: the product's views and sales, and its latest buyer (first name,
the last name's initial, country, when)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.catalog.checkout_pages import CheckoutPage, SocialProofType
from domain.orders.orders import PAID_STATES
from store.catalog.models import Product
from store.orders.models import Order


@dataclass(frozen=True)
class SocialProof:
    total_views: int | None = None
    total_purchases: int | None = None
    recent_first_name: str | None = None  # the latest buyer's first name, initial of the last
    recent_country: str | None = None
    recent_at: datetime | None = None


async def social_proof_of(s: AsyncSession, product: Product, page: CheckoutPage) -> SocialProof:
    """What the page shows as social proof, of the types the settings enable (nothing else is read)."""
    kinds = set(page.social_proof)
    recent = None
    if SocialProofType.recent_purchase in kinds:
        recent = (
            await s.execute(
                select(Order.payer_first_name, Order.payer_last_name, Order.payer_country, Order.paid_at)
                .where(Order.product_id == product.id, Order.payment_state.in_(PAID_STATES))
                .order_by(Order.paid_at.desc().nulls_last())
                .limit(1)
            )
        ).first()
    return SocialProof(
        total_views=product.views_count if SocialProofType.total_views in kinds else None,
        total_purchases=product.sold_count if SocialProofType.total_purchases in kinds else None,
        recent_first_name=(
            f"{recent[0]} {recent[1][:1]}.".strip() if recent and recent[1] else recent[0] if recent else None
        ),
        recent_country=recent[2] if recent else None,
        recent_at=recent[3] if recent else None,
    )
