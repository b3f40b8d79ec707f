"""A license-key product's pool: keys added in bulk, one reserved per order when it is paid for, given back when
the checkout expires unpaid, and what the public verify call answers."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import and_, delete, func, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from domain.catalog.license_keys import KeyState, VerifyAnswer
from domain.catalog.products import ProductForm
from domain.errors import DomainError, ErrorCode
from domain.orders.orders import CHECKOUT_OPEN_STATES, PAID_STATES
from store.accounts.models import Seller, User
from store.catalog.models import LicenseKey, Product
from store.catalog.tickets import ticket_reserved
from store.orders.models import Access, Order


@dataclass(frozen=True)
class PoolCounts:
    free: int
    taken: int  # reserved by a checkout or sold


async def keys_added(s: AsyncSession, product: Product, keys: list[str]) -> tuple[int, int]:
    """The keys joined to the pool, each once: (added, already there). A key the seller already has, in this
    product or another, is not added again."""
    unique = list(dict.fromkeys(keys))
    added = 0
    for start in range(0, len(unique), 1000):
        chunk = unique[start : start + 1000]
        result = await s.execute(
            insert(LicenseKey)
            .values([{"seller_id": product.seller_id, "product_id": product.id, "key": k} for k in chunk])
            .on_conflict_do_nothing(index_elements=["seller_id", "key"])
            .returning(LicenseKey.id)
        )
        added += len(result.all())
    return added, len(keys) - added


async def pool_counts(s: AsyncSession, product_ids: list[int]) -> dict[int, PoolCounts]:
    """Free and taken keys per product, in one query."""
    if not product_ids:
        return {}
    rows = (
        await s.execute(
            select(
                LicenseKey.product_id,
                func.count().filter(LicenseKey.order_id.is_(None)),
                func.count().filter(LicenseKey.order_id.is_not(None)),
            )
            .where(LicenseKey.product_id.in_(product_ids))
            .group_by(LicenseKey.product_id)
        )
    ).all()
    found = {pid: PoolCounts(free, taken) for pid, free, taken in rows}
    return {pid: found.get(pid, PoolCounts(0, 0)) for pid in product_ids}


async def key_of_order(s: AsyncSession, order_id: int) -> LicenseKey | None:
    return (await s.execute(select(LicenseKey).where(LicenseKey.order_id == order_id))).scalar_one_or_none()


async def key_reserved(s: AsyncSession, order: Order) -> LicenseKey | None:
    """The order's key: the one it already holds, else the oldest free key of its product, taken under SKIP LOCKED
    so that concurrent buyers each get a different key and the last key goes to exactly one of them. None when the
    pool is empty. Safe to repeat: a retried step finds the key its first run took."""
    held = await key_of_order(s, order.id)
    if held is not None:
        return held
    free = (
        select(LicenseKey.id)
        .where(LicenseKey.product_id == order.product_id, LicenseKey.order_id.is_(None))
        .order_by(LicenseKey.id)
        .limit(1)
        .with_for_update(skip_locked=True)
        .scalar_subquery()
    )
    try:
        async with s.begin_nested():
            taken = (
                await s.execute(
                    update(LicenseKey)
                    .where(LicenseKey.id == free)
                    .values(order_id=order.id, reserved_at=datetime.now(UTC))
                    .returning(LicenseKey.id)
                )
            ).scalar_one_or_none()
    except IntegrityError:  # a concurrent run of this step reserved for the same order first
        return await key_of_order(s, order.id)
    if taken is None:
        return None
    return await s.get(LicenseKey, taken)


async def key_released(s: AsyncSession, order: Order) -> None:
    """A checkout that ends unpaid gives its key back to the pool (it was never shown to anyone)."""
    if order.payment_state in PAID_STATES:
        return
    await s.execute(
        update(LicenseKey).where(LicenseKey.order_id == order.id).values(order_id=None, reserved_at=None)
    )


async def key_removed(s: AsyncSession, product: Product, key_id: int) -> None:
    """The seller takes a free key out of the pool; a reserved or sold key stays (409)."""
    row = (
        await s.execute(
            select(LicenseKey).where(LicenseKey.id == key_id, LicenseKey.product_id == product.id)
        )
    ).scalar_one_or_none()
    if row is None:
        raise DomainError(ErrorCode.NOT_FOUND, "License key not found.")
    if row.order_id is not None:
        raise DomainError(ErrorCode.CONFLICT, "This key is reserved or sold and stays with its order.")
    await s.execute(delete(LicenseKey).where(LicenseKey.id == key_id, LicenseKey.order_id.is_(None)))


def key_state(order_id: int | None, payment_state: str | None, access: Access | None) -> KeyState:
    if order_id is None:
        return KeyState.free
    if payment_state in CHECKOUT_OPEN_STATES:
        return KeyState.reserved
    if access_open(payment_state, access):
        return KeyState.delivered
    return KeyState.revoked


def access_open(payment_state: str | None, access: Access | None) -> bool:
    """What the buyer got stays theirs while the order is paid (a one-time order paid, a subscription paying) and
    no refund, chargeback, ended subscription or rate in debt closed it."""
    return (
        payment_state in PAID_STATES
        and access is not None
        and access.revoked_at is None
        and access.suspended_at is None
    )


@dataclass(frozen=True)
class KeyRow:
    id: int
    key: str
    state: KeyState
    order_token: str | None
    payer_email: str | None
    reserved_at: datetime | None


async def keys_listed(
    s: AsyncSession, product: Product, state: KeyState | None, page: int, per: int
) -> tuple[list[KeyRow], int]:
    """The pool, newest first, optionally only free or only taken keys."""
    q = (
        select(LicenseKey, Order.token, Order.payer_email, Order.payment_state, Access)
        .outerjoin(Order, Order.id == LicenseKey.order_id)
        .outerjoin(Access, Access.order_id == LicenseKey.order_id)
        .where(LicenseKey.product_id == product.id)
    )
    if state == KeyState.free:
        q = q.where(LicenseKey.order_id.is_(None))
    elif state is not None:
        q = q.where(LicenseKey.order_id.is_not(None))
    total = (await s.execute(select(func.count()).select_from(q.subquery()))).scalar_one()
    rows = (await s.execute(q.order_by(LicenseKey.id.desc()).offset((page - 1) * per).limit(per))).all()
    out = [
        KeyRow(k.id, k.key, key_state(k.order_id, ps, acc), token, email, k.reserved_at)
        for k, token, email, ps, acc in rows
    ]
    return out, total


async def key_verified(s: AsyncSession, username: str, key: str) -> tuple[VerifyAnswer, str | None]:
    """What a seller's software hears about a key: valid while its order is paid and open, revoked once a
    refund, chargeback, ended subscription or unpaid rate closed it, unknown otherwise (also for a free or
    merely reserved key, which nobody was given). With the product's slug when known."""
    row = (
        await s.execute(
            select(LicenseKey.order_id, Product.slug, Order.payment_state, Access)
            .join(Seller, Seller.id == LicenseKey.seller_id)
            .join(User, and_(User.id == Seller.user_id, func.lower(User.username) == username.lower()))
            .join(Product, Product.id == LicenseKey.product_id)
            .outerjoin(Order, Order.id == LicenseKey.order_id)
            .outerjoin(Access, Access.order_id == LicenseKey.order_id)
            .where(LicenseKey.key == key)
        )
    ).first()
    if row is None:
        return VerifyAnswer.unknown, None
    order_id, slug, payment_state, access = row
    state = key_state(order_id, payment_state, access)
    if state == KeyState.delivered:
        return VerifyAnswer.valid, slug
    if state == KeyState.revoked:
        return VerifyAnswer.revoked, slug
    return VerifyAnswer.unknown, None


async def order_goods_reserved(s: AsyncSession, order: Order) -> bool:
    """What the order needs set aside before it is paid: a license key for a license-key product, a seat (its
    payment ticket) for an event, reserved now if it holds none; nothing for the other forms. False when the pool
    is empty or the ticket sold out."""
    form = (await s.execute(select(Product.form).where(Product.id == order.product_id))).scalar_one_or_none()
    if form == ProductForm.event:
        return await ticket_reserved(s, order)
    if form != ProductForm.license_key:
        return True
    return await key_reserved(s, order) is not None
