"""`/v1/cabinet/invoices` ("invoices and reversals", core §2): the seller's invoices and credit memos, and each
as a PDF."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from api.deps import DB, CurrentSeller, IdempotencyKey
from api.lean import ListRoute
from api.listing import CSV_ANSWER, csv_answer, list_openapi, list_params
from api.presenters.documents import xrechnung_answer
from api.schemas.fields import Id
from api.schemas.ledger import InvoiceCorrected, InvoiceCorrectionIn, InvoiceList, InvoiceRow
from providers.documents.invoice_pdf import pdf_name, render
from store.orders.invoices import (
    INVOICE_FILTERS,
    INVOICE_LIST,
    invoice_corrected,
    invoice_document,
    invoices_listed,
)

router = APIRouter(route_class=ListRoute)  # it holds lists (api/lean.py)


@router.get(
    "/invoices", response_model=InvoiceList, openapi_extra=list_openapi(INVOICE_LIST, INVOICE_FILTERS)
)
async def list_invoices(request: Request, seller: CurrentSeller, s: DB) -> Response:
    rows, total = await invoices_listed(s, seller.id, list_params(request))
    body = InvoiceList.model_validate({"list": rows, "total_count": total}).model_dump_json()
    return Response(body, media_type="application/json")


@router.get(
    "/invoices/csv",
    response_class=Response,
    openapi_extra=list_openapi(INVOICE_LIST, INVOICE_FILTERS),
    responses=CSV_ANSWER,
)
async def invoices_csv(request: Request, seller: CurrentSeller, s: DB) -> Response:
    """The invoices and credit memos the list shows, every page, as CSV."""
    return await csv_answer(
        lambda p: invoices_listed(s, seller.id, p),
        list_params(request),
        InvoiceRow,
        "invoices.csv",
        money=("total",),
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
