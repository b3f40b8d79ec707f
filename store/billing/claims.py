"""Claims of unpaid rates (one per order and rate) and the seller's claim settings."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain.claims import (
    ClaimClosed,
    ClaimOutcome,
    ClaimSettings,
    ClaimStrategy,
    DunningStage,
    DunningState,
    InkassoStatus,
)
from domain.orders import OrderRateState
from domain.subscriptions import DeclineKind
from store.billing.models import Claim, ClaimSettingsRow
from store.billing.subscriptions import rate_row
from store.orders.queries import order_by_token


async def claim_settings_of(s: AsyncSession, seller_id: int) -> ClaimSettings:
    row = await s.get(ClaimSettingsRow, seller_id)
    if row is None:
        return ClaimSettings()
    return ClaimSettings(row.strategy.value, (row.first_days, row.second_days, row.third_days))


async def claim_settings_saved(s: AsyncSession, seller_id: int, settings: ClaimSettings) -> None:
    first, second, third = settings.stage_days
    values = {
        "strategy": ClaimStrategy(settings.strategy),
        "first_days": first,
        "second_days": second,
        "third_days": third,
    }
    await s.execute(
        insert(ClaimSettingsRow)
        .values(seller_id=seller_id, **values)
        .on_conflict_do_update(index_elements=[ClaimSettingsRow.seller_id], set_=values)
    )


async def claim_opened(s: AsyncSession, token: str, rate: int, amount: int, decline: str) -> ClaimSettings:
    """The claim's row, once; the settings it runs under are those of the moment it opened (kept on the row)."""
    order = await order_by_token(s, token)
    settings = await claim_settings_of(s, order.seller_id)
    strategy = ClaimStrategy(settings.strategy)
    await s.execute(
        insert(Claim)
        .values(
            order_id=order.id,
            seller_id=order.seller_id,
            rate=rate,
            amount=amount,
            currency=order.currency_key,
            strategy=strategy,
            decline=DeclineKind(decline),
            dunning=DunningState.skipped if strategy == ClaimStrategy.inkasso else DunningState.in_progress,
            inkasso=InkassoStatus.no
            if strategy == ClaimStrategy.dunning
            else InkassoStatus.not_ready_for_inkasso,
        )
        .on_conflict_do_nothing()
    )
    claim = await _claim(s, order.id, rate)
    return ClaimSettings(claim.strategy.value, settings.stage_days)


async def _claim(s: AsyncSession, order_id: int, rate: int) -> Claim:
    return (
        await s.execute(select(Claim).where(Claim.order_id == order_id, Claim.rate == rate).with_for_update())
    ).scalar_one()


async def claim_stage_reached(s: AsyncSession, token: str, rate: int, stage: str) -> None:
    order = await order_by_token(s, token)
    claim = await _claim(s, order.id, rate)
    if claim.closed_at is None:
        claim.stage = DunningStage(stage)
        claim.updated_at = datetime.now(UTC)


async def claim_closed(s: AsyncSession, closed: ClaimClosed) -> None:
    """The claim's end: its outcome, dunning and inkasso states; an uncollected rate becomes a debt."""
    order = await order_by_token(s, closed.order_token)
    claim = await _claim(s, order.id, closed.rate)
    if claim.closed_at is not None:
        return
    outcome = ClaimOutcome(closed.outcome)
    claim.outcome = outcome
    claim.dunning = DunningState(closed.dunning)
    claim.inkasso = InkassoStatus(closed.inkasso)
    claim.closed_at = claim.updated_at = datetime.now(UTC)
    claim.charges = max(claim.charges, closed.charges)
    if outcome == ClaimOutcome.collected:
        claim.collected = claim.amount
    rate = await rate_row(s, order.id, closed.rate, lock=True)
    if outcome == ClaimOutcome.not_collected and rate.state != OrderRateState.paid:
        rate.state = OrderRateState.debt
