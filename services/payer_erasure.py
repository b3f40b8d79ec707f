"""A payer's erasure (GDPR Art. 17): on their request everything that names them goes, except what bookkeeping law
makes every seller keep (Art. 17 (3) (b); § 147 AO, § 14b UStG): their orders at every shop stay with their money
but are pseudonymised (as a deleted seller's buyers are, store/retention.py; with the opt-in answers, the
attendee a ticket names and the name on a certificate), the mails to their address lose
subject, text and address, and their payer account goes. The invoices keep the buyer as issued until the end of
their tenth year, when the Retention workflow takes the buyer from them. Refused (409, nothing changes) while an
order still runs (a subscription, installments, an invoice to pay later, an open checkout) or while the account
also sells, publishes, works in a team or manages: that account is closed through account deletion."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime

from sqlalchemy import delete, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from domain.accounts.account_deletion import RETENTION_YEARS
from domain.accounts.accounts import ProfileType
from domain.errors import DomainError, ErrorCode
from domain.orders.orders import PaymentState
from domain.retention import pseudonym
from store.accounts.models import User
from store.accounts.queries import profile_types
from store.catalog.models import Certificate, PaymentTicket
from store.mail.models import Mail
from store.orders.models import Invoice, Order
from store.orders.payer_data import mailed_to, placed_by
from store.retention import buyers_pseudonymised

# an order that still runs: the payer's details are needed to bill, remind or deliver it
RUNNING = (
    PaymentState.paying,
    PaymentState.payment_paused,
    PaymentState.payment_waiting,
    PaymentState.payment_pending,
)


@dataclass(frozen=True)
class Erased:
    orders: int  # pseudonymised
    mails: int  # emptied
    invoices_kept: int  # kept with the buyer as issued, until `kept_until`
    kept_until: date | None


async def payer_erased(s: AsyncSession, user: User) -> Erased:
    others = set(await profile_types(s, user.id)) - {ProfileType.payer}
    if others:
        raise DomainError(
            ErrorCode.CONFLICT,
            "This account does more than buy (it sells, publishes, works in a team or manages): close it through "
            "account deletion.",
        )
    email = user.email.lower()
    mine = placed_by(email)
    running = (
        await s.execute(select(Order.token).where(mine, Order.payment_state.in_(RUNNING)).limit(20))
    ).scalars()
    if tokens := list(running):
        raise DomainError(
            ErrorCode.CONFLICT,
            "Some orders still run: cancel the subscriptions and pay what is open, then ask again.",
            {"orders": tokens},
        )
    orders = (await s.execute(select(Order.id, Order.payer_email).where(mine))).all()
    now = datetime.now(UTC)
    await buyers_pseudonymised(s, [(i, e) for i, e in orders], payer_erased_at=now, opt_in_answers=None)
    ids = [i for i, _ in orders]
    # who came to an event in their place, and the name on their certificates
    await s.execute(update(PaymentTicket).where(PaymentTicket.order_id.in_(ids)).values(attendee=None))
    await s.execute(update(Certificate).where(Certificate.order_id.in_(ids)).values(holder_name=""))
    last_issued, kept = (
        await s.execute(
            select(func.max(Invoice.issued_at), func.count(Invoice.id)).where(Invoice.order_id.in_(ids))
        )
    ).one()
    mails = (
        await s.execute(
            update(Mail)
            .where(mailed_to(email))
            .values(to_email=pseudonym(email, 0), subject="", body="", view_token=None)
            .returning(Mail.id)
        )
    ).all()
    await s.execute(delete(User).where(User.id == user.id))
    until = date(last_issued.year + RETENTION_YEARS, 12, 31) if last_issued else None
    return Erased(orders=len(ids), mails=len(mails), invoices_kept=kept, kept_until=until)
