"""Invoices and credit memos: the seller's list (generic list engine) and one as a document to render."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import ColumnElement, cast, insert, literal, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from domain.affiliates.resellers import RESELLER_NOTE
from domain.billing.platform_invoices import (
    PLATFORM_ADDRESS,
    PLATFORM_CONTACT,
    PLATFORM_COUNTRY,
    PLATFORM_ISSUER,
    PLATFORM_VAT_ID,
)
from domain.errors import DomainError, ErrorCode
from domain.listing import AMOUNT_FILTER_MAX, ListParams
from domain.orders.invoices import (
    HOME_COUNTRY,
    InvoiceDocument,
    InvoiceSnapshot,
    VatKind,
    VatTreatment,
    postal_address,
    vat_treatment,
)
from domain.orders.orders import InvoiceForm, InvoiceState
from store.accounts.models import Seller, User
from store.accounts.queries import display_name
from store.db import autocommit
from store.legitimation.models import SellerProfileRow
from store.listing import (
    ListSpec,
    enum_filter,
    range_filters,
    range_schemas,
    run_list,
    window_filters,
    window_schemas,
)
from store.orders.models import Invoice, Order

INVOICE_FILTERS: dict[str, dict[str, Any]] = {
    "form": {"type": "array", "items": {"type": "string", "enum": list(InvoiceForm)}},
    "state": {"type": "array", "items": {"type": "string", "enum": list(InvoiceState)}},
    **window_schemas("issued"),
    **range_schemas("total", AMOUNT_FILTER_MAX),
}
INVOICE_LIST = ListSpec(
    sort_columns={"number": Invoice.number, "issued_at": Invoice.issued_at, "total": Invoice.total},
    default_sort="number",
    tiebreak=Invoice.id,
    filters={
        "form": enum_filter(Invoice.form, InvoiceForm, "form"),
        "state": enum_filter(Invoice.state, InvoiceState, "state"),
        **window_filters(Invoice.issued_at, "issued"),
        **range_filters(Invoice.total, "total", AMOUNT_FILTER_MAX),
    },
    search=lambda q, text: q.where(Order.token == text.strip().lower().replace(" ", "")),
)
_Original = aliased(Invoice)
UNIQUE_VIOLATION = "23505"


async def invoice_numbers_locked(s: AsyncSession, seller_id: int) -> Seller:
    """The seller's row locked for the next gapless invoice number, as `FOR NO KEY UPDATE`: it serialises the
    numbering, yet never waits for (or deadlocks with) the key-share locks that inserting rows which reference
    the seller takes (payment log, ledger, transfers: many renewals of one seller book at once). The row is read
    again under the lock even when the session loaded it before, so the counter is never stale."""
    q = (
        select(Seller)
        .where(Seller.id == seller_id)
        .with_for_update(key_share=True)
        .execution_options(populate_existing=True)  # the counter as committed, not as loaded earlier
    )
    return (await s.execute(q)).scalar_one()


@dataclass(frozen=True)
class InvoiceDraft:
    """An invoice to number: how to find it once inserted, and every column but the number (Python-side column
    defaults do not apply to `invoice_numbered`'s insert)."""

    found: ColumnElement[bool]
    values: dict[str, Any]


async def invoice_numbered(draft: InvoiceDraft) -> int:
    """The draft inserted with the seller's next gapless number; or the number of the invoice `draft.found`
    selects, when a retry or a concurrent run inserted it first. Call it after the transaction that booked the
    money has committed.

    One autocommit statement advances the seller's counter and inserts the invoice, so the counter's row lock
    is held only while PostgreSQL runs that statement, never across a round trip to this process: every invoice
    of a seller queues on that lock (a billing storm of one seller's 10,000 renewals did, each holding it for
    four round trips on a busy worker). A concurrent run's insert is refused whole by the unique index, its
    counter step included, so no number is lost; the next round finds the winner's."""
    table, values, found = Invoice.__table__, draft.values, draft.found
    seq = (
        update(Seller)
        .where(Seller.id == values["seller_id"])
        .values(invoice_seq=Seller.invoice_seq + 1)
        .returning(Seller.invoice_seq)
        .cte("seq")
    )
    columns = [cast(literal(v, table.c[k].type), table.c[k].type) for k, v in values.items()]
    add = (
        insert(Invoice)
        .from_select([*values, "number"], select(*columns, seq.c.invoice_seq), include_defaults=False)
        .returning(Invoice.number)
    )
    async with autocommit() as c:
        for _ in range(3):
            if (number := (await c.execute(select(Invoice.number).where(found))).scalar()) is not None:
                return number
            try:
                return (await c.execute(add)).scalar_one()
            except IntegrityError as e:
                if getattr(e.orig, "sqlstate", None) != UNIQUE_VIOLATION:
                    raise
                # another run inserted this invoice meanwhile: its number is found above
    raise RuntimeError("invoice neither found nor inserted")


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
    return rows, total


def seller_lines(user: User, profile: SellerProfileRow | None) -> list[str]:
    """The seller's name or company and address (the document names the country and the VAT id or tax number in
    its own language)."""
    name = (profile.company if profile and profile.company else None) or " ".join(
        x
        for x in (
            profile.first_name if profile else user.first_name,
            profile.last_name if profile else user.last_name,
        )
        if x
    )
    lines = [name or user.username or user.email]
    if profile:
        lines += [
            " ".join(x for x in (profile.street, profile.street_number) if x),
            " ".join(x for x in (profile.zip, profile.city) if x),
        ]
    return [x for x in lines if x]


def seller_contact(user: User, profile: SellerProfileRow | None) -> dict[str, str]:
    """Who answers for the seller on an XRechnung (BG-6): their name, phone and e-mail address."""
    name = " ".join(x for x in (profile.first_name if profile else user.first_name, profile.last_name if profile
                                else user.last_name) if x)  # fmt: skip
    contact = {"name": name or user.username or "", "phone": (profile.phone if profile else None) or "",
               "email": user.email}  # fmt: skip
    return {k: v for k, v in contact.items() if v}


def buyer_lines(order: Order) -> list[str]:
    """The recipient block: company, name, address and e-mail (the country is named by the document)."""
    buyer = " ".join(x for x in (order.payer_first_name, order.payer_last_name) if x)
    street = " ".join(x for x in (order.payer_street, order.payer_street_number) if x)
    town = " ".join(x for x in (order.payer_zip, order.payer_city) if x)
    return [x for x in (order.payer_company, buyer, street, town, order.payer_email) if x]


def seller_vat(
    profile: SellerProfileRow | None, buyer_country: str | None, buyer_vat_id: str | None
) -> VatTreatment:
    """The VAT a buyer's invoice from this seller carries: the seller's status and country, the buyer's country
    and VAT id. One rule for the price shown, the amount charged and the invoice issued."""
    return vat_treatment(
        bool(profile and profile.vat_payer),
        profile.vat_exempt_reason.value if profile and profile.vat_exempt_reason else None,
        profile.country_code if profile else None,
        buyer_country,
        buyer_vat_id,
    )


def reseller_vat(buyer_country: str | None, buyer_vat_id: str | None) -> VatTreatment:
    """The VAT the platform's invoice carries when it sells as reseller: it is a VAT payer at home, so the buyer's
    country's rate (OSS) in the EU, reverse charge to an EU business abroad, none outside the EU."""
    return vat_treatment(True, None, PLATFORM_COUNTRY, buyer_country, buyer_vat_id)


async def snapshot_now(
    s: AsyncSession,
    order: Order,
    text: str,
    kind: str = "sale",
    facts: dict[str, Any] | None = None,
    extra_lines: list[dict[str, Any]] | None = None,
) -> InvoiceSnapshot:
    """What a new regular invoice of the order says: the seller's current profile and VAT status, the payer
    (a business buyer with its VAT id), the VAT the buyer's country calls for, the date of supply (today: a
    digital product is supplied when it is paid) and the buyer's language. `kind` and `facts` let the document
    word its line in that language; `text` is the line as the exports show it."""
    user, profile = (
        await s.execute(
            select(User, SellerProfileRow)
            .join(Seller, Seller.user_id == User.id)
            .outerjoin(SellerProfileRow, SellerProfileRow.seller_id == Seller.id)
            .where(Seller.id == order.seller_id)
        )
    ).one()
    if order.via_reseller:  # the platform sold it in its own name: its invoice, its VAT
        return InvoiceSnapshot(
            [*PLATFORM_ISSUER, RESELLER_NOTE.format(seller=display_name(user) or user.username or "")],
            buyer_lines(order),
            text,
            reseller_vat(order.payer_country, order.payer_vat_id),
            PLATFORM_COUNTRY,
            locale=order.payer_locale or "en",
            supplied_on=datetime.now(UTC).date().isoformat(),
            buyer_country=order.payer_country,
            seller_vat_id=PLATFORM_VAT_ID,
            buyer_vat_id=order.payer_vat_id,
            line_kind=kind,
            line_facts={"product": order.product_name, **(facts or {})},
            seller_address=postal_address(*PLATFORM_ADDRESS),
            buyer_address=postal_address(
                order.payer_street, order.payer_street_number, order.payer_zip, order.payer_city
            ),
            extra_lines=extra_lines or [],
            seller_contact=PLATFORM_CONTACT,
            buyer_email=order.payer_email,
            buyer_reference=order.payer_leitweg_id,
        )
    vat = seller_vat(profile, order.payer_country, order.payer_vat_id)
    home = (profile.country_code if profile else None) or HOME_COUNTRY
    return InvoiceSnapshot(
        seller_lines(user, profile),
        buyer_lines(order),
        text,
        vat,
        home.upper(),
        locale=order.payer_locale or "en",
        supplied_on=datetime.now(UTC).date().isoformat(),
        buyer_country=order.payer_country,
        seller_vat_id=profile.vat_id if profile else None,
        seller_tax_no=(profile.tax_no or profile.tax_ident_no) if profile else None,
        buyer_vat_id=order.payer_vat_id,
        line_kind=kind,
        line_facts={"product": order.product_name, **(facts or {})},
        seller_address=postal_address(profile.street, profile.street_number, profile.zip, profile.city)
        if profile
        else {},
        buyer_address=postal_address(
            order.payer_street, order.payer_street_number, order.payer_zip, order.payer_city
        ),
        extra_lines=extra_lines or [],
        seller_contact=seller_contact(user, profile),
        buyer_email=order.payer_email,
        buyer_reference=order.payer_leitweg_id,
    )


async def snapshot_of(s: AsyncSession, inv: Invoice, order: Order) -> InvoiceSnapshot:
    """What a finalised invoice says (rows finalised before snapshots existed are described as of now)."""
    if inv.document:
        return InvoiceSnapshot.from_json(inv.document)
    return await snapshot_now(s, order, order.product_name)


async def invoice_document(s: AsyncSession, seller_id: int, invoice_id: int) -> InvoiceDocument:
    row = (
        await s.execute(
            select(Invoice, Order, _Original.number)
            .join(Order, Order.id == Invoice.order_id)
            .outerjoin(_Original, _Original.id == Invoice.original_id)
            .where(Invoice.id == invoice_id, Invoice.seller_id == seller_id)
        )
    ).first()
    if row is None:
        raise DomainError(ErrorCode.NOT_FOUND, "Invoice not found.")
    inv, order, original = row
    snap = await snapshot_of(s, inv, order)
    if not inv.document and inv.form == InvoiceForm.reversal:
        snap = replace(snap, text=f"Refund: {order.product_name}", line_kind="refund")
    return InvoiceDocument(
        number=inv.number,
        form=inv.form.value,
        issued_at=inv.issued_at,
        currency=inv.currency,
        seller_lines=snap.seller_lines,
        buyer_lines=snap.buyer_lines,
        lines=snap.lines(inv.total),
        vat=snap.vat,
        original_number=original,
        locale=snap.locale,
        supplied_on=date.fromisoformat(snap.supplied_on) if snap.supplied_on else None,
        seller_country=snap.seller_country if snap.line_kind else None,
        buyer_country=snap.buyer_country,
        seller_vat_id=snap.seller_vat_id,
        seller_tax_no=snap.seller_tax_no,
        buyer_vat_id=snap.buyer_vat_id,
        order_token=order.token,
        seller_address=snap.seller_address,
        buyer_address=snap.buyer_address,
        pay_by=snap.pay_by if inv.state == InvoiceState.unpaid else {},
        seller_contact=snap.seller_contact,
        buyer_email=snap.buyer_email,
        buyer_reference=snap.buyer_reference,
    )


async def invoice_corrected(
    s: AsyncSession, seller_id: int, invoice_id: int, buyer: list[str], buyer_country: str | None
) -> tuple[Invoice, Invoice]:
    """A correction of a finalised invoice: a reversal cancelling it and a corrected invoice with the new buyer
    details (and the VAT the new country calls for), each referencing the original, numbered next under the
    seller's lock. The original's content never changes; its state becomes canceled."""
    seller = await invoice_numbers_locked(s, seller_id)
    original = (
        await s.execute(select(Invoice).where(Invoice.id == invoice_id, Invoice.seller_id == seller_id))
    ).scalar_one_or_none()
    if original is None:
        raise DomainError(ErrorCode.NOT_FOUND, "Invoice not found.")
    if original.form == InvoiceForm.reversal:
        raise DomainError(ErrorCode.CONFLICT, "A credit memo cannot be corrected.")
    if original.state == InvoiceState.canceled:
        raise DomainError(ErrorCode.CONFLICT, "This invoice was already corrected or canceled.")
    order = (await s.execute(select(Order).where(Order.id == original.order_id))).scalar_one()
    snap = await snapshot_of(s, original, order)
    country = (buyer_country or "").upper() or None
    vat = snap.vat
    if vat.kind != VatKind.exempt:
        vat = vat_treatment(True, None, snap.seller_country, country)
    # documents that name the buyer's country themselves keep it apart from the address lines
    lines = [x for x in buyer if x] if snap.line_kind else [x for x in (*buyer, country) if x]
    cancel = replace(
        snap,
        text=f"Cancellation of invoice no. {original.number}: {order.product_name}",
        line_kind="cancellation",
        line_facts={**snap.line_facts, "product": order.product_name, "refers_to": original.number},
    )
    fixed = replace(snap, buyer_lines=lines, text=order.product_name, vat=vat, buyer_country=country)
    made = []
    for form, total, doc in (
        (InvoiceForm.reversal, -original.total, cancel),
        (InvoiceForm.corrected, original.total, fixed),
    ):
        seller.invoice_seq += 1
        inv = Invoice(
            seller_id=seller.id,
            order_id=order.id,
            number=seller.invoice_seq,
            form=form,
            state=InvoiceState.issued if form == InvoiceForm.reversal else original.state,
            total=total,
            currency=original.currency,
            original_id=original.id,
            document=doc.to_json(),
        )
        s.add(inv)
        made.append(inv)
    original.state = InvoiceState.canceled
    await s.flush()
    return made[0], made[1]


async def invoice_id_of_order(s: AsyncSession, order_id: int, number: int) -> int | None:
    """The invoice or credit memo with this number of this order (a buyer reaches only their order's)."""
    return (
        await s.execute(select(Invoice.id).where(Invoice.order_id == order_id, Invoice.number == number))
    ).scalar_one_or_none()
