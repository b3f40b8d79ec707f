"""An invoice paid later, after its day: the collection agency's part and the buyer's transfers are each booked
as a part of the overdue rate, never more than the invoice; what a transfer pays above the rest is owed back to
its payer, and a step retried books nothing twice."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

from sqlalchemy import func, select

from domain.accounts.accounts import ProfileType
from domain.billing.billing_calendar import PlanTerms
from domain.billing.inkasso import ClaimPayment
from domain.billing.subscriptions import DeclineKind
from domain.ledger.ledger import EntryKind, PayeeType
from domain.orders.orders import OrderRateState, PaymentType
from store.accounts.actions import user_created
from store.accounts.queries import seller_of
from store.billing.claims import claim_opened, claim_payment_booked
from store.billing.subscriptions import rate_row
from store.catalog.actions import plan_added, product_created
from store.db import session
from store.ledger.models import LedgerEntry
from store.orders.actions import order_created
from store.orders.bank_wire import incoming_recorded
from store.orders.pay_later import late_transfer_booked, pay_later_chosen, pay_later_overdue
from store.orders.queries import order_by_token


async def _overdue_order(price: int) -> str:
    """A seller's one-time product of `price`, bought to be paid later, its day passed and its claim opened."""
    name = uuid.uuid4().hex[:10]
    token = uuid.uuid4().hex[:20]
    async with session() as s:
        user = await user_created(
            s,
            email=f"{name}@example.test",
            password="sellflow-demo",
            username=f"s{name}",
            first_name="A",
            last_name="B",
            locale="en",
            profile_type=ProfileType.seller,
        )
        seller = await seller_of(s, user.id)
        assert seller is not None
        view = await product_created(s, seller.id, name=f"Guide {name}", description="", form="download")
        plan = await plan_added(
            s,
            view,
            name="Once",
            terms=PlanTerms(PaymentType.one_time, "eur", first_amount=price, next_amount=price),
        )
        order = await order_created(
            s,
            token=token,
            product=view.product,
            plan=plan,
            payer={"email": f"b{name}@example.test", "first_name": "Bea", "last_name": "Buyer"},
            customer_id="cus_x",
            setup_intent_id=None,
        )
        await pay_later_chosen(s, order, datetime.now(UTC) + timedelta(days=14), price)
    async with session() as s:
        await pay_later_overdue(s, token, "The invoice was not paid by its due day.")
        await claim_opened(s, token, 1, price, DeclineKind.hard)
    return token


async def _transfer(token: str, event_id: str, amount: int) -> None:
    async with session() as s:
        await incoming_recorded(s, event_id, f"SF-{token.upper()}", amount, "eur", "Bea Buyer")


async def _sold(token: str) -> int:
    async with session() as s:
        order = await order_by_token(s, token)
        return int(
            await s.scalar(
                select(func.coalesce(func.sum(LedgerEntry.amount), 0)).where(
                    LedgerEntry.order_id == order.id,
                    LedgerEntry.kind == EntryKind.sale,
                    LedgerEntry.payee_type == PayeeType.seller,
                )
            )
        )


async def test_the_agency_part_and_a_whole_transfer_book_the_invoice_once_and_the_rest_is_owed_back():
    token = await _overdue_order(3400)
    async with session() as s:  # the agency collected 14.00
        assert not await claim_payment_booked(s, ClaimPayment(token, 1, 1400, f"agency-{token}"))
    await _transfer(token, f"evt-part-{token}", 1000)
    async with session() as s:
        assert await late_transfer_booked(s, token, f"evt-part-{token}", 1000) == (False, 0)
    async with session() as s:
        order = await order_by_token(s, token)
        rate = await rate_row(s, order.id, 1)
        assert (rate.paid_amount, rate.state, order.paid) == (2400, OrderRateState.partly_paid, 2400)
    # the buyer transfers the whole invoice again: 10.00 of it pays the rest, 24.00 goes back
    await _transfer(token, f"evt-all-{token}", 3400)
    async with session() as s:
        assert await late_transfer_booked(s, token, f"evt-all-{token}", 3400) == (True, 2400)
    async with session() as s:  # the step retried: the same answer, nothing booked twice
        assert await late_transfer_booked(s, token, f"evt-all-{token}", 3400) == (True, 2400)
    assert await _sold(token) == 3400
    async with session() as s:
        order = await order_by_token(s, token)
        assert order.paid == 3400 and (await rate_row(s, order.id, 1)).paid_amount == 3400
        # a transfer after that finds nothing owed: all of it goes back
    await _transfer(token, f"evt-late-{token}", 500)
    async with session() as s:
        assert await late_transfer_booked(s, token, f"evt-late-{token}", 500) == (True, 500)
    assert await _sold(token) == 3400
