"""The month close: each seller's platform invoice of a month, from the platform's fee entries of that month
(fees taken, fees given back with refunds and chargebacks), and the seller's list of them."""

from __future__ import annotations

from datetime import UTC, datetime, time
from typing import Any

from sqlalchemy import case, func, select, text
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain.billing.platform_invoices import (
    PLATFORM_ADDRESS,
    PLATFORM_COUNTRY,
    PLATFORM_ISSUER,
    PLATFORM_VAT_ID,
    IssuedPage,
    platform_invoice_state,
)
from domain.errors import DomainError, ErrorCode
from domain.ledger.bookkeeping import period_bounds
from domain.ledger.ledger import EntryKind, PayeeType, PlatformInvoiceState
from domain.listing import ListParams
from domain.orders.invoices import InvoiceDocument, InvoiceLine, postal_address, vat_treatment
from store.accounts.models import Seller, User
from store.ledger.models import LedgerEntry, PlatformInvoice, PlatformPlan
from store.legitimation.models import SellerProfileRow
from store.listing import ListSpec, enum_filter, run_list
from store.orders.invoices import seller_lines
from store.orders.models import Order

NUMBER_LOCK = 0x5E11_F10E  # the advisory lock that serialises platform invoice numbers

PLATFORM_INVOICE_FILTERS: dict[str, dict[str, Any]] = {
    "state": {"type": "array", "items": {"type": "string", "enum": list(PlatformInvoiceState)}},
}
PLATFORM_INVOICE_LIST = ListSpec(
    sort_columns={
        "period": PlatformInvoice.period,
        "number": PlatformInvoice.number,
        "total": PlatformInvoice.total,
    },
    default_sort="period",
    tiebreak=PlatformInvoice.id,
    filters={"state": enum_filter(PlatformInvoice.state, PlatformInvoiceState, "state")},
    search=lambda q, t: q.where(PlatformInvoice.period == t.strip()),
)


def _bounds(period: str) -> tuple[datetime, datetime]:
    start, end = period_bounds(period)
    return datetime.combine(start, time(), UTC), datetime.combine(end, time(), UTC)


def _fee_entries(lo: datetime, hi: datetime) -> Any:
    """The platform's side of fee entries in the window, with the seller of the order they belong to."""
    return (
        select(
            Order.seller_id.label("seller_id"),
            LedgerEntry.kind.label("kind"),
            LedgerEntry.amount.label("amount"),
            LedgerEntry.currency.label("currency"),
            LedgerEntry.order_id.label("order_id"),
        )
        .join(Order, Order.id == LedgerEntry.order_id)
        .where(
            LedgerEntry.payee_type == PayeeType.platform,
            LedgerEntry.kind.in_([EntryKind.platform_fee, EntryKind.reversal]),
            LedgerEntry.created_at >= lo,
            LedgerEntry.created_at < hi,
        )
    )


async def platform_invoices_issued(
    s: AsyncSession, period: str, after_seller_id: int, limit: int
) -> IssuedPage:
    """Issues the invoices of the next `limit` sellers (by id) that had fee entries in the month. A seller's
    invoice is inserted once (unique seller and month): a retried page issues nothing twice."""
    lo, hi = _bounds(period)
    entries = _fee_entries(lo, hi).subquery()
    sellers = list(
        (
            await s.execute(
                select(entries.c.seller_id)
                .where(entries.c.seller_id > after_seller_id)
                .group_by(entries.c.seller_id)
                .order_by(entries.c.seller_id)
                .limit(limit)
            )
        ).scalars()
    )
    issued = 0
    for seller_id in sellers:
        issued += await _issue_one(s, period, seller_id, lo, hi)
    return IssuedPage(issued=issued, last_seller_id=sellers[-1] if len(sellers) == limit else None)


async def _issue_one(s: AsyncSession, period: str, seller_id: int, lo: datetime, hi: datetime) -> int:
    e = _fee_entries(lo, hi).where(Order.seller_id == seller_id).subquery()
    fees, back, sales, currency = (
        await s.execute(
            select(
                func.coalesce(func.sum(case((e.c.kind == EntryKind.platform_fee, e.c.amount), else_=0)), 0),
                func.coalesce(func.sum(case((e.c.kind == EntryKind.reversal, -e.c.amount), else_=0)), 0),
                func.count(func.distinct(case((e.c.kind == EntryKind.platform_fee, e.c.order_id)))),
                func.min(e.c.currency),
            )
        )
    ).one()
    purpose = (
        await s.execute(
            select(PlatformPlan.purpose)
            .join(Seller, Seller.platform_plan_id == PlatformPlan.id)
            .where(Seller.id == seller_id)
        )
    ).scalar_one_or_none()
    await s.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": NUMBER_LOCK})
    exists = (
        await s.execute(
            select(PlatformInvoice.id).where(
                PlatformInvoice.seller_id == seller_id, PlatformInvoice.period == period
            )
        )
    ).scalar_one_or_none()
    if exists is not None:
        return 0
    number = (await s.execute(select(func.coalesce(func.max(PlatformInvoice.number), 0) + 1))).scalar_one()
    total = int(fees) - int(back)
    made = await s.execute(
        insert(PlatformInvoice)
        .values(
            seller_id=seller_id,
            period=period,
            number=number,
            state=platform_invoice_state(total, purpose),
            sales=int(sales),
            fees=int(fees),
            refunded_fees=int(back),
            total=total,
            currency=currency or "eur",
        )
        .on_conflict_do_nothing()
        .returning(PlatformInvoice.id)
    )
    return 1 if made.scalar_one_or_none() is not None else 0


async def platform_invoices_listed(
    s: AsyncSession, seller_id: int, params: ListParams
) -> tuple[list[dict[str, Any]], int]:
    base = select(
        PlatformInvoice.id,
        PlatformInvoice.number,
        PlatformInvoice.period,
        PlatformInvoice.state,
        PlatformInvoice.sales,
        PlatformInvoice.fees,
        PlatformInvoice.refunded_fees,
        PlatformInvoice.total,
        PlatformInvoice.currency,
        PlatformInvoice.issued_at,
    ).where(PlatformInvoice.seller_id == seller_id)
    rows, total = await run_list(s, base, params, PLATFORM_INVOICE_LIST)
    return rows, total


async def unpaid_platform_invoices(s: AsyncSession, seller_id: int) -> int:
    """How many of the seller's monthly invoices are not settled (a blocker of account deletion, core §8)."""
    return (
        await s.execute(
            select(func.count()).where(
                PlatformInvoice.seller_id == seller_id,
                PlatformInvoice.state.in_(
                    [PlatformInvoiceState.unpaid, PlatformInvoiceState.payment_pending]
                ),
            )
        )
    ).scalar_one()


async def platform_invoice_document(s: AsyncSession, seller_id: int, invoice_id: int) -> InvoiceDocument:
    row = (
        await s.execute(
            select(PlatformInvoice, User, SellerProfileRow)
            .join(Seller, Seller.id == PlatformInvoice.seller_id)
            .join(User, User.id == Seller.user_id)
            .outerjoin(SellerProfileRow, SellerProfileRow.seller_id == Seller.id)
            .where(PlatformInvoice.id == invoice_id, PlatformInvoice.seller_id == seller_id)
        )
    ).first()
    if row is None:
        raise DomainError(ErrorCode.NOT_FOUND, "Invoice not found.")
    inv, user, profile = row
    fees = {"period": inv.period, "sales": inv.sales}
    lines = [InvoiceLine(f"Platform fees {inv.period} ({inv.sales} sales)", inv.fees, "platform_fees", fees)]
    if inv.refunded_fees:
        lines.append(
            InvoiceLine(
                "Fees given back with refunds and chargebacks", -inv.refunded_fees, "fees_returned", {}
            )
        )
    return InvoiceDocument(
        number=inv.number,
        form="platform",
        issued_at=inv.issued_at,
        currency=inv.currency,
        seller_lines=PLATFORM_ISSUER,
        buyer_lines=seller_lines(user, profile),
        lines=lines,
        # a service to the seller: German VAT at home, reverse charge to an EU business abroad (its VAT id)
        vat=vat_treatment(
            True,
            None,
            PLATFORM_COUNTRY,
            (profile.country_code if profile else None) or PLATFORM_COUNTRY,
            profile.vat_id if profile else None,
        ),
        notes=[],
        withheld=inv.total > 0,  # the fees were withheld from the sales: nothing is left to pay
        locale=user.locale if user.locale in ("en", "de") else "en",
        seller_country=PLATFORM_COUNTRY,
        buyer_country=(profile.country_code if profile else None) or PLATFORM_COUNTRY,
        seller_vat_id=PLATFORM_VAT_ID,
        buyer_vat_id=profile.vat_id if profile else None,
        seller_address=postal_address(*PLATFORM_ADDRESS),
        buyer_address=postal_address(profile.street, profile.street_number, profile.zip, profile.city)
        if profile
        else {},
    )
