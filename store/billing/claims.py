"""Claims of unpaid rates (one per order and rate) and the seller's claim settings."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain.billing.claims import (
    ClaimClosed,
    ClaimOutcome,
    ClaimSettings,
    ClaimStrategy,
    DunningStage,
    DunningState,
    InkassoStatus,
)
from domain.billing.inkasso import ClaimHandover, ClaimPayment
from domain.billing.subscriptions import DeclineKind, RateEvent
from domain.keys import agency_payment_key
from domain.ledger.ledger import platform_fee, sale_entries
from domain.orders.orders import OrderRateState
from domain.seller_webhooks import EventType
from domain.workflow_ids import claim_id
from store.accounts.queries import seller_user_of
from store.affiliates.attribution import commissions_booked
from store.billing.models import Claim, ClaimSettingsRow
from store.billing.subscriptions import rate_paid, rate_row
from store.ledger.actions import entries_booked, fee_rate_of
from store.orders.queries import order_by_token
from store.seller_webhooks.actions import event_recorded, order_data


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
    await event_recorded(
        s,
        order.seller_id,
        EventType.claim_opened,
        f"{token}-{rate}",
        order_data(order, rate=rate, amount=amount, strategy=claim.strategy.value),
    )
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
    await event_recorded(
        s,
        order.seller_id,
        EventType.claim_closed,
        f"{closed.order_token}-{closed.rate}",
        order_data(order, rate=closed.rate, amount=claim.amount, outcome=outcome.value),
    )
    rate = await rate_row(s, order.id, closed.rate, lock=True)
    if outcome == ClaimOutcome.not_collected and rate.state != OrderRateState.paid:
        rate.state = OrderRateState.debt


async def claim_handover(s: AsyncSession, token: str, rate: int) -> ClaimHandover:
    """The claim as the agency receives it; the claim is marked ready for collection."""
    order = await order_by_token(s, token)
    claim = await _claim(s, order.id, rate)
    if claim.inkasso in (InkassoStatus.no, InkassoStatus.not_ready_for_inkasso):
        claim.inkasso = InkassoStatus.ready_for_inkasso
        claim.updated_at = datetime.now(UTC)
    seller = await seller_user_of(s, order.seller_id)
    creditor = (seller.username or seller.email) if seller else ""
    return ClaimHandover(
        reference=claim_id(token, rate),
        order_token=token,
        rate=rate,
        amount=claim.amount - claim.collected,
        currency=claim.currency,
        debtor_name=" ".join(x for x in (order.payer_first_name, order.payer_last_name) if x),
        debtor_email=order.payer_email,
        debtor_country=order.payer_country,
        creditor=creditor,
        product=order.product_name,
    )


async def claim_inkasso_moved(s: AsyncSession, token: str, rate: int, status: str) -> None:
    """The agency's report of where the claim stands; a closed claim stays as it ended."""
    order = await order_by_token(s, token)
    claim = await _claim(s, order.id, rate)
    if claim.closed_at is None:
        claim.inkasso = InkassoStatus(status)
        claim.updated_at = datetime.now(UTC)


def claim_paused(claim: Claim, paused: bool) -> None:
    """The seller's pause or resume, for the lists (the Claim workflow was told first and is what acts on it)."""
    claim.paused_at = (claim.paused_at or datetime.now(UTC)) if paused else None
    claim.updated_at = datetime.now(UTC)


async def claim_payment_booked(s: AsyncSession, pay: ClaimPayment) -> bool:
    """Money the agency collected, booked once per agency event: the ledger (a sale of that part, with the
    platform fee), the rate's paid amount (partly paid, or paid in full with its invoice), the claim's collected
    sum, and access back once nothing is owed. Returns whether the rate is paid in full."""
    order = await order_by_token(s, pay.order_token, lock=True)
    claim = await _claim(s, order.id, pay.rate)
    rate = await rate_row(s, order.id, pay.rate, lock=True)
    left = rate.amount - rate.paid_amount
    amount = min(pay.amount, left)
    if amount > 0:
        fee = platform_fee(amount, await fee_rate_of(s, order.seller_id))
        key = agency_payment_key(pay.order_token, pay.rate, pay.event_id)
        new = await entries_booked(
            s, sale_entries(key, order.seller_id, amount, fee, order.currency_key), order_id=order.id
        )
        await commissions_booked(s, order, key, pay.rate, amount)
        if new:
            rate.paid_amount += amount
            order.paid += amount
            claim.collected += amount
            claim.updated_at = rate.updated_at = datetime.now(UTC)
    if rate.paid_amount >= rate.amount:
        await rate_paid(s, RateEvent(pay.order_token, pay.rate, rate.amount))
        return True
    if rate.paid_amount > 0:
        rate.state = OrderRateState.partly_paid
    return False
