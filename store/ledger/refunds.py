"""Refunds: the amount reserved under the order's row lock (two refunds at once never exceed what was paid), then
booked once the provider confirmed it: ledger entries, the payment log, the reversal invoice, the order's state."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain.catalog.addons import AddonKind
from domain.errors import DomainError, ErrorCode
from domain.keys import refund_key
from domain.ledger.ledger import EntryKind, PayeeType, RefundState, fee_back, refund_entries
from domain.orders.orders import (
    PAID_STATES,
    InvoiceForm,
    InvoiceState,
    LogType,
    PaymentLogState,
    PaymentProvider,
    PaymentState,
)
from domain.seller_webhooks import EventType
from store.affiliates.attribution import commissions_given_back
from store.ledger.actions import entries_booked
from store.ledger.models import LedgerEntry, Refund
from store.orders.invoices import invoice_numbers_locked, snapshot_now, snapshot_of
from store.orders.models import Access, Invoice, Order, Payment
from store.seller_webhooks.actions import event_recorded, order_data


async def refunded_or_reserved(s: AsyncSession, order_id: int) -> int:
    q = select(func.coalesce(func.sum(Refund.amount), 0)).where(
        Refund.order_id == order_id, Refund.state != RefundState.failed
    )
    return int((await s.execute(q)).scalar_one())


async def refund_requested(s: AsyncSession, order: Order, amount: int, reason: str) -> Refund:
    """Reserves `amount` of a paid order under its row lock; refused when it would exceed what was paid."""
    locked = (await s.execute(select(Order).where(Order.id == order.id).with_for_update())).scalar_one()
    if locked.payment_state not in PAID_STATES:  # paid, or a running subscription's or installment's rates
        raise DomainError(
            ErrorCode.CONFLICT, "Only a paid order can be refunded.", {"payment_state": "not paid"}
        )
    reserved = await refunded_or_reserved(s, locked.id)
    left = locked.paid - reserved
    if amount > left:
        raise DomainError(
            ErrorCode.CONFLICT,
            "A refund cannot exceed what was paid and not refunded yet.",
            {"amount": f"at most {left}"},
        )
    number = (
        int(
            (
                await s.execute(
                    select(func.coalesce(func.max(Refund.number), 0)).where(Refund.order_id == locked.id)
                )
            ).scalar_one()
        )
        + 1
    )
    refund = Refund(
        order_id=locked.id,
        number=number,
        amount=amount,
        currency=locked.currency_key,
        reason=reason,
        state=RefundState.requested,
        created_at=datetime.now(UTC),
    )
    s.add(refund)
    await s.flush()
    return refund


async def refund_of(s: AsyncSession, order_token: str, number: int) -> tuple[Refund, Order]:
    row = (
        await s.execute(
            select(Refund, Order)
            .join(Order, Order.id == Refund.order_id)
            .where(Order.token == order_token, Refund.number == number)
        )
    ).first()
    if row is None:
        raise DomainError(ErrorCode.NOT_FOUND, "Refund not found.")
    return row[0], row[1]


async def refunds_of(s: AsyncSession, order_id: int) -> list[Refund]:
    return list(
        (await s.execute(select(Refund).where(Refund.order_id == order_id).order_by(Refund.number))).scalars()
    )


async def _order_sums(s: AsyncSession, order_id: int, refund_id: int) -> tuple[int, int]:
    """The fee the platform took on the order and what the earlier booked refunds returned to the buyer."""
    fee_q = select(func.coalesce(func.sum(LedgerEntry.amount), 0)).where(
        LedgerEntry.order_id == order_id,
        LedgerEntry.payee_type == PayeeType.platform,
        LedgerEntry.kind == EntryKind.platform_fee,
    )
    before_q = select(func.coalesce(func.sum(LedgerEntry.amount), 0)).where(
        LedgerEntry.order_id == order_id,
        LedgerEntry.payee_type == PayeeType.clearing,
        LedgerEntry.kind == EntryKind.refund,
        LedgerEntry.refund_id != refund_id,
    )
    return int((await s.execute(fee_q)).scalar_one()), int((await s.execute(before_q)).scalar_one())


async def refund_booked(s: AsyncSession, refund: Refund, order: Order, provider_ref: str) -> bool:
    """Ledger entries, payment log, order state, once per refund (under the order's lock). True if the order is
    now refunded in full (a paid order; a running subscription's refunds leave it running and its access kept)."""
    order = (await s.execute(select(Order).where(Order.id == order.id).with_for_update())).scalar_one()
    refund = (await s.execute(select(Refund).where(Refund.id == refund.id))).scalar_one()
    fee, before = await _order_sums(s, order.id, refund.id)
    back = fee_back(fee, order.total, before, refund.amount)
    await entries_booked(
        s,
        refund_entries(order.token, refund.number, order.seller_id, refund.amount, back, order.currency_key),
        order_id=order.id,
        refund_id=refund.id,
    )
    await commissions_given_back(
        s,
        order,
        refund_key(order.token, refund.number),
        total=order.paid,
        before=before,
        amount=refund.amount,
        refund_id=refund.id,
    )
    await s.execute(
        insert(Payment)
        .values(
            order_id=order.id,
            seller_id=order.seller_id,
            type=LogType.Refund,
            state=PaymentLogState.successful,
            provider=PaymentProvider.stripe,
            amount=refund.amount,
            currency=order.currency_key,
            provider_ref=provider_ref,
            message=refund.reason,
            idempotency_key=refund_key(order.token, refund.number),
        )
        .on_conflict_do_nothing()
    )
    refund.state = RefundState.succeeded
    refund.provider_refund_id = provider_ref
    await event_recorded(
        s,
        order.seller_id,
        EventType.refund_succeeded,
        refund_key(order.token, refund.number),
        order_data(order, amount=refund.amount, refund=refund.number, reason=refund.reason),
    )
    refunded = before + refund.amount
    full = refunded >= order.paid
    # a running subscription stays running (its seller ends it apart): only a paid order is refunded as a whole
    if full and order.payment_state == PaymentState.paid:
        order.payment_state = PaymentState.payment_refunded
    return order.payment_state == PaymentState.payment_refunded


async def refund_failed(s: AsyncSession, refund: Refund) -> None:
    """The provider refused: the reservation is released."""
    row = (await s.execute(select(Refund).where(Refund.id == refund.id))).scalar_one()
    if row.state == RefundState.requested:
        row.state = RefundState.failed


async def reversal_issued(s: AsyncSession, refund: Refund, order: Order) -> Invoice:
    """The credit memo of a refund: the seller's next gapless number (seller row locked), a negative total, and a
    reference to the invoice it reverses. The original invoice is never changed."""
    existing = (await s.execute(select(Invoice).where(Invoice.refund_id == refund.id))).scalar_one_or_none()
    if existing:
        return existing
    seller = await invoice_numbers_locked(s, order.seller_id)
    existing = (await s.execute(select(Invoice).where(Invoice.refund_id == refund.id))).scalar_one_or_none()
    if existing:
        return existing
    # a bump is a line of its main order's invoice: its credit memo refers to that invoice
    invoiced = order.parent_order_id if order.upsell_type == AddonKind.bump else order.id
    original = (
        await s.execute(
            select(Invoice).where(
                Invoice.order_id == invoiced, Invoice.form == InvoiceForm.regular, Invoice.rate == 1
            )
        )
    ).scalar_one_or_none()
    if original is not None:
        snap = await snapshot_of(s, original, order)
    else:
        snap = await snapshot_now(s, order, order.product_name)
    seller.invoice_seq += 1
    inv = Invoice(
        seller_id=seller.id,
        order_id=order.id,
        number=seller.invoice_seq,
        document=replace(
            snap,
            text=f"Refund: {order.product_name}",
            line_kind="refund",
            line_facts={**snap.line_facts, "product": order.product_name},
            extra_lines=[],  # a refund is one line of what was given back, whatever the invoice's lines were
        ).to_json(),
        form=InvoiceForm.reversal,
        state=InvoiceState.issued,
        total=-refund.amount,
        currency=order.currency_key,
        refund_id=refund.id,
        original_id=original.id if original else None,
    )
    s.add(inv)
    await s.flush()
    return inv


async def access_revoked(s: AsyncSession, order_id: int) -> None:
    access = (await s.execute(select(Access).where(Access.order_id == order_id))).scalar_one_or_none()
    if access is not None and access.revoked_at is None:
        access.revoked_at = datetime.now(UTC)
