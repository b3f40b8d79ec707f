"""Chargebacks from the provider's signed dispute events: booked once per dispute (unique entry keys), the order
`payment_chargebacked` and its access revoked; a dispute won restores both and books the money back."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain.ledger import (
    DISPUTE_FEE,
    EntryKind,
    PayeeType,
    chargeback_entries,
    dispute_won_entries,
    fee_back,
)
from domain.orders import LogType, PaymentLogState, PaymentProvider, PaymentState
from store.ledger.actions import entries_booked
from store.ledger.models import LedgerEntry
from store.orders.models import Access, Order, Payment, PaymentIntentRecord


async def order_of_intent(s: AsyncSession, intent_id: str) -> Order | None:
    q = (
        select(Order)
        .join(PaymentIntentRecord, PaymentIntentRecord.order_id == Order.id)
        .where(PaymentIntentRecord.provider_ref == intent_id)
    )
    return (await s.execute(q)).scalar_one_or_none()


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


async def chargeback_opened(s: AsyncSession, order: Order, dispute: str, amount: int) -> None:
    order = (await s.execute(select(Order).where(Order.id == order.id).with_for_update())).scalar_one()
    amount = min(amount, order.paid)
    fee = await _sum(s, order.id, PayeeType.platform, EntryKind.platform_fee)
    refunded = await _sum(s, order.id, PayeeType.clearing, EntryKind.refund)
    back = fee_back(fee, order.total, refunded, amount)
    entries = chargeback_entries(
        order.token, dispute, order.seller_id, amount, DISPUTE_FEE, back, order.currency_key
    )
    if await entries_booked(s, entries, order_id=order.id) == 0:
        return  # booked by an earlier delivery of this dispute
    await _log(
        s,
        order,
        f"order-{order.token}-chargeback-{dispute}",
        PaymentLogState.successful,
        amount,
        dispute,
        "Chargeback",
    )
    order.payment_state = PaymentState.payment_chargebacked
    access = (await s.execute(select(Access).where(Access.order_id == order.id))).scalar_one_or_none()
    if access is not None and access.revoked_at is None:
        access.revoked_at = datetime.now(UTC)


async def dispute_won(s: AsyncSession, order: Order, dispute: str) -> None:
    order = (await s.execute(select(Order).where(Order.id == order.id).with_for_update())).scalar_one()
    key = f"order-{order.token}-chargeback-{dispute}-seller"
    lost = (
        await s.execute(select(LedgerEntry).where(LedgerEntry.idempotency_key == key))
    ).scalar_one_or_none()
    if lost is None:
        return  # nothing was taken for this dispute
    amount = -lost.amount
    given_back = -(
        await s.execute(
            select(func.coalesce(func.sum(LedgerEntry.amount), 0)).where(
                LedgerEntry.idempotency_key
                == f"order-{order.token}-chargeback-{dispute}-platform-fee-platform"
            )
        )
    ).scalar_one()
    entries = dispute_won_entries(
        order.token, dispute, order.seller_id, amount, int(given_back), order.currency_key
    )
    if await entries_booked(s, entries, order_id=order.id) == 0:
        return
    await _log(
        s,
        order,
        f"order-{order.token}-chargeback-{dispute}-won",
        PaymentLogState.canceled,
        amount,
        dispute,
        "Dispute won",
    )
    order.payment_state = PaymentState.paid
    access = (await s.execute(select(Access).where(Access.order_id == order.id))).scalar_one_or_none()
    if access is not None:
        access.revoked_at = None
