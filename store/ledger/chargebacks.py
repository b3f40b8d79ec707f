"""Chargebacks from the provider's signed dispute events: booked once per dispute (unique entry keys), the order
`payment_chargebacked` and its access revoked; a dispute won restores both and books the money back.

A dispute of a subscription's rate (its charge is in `rate_charges`, or the checkout's charge of a recurring order:
rate 1) is booked against that rate: at most the rate's amount, the platform fee of that rate given back, the rate
`chargebacked`. The subscription itself ends (the API signals it); a dispute won books the money back and the rate
is `paid` again, while the subscription stays ended (docs/DECISIONS.md)."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain.keys import booking_key, chargeback_key
from domain.ledger.ledger import (
    DISPUTE_FEE,
    EntryKind,
    PayeeType,
    chargeback_entries,
    dispute_won_entries,
    fee_back,
)
from domain.orders.orders import (
    PAID_STATES,
    LogType,
    OrderRateState,
    PaymentLogState,
    PaymentProvider,
    PaymentState,
)
from domain.seller_webhooks import EventType
from store.affiliates.attribution import commissions_given_back, commissions_restored, rate_roots
from store.billing.models import OrderRate, RateCharge
from store.ledger.actions import entries_booked
from store.ledger.models import LedgerEntry
from store.orders.models import Access, Order, Payment, PaymentIntentRecord
from store.orders.queries import extras_of
from store.seller_webhooks.actions import event_recorded, order_data


async def charge_of_intent(s: AsyncSession, intent_id: str) -> tuple[Order, int | None] | None:
    """The order a PaymentIntent paid, and the rate it paid (None for a one-time order)."""
    q = (
        select(Order)
        .join(PaymentIntentRecord, PaymentIntentRecord.order_id == Order.id)
        .where(PaymentIntentRecord.provider_ref == intent_id)
    )
    order = (await s.execute(q)).scalar_one_or_none()
    if order is not None:
        return order, (1 if order.terms is not None else None)
    row = (
        await s.execute(
            select(Order, RateCharge.rate)
            .join(RateCharge, RateCharge.order_id == Order.id)
            .where(RateCharge.provider_ref == intent_id)
        )
    ).first()
    return (row[0], row[1]) if row else None


async def _rate(s: AsyncSession, order_id: int, number: int | None) -> OrderRate | None:
    if number is None:
        return None
    q = select(OrderRate).where(OrderRate.order_id == order_id, OrderRate.number == number).with_for_update()
    return (await s.execute(q)).scalar_one_or_none()


async def _entry(s: AsyncSession, key: str) -> int:
    q = select(func.coalesce(func.sum(LedgerEntry.amount), 0)).where(LedgerEntry.idempotency_key == key)
    return int((await s.execute(q)).scalar_one())


async def _sum(s: AsyncSession, order_id: int, payee: PayeeType, kind: EntryKind) -> int:
    q = select(func.coalesce(func.sum(LedgerEntry.amount), 0)).where(
        LedgerEntry.order_id == order_id, LedgerEntry.payee_type == payee, LedgerEntry.kind == kind
    )
    return int((await s.execute(q)).scalar_one())


async def _log(
    s: AsyncSession, order: Order, key: str, state: PaymentLogState, amount: int, ref: str, msg: str
) -> None:
    await s.execute(
        insert(Payment)
        .values(
            order_id=order.id,
            seller_id=order.seller_id,
            type=LogType.Chargeback,
            state=state,
            provider=PaymentProvider.stripe,
            amount=amount,
            currency=order.currency_key,
            provider_ref=ref,
            message=msg,
            idempotency_key=key,
        )
        .on_conflict_do_nothing()
    )


async def chargeback_opened(
    s: AsyncSession,
    order: Order,
    dispute: str,
    amount: int,
    rate_no: int | None = None,
    dispute_fee: int = DISPUTE_FEE,
) -> None:
    """The dispute's `amount` booked against the order (a rate of it); the charge of a checkout paid the bumps
    ticked with the order too: what is left of the amount is booked against each of them, the dispute fee once."""
    disputed = amount
    await _chargeback_of_order(s, order, dispute, amount, rate_no, dispute_fee)
    await event_recorded(
        s,
        order.seller_id,
        EventType.chargeback_opened,
        chargeback_key(order.token, dispute),
        order_data(order, amount=amount, rate=rate_no or 1),
    )
    if rate_no in (None, 1):
        booked = await _entry(s, f"{chargeback_key(order.token, dispute)}-seller")
        left = disputed + booked  # the seller's entry is negative: what the order took of the dispute
        for bump in await extras_of(s, order.id, bumps_only=True):
            if left <= 0 or bump.payment_state not in PAID_STATES:
                continue
            await _chargeback_of_order(s, bump, dispute, min(left, bump.paid), None, 0)
            left += await _entry(s, f"{chargeback_key(bump.token, dispute)}-seller")


async def _chargeback_of_order(
    s: AsyncSession, order: Order, dispute: str, amount: int, rate_no: int | None, dispute_fee: int
) -> None:
    order = (await s.execute(select(Order).where(Order.id == order.id).with_for_update())).scalar_one()
    rate = await _rate(s, order.id, rate_no)
    if rate is not None:  # one rate of a subscription: its amount, its fee
        amount = min(amount, rate.paid_amount)
        key = booking_key(order.token, rate.number)
        back = fee_back(await _entry(s, f"{key}-fee-platform"), rate.amount, 0, amount)
    else:
        amount = min(amount, order.paid)
        fee = await _sum(s, order.id, PayeeType.platform, EntryKind.platform_fee)
        refunded = await _sum(s, order.id, PayeeType.clearing, EntryKind.refund)
        back = fee_back(fee, order.total, refunded, amount)
    entries = chargeback_entries(
        order.token, dispute, order.seller_id, amount, dispute_fee, back, order.currency_key
    )
    if await entries_booked(s, entries, order_id=order.id) == 0:
        return  # booked by an earlier delivery of this dispute
    if rate is not None:
        await commissions_given_back(
            s,
            order,
            chargeback_key(order.token, dispute),
            total=rate.amount,
            before=0,
            amount=amount,
            rate_roots=rate_roots(order.token, rate.number),
        )
    else:
        await commissions_given_back(
            s, order, chargeback_key(order.token, dispute), total=order.paid, before=refunded, amount=amount
        )
    await _log(
        s,
        order,
        chargeback_key(order.token, dispute),
        PaymentLogState.successful,
        amount,
        dispute,
        "Chargeback" if rate is None else f"Chargeback of rate {rate.number}",
    )
    if rate is not None:
        rate.state = OrderRateState.chargebacked
        rate.updated_at = datetime.now(UTC)
    order.payment_state = PaymentState.payment_chargebacked
    access = (await s.execute(select(Access).where(Access.order_id == order.id))).scalar_one_or_none()
    if access is not None and access.revoked_at is None:
        access.revoked_at = datetime.now(UTC)


async def dispute_won(s: AsyncSession, order: Order, dispute: str, rate_no: int | None = None) -> None:
    """The dispute won: the money booked back for the order and for the bumps its charge paid."""
    await _won_for_order(s, order, dispute, rate_no)
    if rate_no in (None, 1):
        for bump in await extras_of(s, order.id, bumps_only=True):
            await _won_for_order(s, bump, dispute, None)


async def _won_for_order(s: AsyncSession, order: Order, dispute: str, rate_no: int | None) -> None:
    order = (await s.execute(select(Order).where(Order.id == order.id).with_for_update())).scalar_one()
    key = f"{chargeback_key(order.token, dispute)}-seller"
    lost = (
        await s.execute(select(LedgerEntry).where(LedgerEntry.idempotency_key == key))
    ).scalar_one_or_none()
    if lost is None:
        return  # nothing was taken for this dispute
    amount = -lost.amount
    given_back = -(
        await s.execute(
            select(func.coalesce(func.sum(LedgerEntry.amount), 0)).where(
                LedgerEntry.idempotency_key == f"{chargeback_key(order.token, dispute)}-platform-fee-platform"
            )
        )
    ).scalar_one()
    entries = dispute_won_entries(
        order.token, dispute, order.seller_id, amount, int(given_back), order.currency_key
    )
    if await entries_booked(s, entries, order_id=order.id) == 0:
        return
    await commissions_restored(s, order, chargeback_key(order.token, dispute))
    await _log(
        s,
        order,
        f"{chargeback_key(order.token, dispute)}-won",
        PaymentLogState.canceled,
        amount,
        dispute,
        "Dispute won",
    )
    rate = await _rate(s, order.id, rate_no)
    if (
        rate is not None
    ):  # the rate is paid again; the subscription that ended with the chargeback stays ended
        rate.state = OrderRateState.paid
        rate.updated_at = datetime.now(UTC)
        order.payment_state = PaymentState.payment_canceled
        return
    order.payment_state = PaymentState.paid
    access = (await s.execute(select(Access).where(Access.order_id == order.id))).scalar_one_or_none()
    if access is not None:
        access.revoked_at = None
