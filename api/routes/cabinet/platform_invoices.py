"""`/v1/cabinet/platform_invoices`: the seller's monthly platform invoices (core §4 monthly invoice states), issued
by the month close, and each as a PDF."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from api.deps import DB, CurrentSeller
from api.lean import ListRoute
from api.listing import list_openapi, list_params, listed
from api.schemas.fields import Id
from api.schemas.ledger import PlatformInvoiceList
from providers.documents.invoice_pdf import pdf_name, render
from store.ledger.platform_invoices import (
    PLATFORM_INVOICE_FILTERS,
    PLATFORM_INVOICE_LIST,
    platform_invoice_document,
    platform_invoices_listed,
)

router = APIRouter(route_class=ListRoute)  # it holds lists (api/lean.py)


@router.get(
    "/platform_invoices",
    response_model=PlatformInvoiceList,
    openapi_extra=list_openapi(PLATFORM_INVOICE_LIST, PLATFORM_INVOICE_FILTERS),
)
async def list_platform_invoices(request: Request, seller: CurrentSeller, s: DB) -> Response:
    rows, total = await platform_invoices_listed(s, seller.id, list_params(request))
    return listed(PlatformInvoiceList, rows, total)


@router.get(
    "/platform_invoices/{invoice_id}/pdf",
    response_class=Response,
    responses={200: {"content": {"application/pdf": {}}, "description": "The platform invoice as PDF"}},
)
async def platform_invoice_pdf(invoice_id: Id, seller: CurrentSeller, s: DB) -> Response:
    doc = await platform_invoice_document(s, seller.id, invoice_id)
    return Response(
        render(doc),
        media_type="application/pdf",
        headers={"Content-Disposition": f'attachment; filename="{pdf_name(doc)}"'},
    )
