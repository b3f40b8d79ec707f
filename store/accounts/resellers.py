"""A seller's way of selling (domain/affiliates/resellers.py; issue 23): their requests to sell through the platform as
reseller, the manager's decision, and going back to selling in their own name."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from domain.affiliates.resellers import DECIDABLE, MAY_ASK, ResellerRequestState, SellingMode
from domain.errors import DomainError, ErrorCode, Refusal, refused
from store.accounts.models import ResellerRequest, Seller, User


async def requests_of(s: AsyncSession, seller_id: int) -> list[ResellerRequest]:
    """The seller's requests, newest first."""
    q = (
        select(ResellerRequest)
        .where(ResellerRequest.seller_id == seller_id)
        .order_by(ResellerRequest.id.desc())
    )
    return list((await s.execute(q)).scalars())


async def request_made(s: AsyncSession, seller: Seller, message: str) -> ResellerRequest:
    """The seller asks to sell through the reseller: 409 while one waits, or when they sell through it already."""
    if seller.selling_mode not in MAY_ASK:
        raise refused(Refusal.reseller_state)
    now = datetime.now(UTC)
    req = ResellerRequest(
        seller_id=seller.id,
        state=ResellerRequestState.waiting,
        message=message,
        created_at=now,
        updated_at=now,
    )
    try:
        async with s.begin_nested():
            s.add(req)
            await s.flush()
    except IntegrityError:  # another waits (the unique index: one at a time, also for two at once)
        raise refused(Refusal.reseller_state) from None
    return req


async def _request(s: AsyncSession, request_id: int, seller_id: int | None = None) -> ResellerRequest:
    q = select(ResellerRequest).where(ResellerRequest.id == request_id).with_for_update()
    if seller_id is not None:
        q = q.where(ResellerRequest.seller_id == seller_id)
    req = (await s.execute(q)).scalar_one_or_none()
    if req is None:
        raise DomainError(ErrorCode.NOT_FOUND, "No such request.")
    return req


async def request_canceled(s: AsyncSession, seller: Seller, request_id: int) -> ResellerRequest:
    req = await _request(s, request_id, seller.id)
    if req.state not in DECIDABLE:
        raise refused(Refusal.reseller_state)
    req.state = ResellerRequestState.canceled
    req.decided_at = datetime.now(UTC)
    return req


async def request_decided(
    s: AsyncSession, manager: User, request_id: int, *, approve: bool, reason: str | None
) -> ResellerRequest:
    """The manager's decision: approved, the seller sells through the reseller from now on; rejected, with why."""
    req = await _request(s, request_id)
    if req.state not in DECIDABLE:
        raise refused(Refusal.reseller_state)
    req.state = ResellerRequestState.approved if approve else ResellerRequestState.rejected
    req.reason = reason
    req.decided_by = manager.id
    req.decided_at = datetime.now(UTC)
    if approve:
        seller = (
            await s.execute(select(Seller).where(Seller.id == req.seller_id).with_for_update())
        ).scalar_one()
        seller.selling_mode = SellingMode.selling_via_reseller
    return req


def sells_by_ownself(seller: Seller) -> None:
    """Back to selling in the seller's own name, for the orders bought from now on."""
    if seller.selling_mode != SellingMode.selling_via_reseller:
        raise refused(Refusal.reseller_state)
    seller.selling_mode = SellingMode.selling_by_ownself


async def requests_listed(
    s: AsyncSession, state: ResellerRequestState | None, page: int, per: int
) -> tuple[list[tuple[ResellerRequest, str, str]], int]:
    """Every seller's requests for the managers (waiting first, oldest first among them), with the shop's username
    and e-mail."""
    where = (ResellerRequest.state == state,) if state else ()
    total = int(
        (await s.execute(select(func.count()).select_from(ResellerRequest).where(*where))).scalar_one()
    )
    rows = (
        await s.execute(
            select(ResellerRequest, User.username, User.email)
            .join(Seller, Seller.id == ResellerRequest.seller_id)
            .join(User, User.id == Seller.user_id)
            .where(*where)
            .order_by((ResellerRequest.state != ResellerRequestState.waiting), ResellerRequest.id)
            .offset((page - 1) * per)
            .limit(per)
        )
    ).all()
    return [(r, u or "", e) for r, u, e in rows], total


async def request_with_shop(s: AsyncSession, request_id: int) -> tuple[ResellerRequest, str, str]:
    row = (
        await s.execute(
            select(ResellerRequest, User.username, User.email)
            .join(Seller, Seller.id == ResellerRequest.seller_id)
            .join(User, User.id == Seller.user_id)
            .where(ResellerRequest.id == request_id)
        )
    ).one()
    return row[0], row[1] or "", row[2]
