"""Everything the platform holds about a payer (GDPR Art. 15 and 20): their orders at every shop with what the
checkout asked (address, company, VAT id, opt-in answers, the consent to begin at once), the invoices of those
orders, and the mails sent to their address. Found by the payer's e-mail, in any case; nothing of another payer.
Answered as plain records (amounts in minor units), ready to be written as JSON or CSV."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.sql.elements import ColumnElement

from store.accounts.models import Seller, User
from store.mail.models import Mail
from store.orders.models import Invoice, Order

# what the checkout asked of the payer, kept on each order (the record's keys, in this order)
ASKED = ("country", "company", "vat_id", "street", "street_number", "zip", "city", "locale")


def placed_by(email: str) -> ColumnElement[bool]:
    """The orders placed with this e-mail, in any case: what the payer's export holds and their erasure takes."""
    return func.lower(Order.payer_email) == email.lower()


def mailed_to(email: str) -> ColumnElement[bool]:
    """The mails sent to this address, in any case."""
    return func.lower(Mail.to_email) == email.lower()


def _order(o: Order, shop: str) -> dict[str, Any]:
    return {
        "token": o.token,
        "shop": shop,
        "product": o.product_name,
        "plan": o.pricing_plan_name,
        "created_at": o.created_at,
        "payment_state": o.payment_state.value,
        "payment_form": o.payment_form.value,
        "total": o.total,
        "currency": o.currency_key,
        "first_name": o.payer_first_name,
        "last_name": o.payer_last_name,
        "email": o.payer_email,
        "details": {k: getattr(o, f"payer_{k}") for k in ASKED},
        "opt_in_answers": dict(o.opt_in_answers or {}),
        "consent": o.withdrawal_consent_text,
        "consented_at": o.withdrawal_consent_at,
        "invoices": [],
    }


async def orders_held(s: AsyncSession, email: str) -> list[dict[str, Any]]:
    rows = await s.execute(
        select(Order, User.username)
        .join(Seller, Seller.id == Order.seller_id)
        .join(User, User.id == Seller.user_id)
        .where(placed_by(email))
        .order_by(Order.created_at, Order.id)
    )
    held = {o.id: _order(o, username or "") for o, username in rows}
    if held:
        invoices = await s.scalars(
            select(Invoice).where(Invoice.order_id.in_(held)).order_by(Invoice.issued_at, Invoice.id)
        )
        for inv in invoices:
            held[inv.order_id]["invoices"].append(
                {
                    "number": inv.number,
                    "issued_at": inv.issued_at,
                    "total": inv.total,
                    "currency": inv.currency,
                    "form": inv.form.value,
                }
            )
    return list(held.values())


async def mails_held(s: AsyncSession, email: str, limit: int = 1000) -> list[dict[str, Any]]:
    rows = await s.execute(
        select(Mail.subject, Mail.created_at, Mail.sent_at)
        .where(mailed_to(email))
        .order_by(Mail.created_at.desc())
        .limit(limit)
    )
    return [{"subject": subject, "created_at": made, "sent_at": sent} for subject, made, sent in rows]
