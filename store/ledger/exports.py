"""The bookkeeping export's data: what a period holds for a seller, and the export rows."""

from __future__ import annotations

from datetime import UTC, datetime, time

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain.errors import DomainError, ErrorCode
from domain.ledger.bookkeeping import ExportSource, ExportState, period_bounds, revenue_account
from domain.ledger.ledger import EntryKind, PayeeType
from domain.ledger.payouts import PayoutState
from domain.orders.orders import InvoiceForm
from store.ledger.models import AccountingExport, LedgerEntry, Payout
from store.orders.invoices import snapshot_of
from store.orders.models import Invoice, Order


async def export_source(s: AsyncSession, seller_id: int, period: str) -> ExportSource:
    start, end = period_bounds(period)
    lo, hi = datetime.combine(start, time(), UTC), datetime.combine(end, time(), UTC)
    invoices = (
        await s.execute(
            select(Invoice, Order)
            .join(Order, Order.id == Invoice.order_id)
            .where(Invoice.seller_id == seller_id, Invoice.issued_at >= lo, Invoice.issued_at < hi)
            .order_by(Invoice.number)
        )
    ).all()
    rows = []
    for inv, order in invoices:
        snap = await snapshot_of(s, inv, order)
        text = (
            snap.text if inv.document or inv.form == InvoiceForm.regular else f"Refund: {order.product_name}"
        )
        rows.append((inv.number, inv.issued_at.date(), inv.total, text, revenue_account(snap.vat)))
    payouts = (
        await s.execute(
            select(Payout.kind, Payout.number, Payout.updated_at, Payout.amount)
            .where(
                Payout.payee_type == PayeeType.seller,
                Payout.payee_id == seller_id,
                Payout.state == PayoutState.successful,
                Payout.updated_at >= lo,
                Payout.updated_at < hi,
            )
            .order_by(Payout.id)
        )
    ).all()
    fees = (
        await s.execute(
            select(Order.token, LedgerEntry.created_at, LedgerEntry.amount)
            .join(Order, Order.id == LedgerEntry.order_id)
            .where(
                LedgerEntry.payee_type == PayeeType.seller,
                LedgerEntry.payee_id == seller_id,
                LedgerEntry.kind == EntryKind.platform_fee,
                LedgerEntry.created_at >= lo,
                LedgerEntry.created_at < hi,
            )
            .order_by(LedgerEntry.id)
        )
    ).all()
    return ExportSource(
        invoices=rows,
        fees=[(token, at.date(), -amount) for token, at, amount in fees],
        payouts=[(f"{kind.value}-{number}", at.date(), amount) for kind, number, at, amount in payouts],
    )


async def export_recorded(
    s: AsyncSession, seller_id: int, period: str, count: int, csv_key: str, datev_key: str
) -> None:
    values = {
        "state": ExportState.ready_to_be_sent,
        "bookings": count,
        "csv_key": csv_key,
        "datev_key": datev_key,
    }
    await s.execute(
        insert(AccountingExport)
        .values(seller_id=seller_id, period=period, **values)
        .on_conflict_do_update(
            index_elements=[AccountingExport.seller_id, AccountingExport.period], set_=values
        )
    )


async def exports_of(s: AsyncSession, seller_id: int) -> list[AccountingExport]:
    q = (
        select(AccountingExport)
        .where(AccountingExport.seller_id == seller_id)
        .order_by(AccountingExport.period.desc())
    )
    return list((await s.execute(q)).scalars())


async def export_of(s: AsyncSession, seller_id: int, export_id: int) -> AccountingExport:
    row = (
        await s.execute(
            select(AccountingExport).where(
                AccountingExport.id == export_id, AccountingExport.seller_id == seller_id
            )
        )
    ).scalar_one_or_none()
    if row is None:
        raise DomainError(ErrorCode.NOT_FOUND, "Export not found.")
    return row
