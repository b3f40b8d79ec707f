"""`/v1/cabinet/invoices` ("invoices and reversals", core §2): the seller's invoices and credit memos, and each
as a PDF."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from api.deps import DB, CurrentSeller
from api.listing import list_openapi, list_params
from api.schemas.fields import Id
from api.schemas.ledger import InvoiceList
from providers.documents.invoice_pdf import render
from store.orders.invoices import INVOICE_FILTERS, INVOICE_LIST, invoice_document, invoices_listed

router = APIRouter()


@router.get(
    "/invoices", response_model=InvoiceList, openapi_extra=list_openapi(INVOICE_LIST, INVOICE_FILTERS)
)
async def list_invoices(request: Request, seller: CurrentSeller, s: DB) -> Response:
    rows, total = await invoices_listed(s, seller.id, list_params(request))
    body = InvoiceList.model_validate({"list": rows, "total_count": total}).model_dump_json()
    return Response(body, media_type="application/json")


@router.get(
    "/invoices/{invoice_id}/pdf",
    response_class=Response,
    responses={200: {"content": {"application/pdf": {}}, "description": "The invoice as PDF"}},
)
async def invoice_pdf(invoice_id: Id, seller: CurrentSeller, s: DB) -> Response:
    doc = await invoice_document(s, seller.id, invoice_id)
    name = f"{'credit-memo' if doc.form == 'reversal' else 'invoice'}-{doc.number}.pdf"
    return Response(
        render(doc),
        media_type="application/pdf",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )
