"""Pay later: the goods at once, an invoice due days later, paid by transfer with the order's reference; unpaid on
its day, the claim of its one rate (the dunning and collection path of a subscription's rate).

The order is `paying` from the choice (its goods are delivered, like a running subscription's) with the payment
form `pay_later`, and has one rate, due on the invoice's day: the row the claim works on."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain.billing.subscriptions import RateEvent
from domain.keys import late_transfer_key
from domain.ledger.ledger import platform_fee, sale_entries
from domain.orders.orders import (
    InvoiceForm,
    InvoiceState,
    OrderRateState,
    PaymentMethod,
    PaymentState,
    paying_later,
)
from store.affiliates.attribution import commissions_booked
from store.billing.models import OrderRate
from store.billing.subscriptions import rate_failed, rate_row
from store.catalog.models import Product
from store.ledger.actions import entries_booked, fee_rate_of
from store.ledger.models import LedgerEntry
from store.orders.models import Access, BankIncoming, Invoice, Order
from store.orders.queries import order_by_token


async def pay_later_chosen(s: AsyncSession, order: Order, due_at: datetime, amount: int | None) -> None:
    """The buyer pays later: the order (its goods set aside before) is sold and delivered now, its one rate due
    on `due_at`'s day for `amount` (the order and its bumps; None for a bump, which its order's rate pays).
    Once: a second call finds it chosen."""
    if order.payment_state not in (PaymentState.payment_waiting, PaymentState.payment_pending):
        return
    order.payment_form = PaymentMethod.pay_later
    order.payment_state = PaymentState.paying
    order.wire_due_at = due_at
    await s.execute(
        update(Product).where(Product.id == order.product_id).values(sold_count=Product.sold_count + 1)
    )
    if amount is None:
        return
    await s.execute(
        insert(OrderRate)
        .values(
            order_id=order.id,
            seller_id=order.seller_id,
            number=1,
            due_on=due_at.date(),
            amount=amount,
            currency=order.currency_key,
            state=OrderRateState.future,
        )
        .on_conflict_do_nothing()
    )


async def pay_later_overdue(s: AsyncSession, token: str, message: str) -> int:
    """The invoice's day passed unpaid: its rate is unpaid and the access paused until it is paid. What is owed."""
    order = await order_by_token(s, token)
    rate = await rate_row(s, order.id, 1)
    await rate_failed(s, RateEvent(token, 1, rate.amount, message=message), attempt=1)
    return rate.amount - rate.paid_amount


async def pay_later_settled(s: AsyncSession, token: str) -> str:
    """The claim ended: the order is paid when its rate is (the agency collected it), else it stays `paying`
    with its rate in debt. The order's payment state."""
    order = await order_by_token(s, token, lock=True)
    rate = await rate_row(s, order.id, 1)
    if rate.state == OrderRateState.paid and paying_later(order.payment_state, order.payment_form):
        order.payment_state = PaymentState.paid
        order.paid_at = order.paid_at or datetime.now(UTC)
        await _invoice_paid(s, order)
    return order.payment_state.value


async def late_transfer_booked(s: AsyncSession, token: str, event_id: str, amount: int) -> tuple[bool, int]:
    """A transfer for an invoice paid later after its day (its rate overdue, its claim running), booked once per
    bank event as a part of the rate, like the agency's collections: the ledger's sale of that part with the
    platform fee, and the rate's and the order's paid amounts. What is above the rate's rest (the agency may have
    collected some of it) is owed back to the payer. Whether the rate is now paid in full, and the part owed back."""
    order = await order_by_token(s, token, lock=True)
    rate = await rate_row(s, order.id, 1, lock=True)
    incoming = (
        await s.execute(select(BankIncoming).where(BankIncoming.event_id == event_id).with_for_update())
    ).scalar_one_or_none()
    key = late_transfer_key(token, event_id)
    entries = [] if amount <= 0 else sale_entries(key, order.seller_id, amount, 0, order.currency_key)
    booked_before = (
        bool(entries)
        and (
            await s.execute(select(LedgerEntry.id).where(LedgerEntry.idempotency_key == entries[1].key))
        ).first()
        is not None
    )
    if not booked_before:  # a retried step finds the first booking and its answer
        part = min(amount, max(rate.amount - rate.paid_amount, 0))
        if part > 0:
            fee = platform_fee(part, await fee_rate_of(s, order.seller_id))
            await entries_booked(
                s, sale_entries(key, order.seller_id, part, fee, order.currency_key), order_id=order.id
            )
            await commissions_booked(s, order, key, 1, part)
            rate.paid_amount += part
            order.paid += part
            rate.updated_at = datetime.now(UTC)
            if rate.paid_amount < rate.amount:
                rate.state = OrderRateState.partly_paid
        if incoming is not None:
            incoming.returned_amount = amount - part
    returned = incoming.returned_amount if incoming is not None else 0
    return rate.paid_amount >= rate.amount, returned


async def paid_later(s: AsyncSession, order: Order) -> None:
    """The transfer covered the invoice (the order is being recorded paid): its rate paid, nothing owed, access
    back. The money is booked as the order's sale, like any paid order's (`sale_booked`), or, paid after the
    invoice's day, was booked part by part as it came (`late_transfer_booked`)."""
    rate = (
        await s.execute(
            select(OrderRate).where(OrderRate.order_id == order.id, OrderRate.number == 1).with_for_update()
        )
    ).scalar_one_or_none()
    if rate is not None and rate.state != OrderRateState.paid:
        rate.state = OrderRateState.paid
        rate.paid_amount = rate.amount
        rate.attempts = max(rate.attempts, 1)
        rate.updated_at = datetime.now(UTC)
    await s.execute(update(Access).where(Access.order_id == order.id).values(suspended_at=None))
    await _invoice_paid(s, order)


async def _invoice_paid(s: AsyncSession, order: Order) -> None:
    await s.execute(
        update(Invoice)
        .where(
            Invoice.order_id == order.id,
            Invoice.form == InvoiceForm.regular,
            Invoice.state == InvoiceState.unpaid,
        )
        .values(state=InvoiceState.paid)
    )
