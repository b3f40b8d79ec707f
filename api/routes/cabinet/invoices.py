"""`/v1/cabinet/invoices` ("invoices and reversals", core §2): the seller's invoices and credit memos, and each
as a PDF."""

from __future__ import annotations

from fastapi import APIRouter, Response

from api.deps import DB, CurrentSeller, IdempotencyKey
from api.lean import ListRoute
from api.presenters.documents import xrechnung_answer
from api.schemas.fields import Id
from api.schemas.ledger import InvoiceCorrected, InvoiceCorrectionIn, InvoiceList, InvoiceRow
from api.seller_lists import SellerList, add_seller_list
from providers.documents.invoice_pdf import pdf_name, render
from store.orders.invoices import (
    INVOICE_FILTERS,
    INVOICE_LIST,
    invoice_corrected,
    invoice_document,
    invoices_listed,
)

router = APIRouter(route_class=ListRoute)  # it holds lists (api/lean.py)


add_seller_list(
    router,
    SellerList(
        "/invoices",
        "invoices",
        InvoiceList,
        InvoiceRow,
        INVOICE_LIST,
        INVOICE_FILTERS,
        lambda s, seller, p: invoices_listed(s, seller.id, p),
        "The invoices and credit memos the list shows, every page, as CSV.",
        money=("total",),
    ),
)


@router.get(
    "/invoices/{invoice_id}/pdf",
    response_class=Response,
    responses={200: {"content": {"application/pdf": {}}, "description": "The invoice as PDF"}},
)
async def invoice_pdf(invoice_id: Id, seller: CurrentSeller, s: DB) -> Response:
    doc = await invoice_document(s, seller.id, invoice_id)
    name = pdf_name(doc)
    return Response(
        render(doc),
        media_type="application/pdf",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


@router.get(
    "/invoices/{invoice_id}/xrechnung",
    response_class=Response,
    responses={200: {"content": {"application/xml": {}}, "description": "The invoice as XRechnung (CII)"}},
)
async def invoice_xrechnung(invoice_id: Id, seller: CurrentSeller, s: DB) -> Response:
    return xrechnung_answer(await invoice_document(s, seller.id, invoice_id))


@router.post("/invoices/{invoice_id}/correction", response_model=InvoiceCorrected, status_code=201)
async def correct_invoice(
    idempotency_key: IdempotencyKey, invoice_id: Id, body: InvoiceCorrectionIn, seller: CurrentSeller, s: DB
) -> InvoiceCorrected:
    """A finalised invoice is never changed: it is cancelled by a reversal and replaced by a corrected invoice
    with the new buyer details, both referencing it."""
    reversal, corrected = await invoice_corrected(
        s, seller.id, invoice_id, body.buyer_lines, body.buyer_country
    )
    return InvoiceCorrected(
        reversal_number=reversal.number, corrected_id=corrected.id, corrected_number=corrected.number
    )
