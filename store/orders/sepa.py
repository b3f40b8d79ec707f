"""SEPA Direct Debit: the mandate a buyer accepts on the checkout page, one per order (a buyer who enters another
account after a refused debit replaces it)."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain.orders.orders import PaymentMethod
from domain.payments.rules import iban_digest, mandate_reference
from store.orders.models import Order, SepaMandate


async def mandate_accepted(
    s: AsyncSession,
    order: Order,
    *,
    holder: str,
    iban: str,
    payment_method: str,
    ip_address: str,
    user_agent: str,
) -> SepaMandate:
    """The order is paid by direct debit from this account: its mandate, recorded (or replaced) with the proof of
    the buyer's consent. Only the IBAN's country and last four digits are kept; the provider keeps the rest."""
    values = {
        "reference": mandate_reference(order.token),
        "holder": holder,
        "iban_country": iban[:2],
        "iban_last4": iban[-4:],
        "iban_sha256": iban_digest(iban),
        "payment_method": payment_method,
        "ip_address": ip_address[:64],
        "user_agent": user_agent[:400],
    }
    await s.execute(
        insert(SepaMandate)
        .values(order_id=order.id, **values)
        .on_conflict_do_update(index_elements=["order_id"], set_={**values, "accepted_at": func.now()})
    )
    order.payment_form = PaymentMethod.sepa
    await s.flush()
    return await mandate_of(s, order.id)  # type: ignore[return-value]


async def mandate_of(s: AsyncSession, order_id: int) -> SepaMandate | None:
    return (
        await s.execute(
            select(SepaMandate)
            .where(SepaMandate.order_id == order_id)
            .execution_options(populate_existing=True)
        )
    ).scalar_one_or_none()


async def method_for_account(s: AsyncSession, order_id: int, iban: str) -> str | None:
    """The payment method made for this order from this very account before (a second click, a retry)."""
    m = await mandate_of(s, order_id)
    return m.payment_method if m is not None and m.iban_sha256 == iban_digest(iban) else None
