"""`/v1/shop/{username}/orders/{token}/invoices/{number}/pdf`: the buyer's invoice or credit memo of an order, as
PDF (with its EN 16931 e-invoice embedded), and `…/xrechnung`: the same as an XRechnung (CII) for public buyers.
The order token is the buyer's key, as on the thank-you page; another order's numbers are not found."""

from __future__ import annotations

from fastapi import APIRouter, Response

from api.deps import DB
from api.presenters.documents import xrechnung_answer
from api.schemas.fields import Id
from domain.errors import DomainError, ErrorCode
from domain.orders.invoices import InvoiceDocument
from providers.documents.invoice_pdf import pdf_name, render
from store.orders.invoices import invoice_document, invoice_id_of_order
from store.orders.queries import order_in_shop

router = APIRouter()


@router.get(
    "/{username}/orders/{token}/invoices/{number}/pdf",
    response_class=Response,
    responses={200: {"content": {"application/pdf": {}}, "description": "The invoice as PDF"}},
)
async def buyer_invoice_pdf(username: str, token: str, number: Id, s: DB) -> Response:
    doc = await _buyers_invoice(s, username, token, number)
    name = pdf_name(doc)
    return Response(
        render(doc),
        media_type="application/pdf",
        headers={"Content-Disposition": f'inline; filename="{name}"'},
    )


@router.get(
    "/{username}/orders/{token}/invoices/{number}/xrechnung",
    response_class=Response,
    responses={200: {"content": {"application/xml": {}}, "description": "The invoice as XRechnung (CII)"}},
)
async def buyer_invoice_xrechnung(username: str, token: str, number: Id, s: DB) -> Response:
    return xrechnung_answer(await _buyers_invoice(s, username, token, number))


async def _buyers_invoice(s: DB, username: str, token: str, number: int) -> InvoiceDocument:
    order = await order_in_shop(s, username, token)
    invoice_id = await invoice_id_of_order(s, order.id, number)
    if invoice_id is None:
        raise DomainError(ErrorCode.NOT_FOUND, "Invoice not found.")
    return await invoice_document(s, order.seller_id, invoice_id)
