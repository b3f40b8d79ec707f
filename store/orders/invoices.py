"""Invoices and credit memos: the seller's list (generic list engine) and one as a document to render."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from domain.errors import DomainError, ErrorCode
from domain.invoices import InvoiceDocument, InvoiceLine
from domain.listing import ListParams
from domain.orders import InvoiceForm, InvoiceState
from store.accounts.models import Seller, User
from store.legitimation.models import SellerProfileRow
from store.listing import ListSpec, enum_filter, run_list
from store.orders.models import Invoice, Order

INVOICE_FILTERS: dict[str, dict[str, Any]] = {
    "form": {"type": "array", "items": {"type": "string", "enum": list(InvoiceForm)}},
    "state": {"type": "array", "items": {"type": "string", "enum": list(InvoiceState)}},
}
INVOICE_LIST = ListSpec(
    sort_columns={"number": Invoice.number, "issued_at": Invoice.issued_at, "total": Invoice.total},
    default_sort="number",
    tiebreak=Invoice.id,
    filters={
        "form": enum_filter(Invoice.form, InvoiceForm, "form"),
        "state": enum_filter(Invoice.state, InvoiceState, "state"),
    },
    search=lambda q, text: q.where(Order.token == text.strip().lower().replace(" ", "")),
)
_Original = aliased(Invoice)


async def invoices_listed(
    s: AsyncSession, seller_id: int, params: ListParams
) -> tuple[list[dict[str, Any]], int]:
    base = (
        select(
            Invoice.id,
            Invoice.number,
            Invoice.form,
            Invoice.state,
            Invoice.total,
            Invoice.currency,
            Invoice.issued_at,
            Order.token.label("order_token"),
            Order.product_name,
            _Original.number.label("original_number"),
        )
        .join(Order, Order.id == Invoice.order_id)
        .outerjoin(_Original, _Original.id == Invoice.original_id)
        .where(Invoice.seller_id == seller_id)
    )
    rows, total = await run_list(s, base, params, INVOICE_LIST)
    return [dict(r._mapping) for r in rows], total


async def invoice_document(s: AsyncSession, seller_id: int, invoice_id: int) -> InvoiceDocument:
    row = (
        await s.execute(
            select(Invoice, Order, User, SellerProfileRow, _Original.number)
            .join(Order, Order.id == Invoice.order_id)
            .join(Seller, Seller.id == Invoice.seller_id)
            .join(User, User.id == Seller.user_id)
            .outerjoin(SellerProfileRow, SellerProfileRow.seller_id == Seller.id)
            .outerjoin(_Original, _Original.id == Invoice.original_id)
            .where(Invoice.id == invoice_id, Invoice.seller_id == seller_id)
        )
    ).first()
    if row is None:
        raise DomainError(ErrorCode.NOT_FOUND, "Invoice not found.")
    inv, order, user, profile, original = row
    name = (profile.company if profile and profile.company else None) or " ".join(
        x
        for x in (
            profile.first_name if profile else user.first_name,
            profile.last_name if profile else user.last_name,
        )
        if x
    )
    seller_lines = [name or user.username or user.email]
    if profile:
        seller_lines += [
            " ".join(x for x in (profile.street, profile.street_number) if x),
            " ".join(x for x in (profile.zip, profile.city) if x),
            profile.country_code or "",
        ]
        if profile.vat_id:
            seller_lines.append(f"VAT ID {profile.vat_id}")
        elif profile.tax_no or profile.tax_ident_no:
            seller_lines.append(f"Tax no. {profile.tax_no or profile.tax_ident_no}")
    buyer = " ".join(x for x in (order.payer_first_name, order.payer_last_name) if x)
    text = order.product_name if inv.form == InvoiceForm.regular else f"Refund: {order.product_name}"
    return InvoiceDocument(
        number=inv.number,
        form=inv.form.value,
        issued_at=inv.issued_at,
        currency=inv.currency,
        seller_lines=[x for x in seller_lines if x],
        buyer_lines=[x for x in (buyer, order.payer_email) if x],
        lines=[InvoiceLine(text=text, amount=inv.total)],
        vat_payer=bool(profile and profile.vat_payer),
        vat_exempt_reason=profile.vat_exempt_reason.value if profile and profile.vat_exempt_reason else None,
        original_number=original,
        notes=[f"Order {order.token}"],
    )
