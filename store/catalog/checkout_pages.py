"""A seller's checkout settings (core §3) and the page a product sells on, with its social proof (core §9)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from domain.catalog.checkout_pages import SETTINGS_MAX, CheckoutPage, SocialProofType
from domain.errors import DomainError, ErrorCode
from domain.orders.orders import PAID_STATES
from store.catalog.models import CheckoutSettings, Product
from store.orders.models import Order


async def settings_listed(s: AsyncSession, seller_id: int) -> list[CheckoutSettings]:
    q = (
        select(CheckoutSettings)
        .where(CheckoutSettings.seller_id == seller_id)
        .order_by(CheckoutSettings.is_default.desc(), CheckoutSettings.id)
    )
    return list((await s.execute(q)).scalars())


async def settings_of(
    s: AsyncSession, seller_id: int, settings_id: int, *, lock: bool = False
) -> CheckoutSettings:
    """The seller's own checkout settings; another seller's are simply not found."""
    q = select(CheckoutSettings).where(
        CheckoutSettings.id == settings_id, CheckoutSettings.seller_id == seller_id
    )
    row = (await s.execute(q.with_for_update() if lock else q)).scalar_one_or_none()
    if row is None:
        raise DomainError(ErrorCode.NOT_FOUND, "Checkout settings not found.")
    return row


async def settings_created(
    s: AsyncSession, seller_id: int, name: str, page: CheckoutPage
) -> CheckoutSettings:
    """New settings, the default only when the seller says so (`settings_saved`): a page made for one product
    changes no other product's checkout. 409 past the limit."""
    existing = await settings_listed(s, seller_id)
    if len(existing) >= SETTINGS_MAX:
        raise DomainError(
            ErrorCode.CONFLICT, f"At most {SETTINGS_MAX} checkout settings.", reason="checkout_settings_limit"
        )
    row = CheckoutSettings(seller_id=seller_id, name=name, is_default=False, settings=page.to_json())
    s.add(row)
    await s.flush()
    return row


async def settings_saved(
    s: AsyncSession, row: CheckoutSettings, name: str, page: CheckoutPage, make_default: bool
) -> CheckoutSettings:
    """Saved; `make_default` makes these the default of every product without its own (the previous default no
    longer is), and false on the default leaves the seller with none (the platform's checkout again)."""
    row.name = name
    row.settings = page.to_json()
    if not make_default:
        row.is_default = False
    elif not row.is_default:
        await s.execute(
            update(CheckoutSettings)
            .where(CheckoutSettings.seller_id == row.seller_id, CheckoutSettings.is_default)
            .values(is_default=False)
        )
        await s.flush()
        row.is_default = True
    await s.flush()
    return row


async def settings_deleted(s: AsyncSession, row: CheckoutSettings) -> None:
    """Removed; its products sell on the default again (the seller's, or the platform's when these were it: no
    other page becomes the default unasked)."""
    await s.delete(row)
    await s.flush()


async def page_of(s: AsyncSession, product: Product) -> CheckoutPage:
    """The checkout page a product sells on: its own settings, else its seller's default, else the defaults."""
    q = select(CheckoutSettings.settings).where(CheckoutSettings.seller_id == product.seller_id)
    if product.checkout_settings_id is not None:
        q = q.order_by(
            (CheckoutSettings.id == product.checkout_settings_id).desc(), CheckoutSettings.is_default.desc()
        )
        q = q.where((CheckoutSettings.id == product.checkout_settings_id) | CheckoutSettings.is_default)
    else:
        q = q.where(CheckoutSettings.is_default)
    stored = (await s.execute(q.limit(1))).scalar()
    return CheckoutPage.from_json(stored)


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


async def product_viewed(s: AsyncSession, product_id: int) -> None:
    """One more view of the product's page (total_views)."""
    await s.execute(
        update(Product)
        .where(Product.id == product_id)
        # a view is not an edit: `updated_at` stays (without it, the column's onupdate would set it)
        .values(views_count=Product.views_count + 1, updated_at=Product.updated_at)
    )


async def products_on(s: AsyncSession, settings_id: int) -> int:
    q = select(func.count()).select_from(Product).where(Product.checkout_settings_id == settings_id)
    return int((await s.execute(q)).scalar_one())
