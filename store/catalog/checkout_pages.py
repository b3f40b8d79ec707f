"""A seller's checkout settings (core §3) and the page a product sells on, with its social proof (core §9)."""

from __future__ import annotations

from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from domain.catalog.checkout_pages import SETTINGS_MAX, CheckoutPage
from domain.errors import DomainError, ErrorCode
from store.catalog.models import CheckoutSettings, Product


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
