"""A recurring order's rates: planned from the order's frozen terms, charged once each (the charge is recorded
before it is confirmed), and booked like a sale when paid: payment log, ledger (sale and platform fee), the
seller's transfer row and an invoice of its own (`order-{token}-rate-{n}` keys throughout)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import cast

from sqlalchemy import Table, case, func, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain.billing.billing_calendar import rate_amount, schedule
from domain.billing.subscriptions import (
    PAYABLE_RATE_STATES,
    RateDue,
    RateEvent,
    RateOwed,
    RatePaymentInput,
    SubscriptionEnd,
    SubscriptionPlan,
    terms_from_json,
)
from domain.errors import DomainError, ErrorCode
from domain.keys import rate_denied_key, rate_key
from domain.notifications import NotificationType
from domain.orders.invoices import discount_line
from domain.orders.orders import (
    InvoiceForm,
    InvoiceState,
    LogType,
    OrderRateState,
    PaymentLogState,
    PaymentProvider,
    PaymentState,
)
from domain.seller_webhooks import EventType
from store.billing.models import Claim, OrderRate, RateCharge
from store.notifications.actions import noticed
from store.orders.actions import money_booked
from store.orders.invoices import InvoiceDraft, snapshot_now
from store.orders.models import Access, Invoice, Order, Payment
from store.orders.queries import order_by_token
from store.seller_webhooks.actions import event_recorded, order_data

OPEN_CLAIM = Claim.closed_at.is_(None)


def purchased_on(order: Order) -> date:
    """The day the order's schedule counts from: the card saved (a deferred order), else the first payment."""
    return order.started_on or (order.paid_at or order.created_at).date()


async def subscription_plan(s: AsyncSession, token: str, from_rate: int, horizon: int) -> SubscriptionPlan:
    """The order's rates from `from_rate` on (at most `horizon` of an open-ended subscription), each with a row
    in `order_rates` (inserted once; rate 1 is the checkout's, paid, unless a test period or start day deferred
    it: then it is the subscription's like the rest)."""
    order = await order_by_token(s, token)
    if not order.terms:
        raise ValueError(f"order {token} has no recurring terms")
    terms = terms_from_json(order.terms)
    start = purchased_on(order)
    rates = schedule(terms, start, horizon=from_rate + horizon)
    first_paid = order.started_on is None
    if rates:  # one cached statement, many parameter sets (a VALUES list per call compiled anew each time)
        await s.execute(
            insert(cast(Table, OrderRate.__table__)).on_conflict_do_nothing(),
            [
                {
                    "order_id": order.id,
                    "seller_id": order.seller_id,
                    "number": r.number,
                    "due_on": r.due,
                    "amount": r.amount,
                    "currency": order.currency_key,
                    "state": OrderRateState.paid if first_paid and r.number == 1 else OrderRateState.future,
                    "paid_amount": r.amount if first_paid and r.number == 1 else 0,
                    "attempts": 1 if first_paid and r.number == 1 else 0,
                }
                for r in rates
            ],
        )
    paid_through = (
        await s.execute(
            select(func.coalesce(func.max(OrderRate.number), 0)).where(
                OrderRate.order_id == order.id, OrderRate.state == OrderRateState.paid
            )
        )
    ).scalar_one()
    return SubscriptionPlan(
        order_token=token,
        purchased=start.isoformat(),
        currency=order.currency_key,
        rates=[RateDue(r.number, r.due.isoformat(), r.amount) for r in rates if r.number >= from_rate],
        count=terms.payments_count,
        paid_through=paid_through,
        card_expires=order.renewal_card_expires,
    )


async def schedule_written(s: AsyncSession, order_id: int) -> bool:
    """The order's Subscription has started: its first run wrote the rates (`subscription_plan`)."""
    found = await s.execute(select(OrderRate.id).where(OrderRate.order_id == order_id).limit(1))
    return found.first() is not None


async def rate_row(s: AsyncSession, order_id: int, number: int, *, lock: bool = False) -> OrderRate:
    q = select(OrderRate).where(OrderRate.order_id == order_id, OrderRate.number == number)
    if lock:
        q = q.with_for_update()
    return (await s.execute(q)).scalar_one()


async def rate_charge_of(s: AsyncSession, order_id: int, rate: int, attempt: int) -> RateCharge | None:
    return (
        await s.execute(
            select(RateCharge).where(
                RateCharge.order_id == order_id, RateCharge.rate == rate, RateCharge.attempt == attempt
            )
        )
    ).scalar_one_or_none()


@dataclass(frozen=True)
class ChargeFacts:
    """What charging a rate reads of its order, and the attempt's charge if one was recorded."""

    order_id: int
    method: str | None
    customer: str | None
    currency: str
    charge: RateCharge | None


async def charge_facts(s: AsyncSession, token: str, rate: int, attempt: int) -> ChargeFacts:
    """The order's card and customer and the attempt's recorded charge, in one statement (the renewal's first read:
    a billing storm makes it 10,000 times a minute)."""
    row = (
        await s.execute(
            select(
                Order.id,
                Order.renewal_payment_method,
                Order.provider_customer_id,
                Order.currency_key,
                RateCharge,
            )
            .outerjoin(
                RateCharge,
                (RateCharge.order_id == Order.id)
                & (RateCharge.rate == rate)
                & (RateCharge.attempt == attempt),
            )
            .where(Order.token == token)
        )
    ).one_or_none()
    if row is None:
        raise DomainError(ErrorCode.NOT_FOUND, "Order not found.")
    return ChargeFacts(*row)


async def rate_charge_recorded(
    s: AsyncSession,
    *,
    order_id: int,
    rate: int,
    attempt: int,
    provider_ref: str,
    key: str,
    payment_method: str,
    amount: int,
    status: str,
) -> RateCharge:
    """The charge's PaymentIntent, recorded before it is confirmed; a concurrent run's record wins. Three
    statements: the record (returned when new), the rate's attempts and state, an open claim's count."""
    new = (
        await s.execute(
            insert(RateCharge)
            .values(
                order_id=order_id,
                rate=rate,
                attempt=attempt,
                provider_ref=provider_ref,
                idempotency_key=key,
                payment_method=payment_method,
                amount=amount,
                status=status,
            )
            .on_conflict_do_nothing()
            .returning(RateCharge)
        )
    ).scalar_one_or_none()
    # the first charge makes a rate pending; a claim's retry leaves it unpaid (nothing turns a declined retry back,
    # and the payer's notice and the seller's lists show it unpaid until it is paid)
    (
        await s.execute(
            update(OrderRate)
            .where(OrderRate.order_id == order_id, OrderRate.number == rate)
            .values(
                attempts=func.greatest(OrderRate.attempts, attempt),
                state=case(
                    (OrderRate.state == OrderRateState.future, OrderRateState.pending), else_=OrderRate.state
                ),
            )
            .returning(OrderRate.id)
        )
    ).scalar_one()  # the rate exists: load_subscription made it
    await s.execute(  # a claim's retries count as its charges while it runs
        update(Claim)
        .where(Claim.order_id == order_id, Claim.rate == rate, Claim.charges < attempt)
        .values(charges=attempt)
    )
    charge = new or await rate_charge_of(s, order_id, rate, attempt)
    if charge is None:
        raise RuntimeError("rate charge not recorded")
    return charge


async def rate_charge_status(s: AsyncSession, provider_ref: str, status: str) -> None:
    await s.execute(update(RateCharge).where(RateCharge.provider_ref == provider_ref).values(status=status))


async def _log(
    s: AsyncSession, order: Order, key: str, state: str, amount: int, ref: str | None, msg: str | None
):
    await s.execute(
        insert(Payment)
        .values(
            order_id=order.id,
            seller_id=order.seller_id,
            type=LogType.SubsPayment,
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


async def rate_paid(s: AsyncSession, ev: RateEvent) -> Order:
    """The rate booked as paid, once: payment log, ledger, transfer row, and access back when no other rate is in
    debt. Only what was still owed is booked: parts the agency collected were booked as they came
    (store/billing/claims.py). Its invoice is numbered once this has committed (`rate_invoice_draft`). Returns the
    order (locked)."""
    order = await order_by_token(s, ev.order_token, lock=True)
    rate = await rate_row(s, order.id, ev.rate, lock=True)
    k = rate_key(ev.order_token, ev.rate)
    if rate.state != OrderRateState.paid:
        owed = rate.amount - rate.paid_amount
        rate.state = OrderRateState.paid
        rate.paid_amount = rate.amount
        rate.updated_at = datetime.now(UTC)
        order.paid_at = order.paid_at or datetime.now(UTC)  # a deferred order's first money
        if owed > 0:
            order.paid += owed
            await _log(s, order, f"{k}-paid", PaymentLogState.successful, owed, ev.intent_id, None)
            await money_booked(s, order, f"{ev.order_token}-rate-{ev.rate}", owed, ev.rate)
    await access_back_unless_in_debt(s, order.id)
    return order


async def access_back_unless_in_debt(s: AsyncSession, order_id: int) -> None:
    """The order's access back when no rate of it is still owed (failed and not paid yet), in one statement."""
    in_debt = (
        select(OrderRate.id)
        .where(OrderRate.order_id == order_id, OrderRate.state.in_(PAYABLE_RATE_STATES))
        .exists()
    )
    await s.execute(
        update(Access)
        .where(Access.order_id == order_id, Access.suspended_at.is_not(None), ~in_debt)
        .values(suspended_at=None)
    )


async def rate_owed(s: AsyncSession, req: RatePaymentInput) -> RateOwed:
    """What a past-due rate still owes and the next charge attempt for it (after every attempt its claim made);
    a reason instead when the payer cannot pay it from the manage page now."""
    order = await order_by_token(s, req.order_token)
    rate = (
        await s.execute(select(OrderRate).where(OrderRate.order_id == order.id, OrderRate.number == req.rate))
    ).scalar_one_or_none()
    if rate is None:
        return RateOwed(0, 0, "This rate does not exist.", missing=True)
    if rate.state == OrderRateState.paid:
        return RateOwed(0, 0)
    if rate.state not in PAYABLE_RATE_STATES:
        return RateOwed(0, 0, "This rate is not due.")
    if req.rate in await open_claims(s, order.id):
        return RateOwed(0, 0, "This rate is being collected: save a card and it is charged at once.")
    if not order.renewal_payment_method:
        return RateOwed(0, 0, "Save a card first.")
    return RateOwed(rate.amount - rate.paid_amount, rate.attempts + 1)


async def rate_invoice_draft(s: AsyncSession, order: Order, number: int) -> InvoiceDraft:
    """The paid rate's own invoice (one per order and rate), to be numbered once the payment is committed."""
    rate = await rate_row(s, order.id, number)
    count = terms_from_json(order.terms or {}).payments_count if order.terms else None
    of = f" of {count}" if count else ""
    listed = rate_amount(terms_from_json(order.list_terms), rate.number) if order.list_terms else rate.amount
    off = listed - rate.amount
    snap = await snapshot_now(
        s,
        order,
        f"{order.product_name}, rate {rate.number}{of} (due {rate.due_on})",
        "rate",
        {"rate": rate.number, "of": count, "due": rate.due_on.isoformat()},
        [discount_line(off, order.coupon_code)] if off > 0 else None,
    )
    return InvoiceDraft(
        (Invoice.order_id == order.id)
        & (Invoice.form == InvoiceForm.regular)
        & (Invoice.rate == rate.number),
        {
            "seller_id": order.seller_id,
            "order_id": order.id,
            "form": InvoiceForm.regular,
            "rate": rate.number,
            "state": InvoiceState.paid,
            "total": rate.amount,
            "currency": order.currency_key,
            "document": snap.to_json(),
        },
    )


async def rate_failed(s: AsyncSession, ev: RateEvent, attempt: int) -> None:
    """The rate is unpaid: logged as denied with the provider's reason, and the order's access suspended."""
    order = await order_by_token(s, ev.order_token, lock=True)
    rate = await rate_row(s, order.id, ev.rate, lock=True)
    if rate.state in (OrderRateState.paid, OrderRateState.refunded, OrderRateState.chargebacked):
        return
    rate.state = OrderRateState.unpaid
    rate.updated_at = datetime.now(UTC)
    key = rate_denied_key(ev.order_token, ev.rate, attempt)
    await _log(s, order, key, PaymentLogState.denied, rate.amount, ev.intent_id, ev.message)
    await event_recorded(
        s,
        order.seller_id,
        EventType.rate_failed,
        key,
        order_data(order, rate=ev.rate, amount=rate.amount, decline=ev.code, attempt=attempt),
    )
    await s.execute(
        update(Access)
        .where(Access.order_id == order.id, Access.suspended_at.is_(None))
        .values(suspended_at=datetime.now(UTC))
    )


async def subscription_moved(s: AsyncSession, token: str, state: PaymentState) -> None:
    order = await order_by_token(s, token, lock=True)
    if order.payment_state not in (
        PaymentState.payment_refunded,
        PaymentState.payment_chargebacked,
        PaymentState.payment_canceled,
    ):
        order.payment_state = state


async def rates_shifted(s: AsyncSession, token: str, from_rate: int, days: int) -> None:
    """A pause moves the due dates of the rates still to come."""
    order = await order_by_token(s, token)
    await s.execute(
        update(OrderRate)
        .where(
            OrderRate.order_id == order.id,
            OrderRate.number >= from_rate,
            OrderRate.state == OrderRateState.future,
        )
        .values(due_on=OrderRate.due_on + timedelta(days=days))
    )


async def subscription_ended(s: AsyncSession, end: SubscriptionEnd) -> None:
    """Completed: every rate paid, the order is `paid`. Canceled: the rates to come are skipped, the order is
    `payment_canceled` and access ends with the period."""
    order = await order_by_token(s, end.order_token, lock=True)
    await s.execute(
        update(OrderRate)
        .where(OrderRate.order_id == order.id, OrderRate.state == OrderRateState.future)
        .values(state=OrderRateState.skipped)
    )
    if end.reason == "completed":
        await subscription_moved(s, end.order_token, PaymentState.paid)
    else:
        if order.payment_state != PaymentState.payment_chargebacked:  # a chargeback's end keeps its state
            order.payment_state = PaymentState.payment_canceled
        data = order_data(order, last_rate=end.last_rate, state=str(order.payment_state))
        await event_recorded(s, order.seller_id, EventType.order_canceled, order.token, data)
        await noticed(s, order.seller_id, NotificationType.order_canceled, order.token, data)
        await s.execute(
            update(Access)
            .where(Access.order_id == order.id, Access.revoked_at.is_(None))
            .values(revoked_at=datetime.now(UTC))
        )


async def open_claims(s: AsyncSession, order_id: int) -> set[int]:
    """The rates of the order whose claim still runs."""
    return set((await s.execute(select(Claim.rate).where(Claim.order_id == order_id, OPEN_CLAIM))).scalars())


async def rates_of(s: AsyncSession, order_id: int) -> list[OrderRate]:
    return list(
        (
            await s.execute(
                select(OrderRate).where(OrderRate.order_id == order_id).order_by(OrderRate.number)
            )
        ).scalars()
    )


async def claim_of_seller(s: AsyncSession, seller_id: int, claim_id: int) -> tuple[Claim, str]:
    row = (
        await s.execute(
            select(Claim, Order.token)
            .join(Order, Order.id == Claim.order_id)
            .where(Claim.id == claim_id, Claim.seller_id == seller_id)
        )
    ).first()
    if row is None:
        raise DomainError(ErrorCode.NOT_FOUND, "Claim not found.")
    return row[0], row[1]


async def renewal_method_changed(s: AsyncSession, token: str, payment_method: str) -> None:
    locked = await order_by_token(s, token, lock=True)
    locked.renewal_payment_method = payment_method
    locked.renewal_card_expires = None  # the new card's expiry is looked up by the workflow
    locked.renewal_card_brand = locked.renewal_card_last4 = None


async def card_expiry_saved(
    s: AsyncSession, token: str, payment_method: str, expires: str | None, brand: str = "", last4: str = ""
) -> None:
    """Remember the card the order is charged to, its expiry, brand and last four digits (only if that card is still
    the saved one)."""
    values: dict[str, str] = {"renewal_card_brand": brand, "renewal_card_last4": last4} if last4 else {}
    if expires:
        values["renewal_card_expires"] = expires
    if values:
        await s.execute(
            update(Order)
            .where(Order.token == token, Order.renewal_payment_method == payment_method)
            .values(**values)
        )
