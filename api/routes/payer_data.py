"""`/v1/payer/data_export`: everything the platform holds about the signed-in payer (GDPR Art. 15, and Art. 20 in a
machine-readable form): JSON with their orders at every shop (what each checkout asked, the consent they ticked,
the invoices) and the mails sent to their address, or the orders as CSV. Found by the signed-in user's e-mail;
nothing of another payer."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime
from typing import Any, Literal

from fastapi import APIRouter
from fastapi.responses import Response
from pydantic import BaseModel

from api.deps import DB, CurrentUser
from api.listing import dated_attachment
from domain.csv_cells import text_cell
from store.orders.payer_data import mails_held, orders_held

router = APIRouter(prefix="/v1/payer", tags=["payer"])
CSV_COLUMNS = (
    "token", "shop", "product", "plan", "created_at", "payment_state", "payment_form", "total", "currency",
    "first_name", "last_name", "email", "country", "company", "vat_id", "street", "street_number", "zip", "city",
    "consent", "consented_at", "invoices",
)  # fmt: skip


class PayerData(BaseModel):
    """What the platform holds about the payer, as of `generated_at` (amounts in minor units)."""

    generated_at: datetime
    email: str
    orders: list[dict[str, Any]]
    mails: list[dict[str, Any]]


def _row(order: dict[str, Any]) -> list[object]:
    flat = {**order, **order["details"]}
    flat["invoices"] = " ".join(str(i["number"]) for i in order["invoices"])
    return [
        text_cell(v) if isinstance(v := flat.get(c), str) else ("" if v is None else v) for c in CSV_COLUMNS
    ]


@router.get(
    "/data_export",
    response_model=PayerData,
    responses={
        200: {"content": {"text/csv": {}}, "description": "The payer's data: JSON, or the orders as CSV"}
    },
)
async def payer_data_export(
    user: CurrentUser, s: DB, format: Literal["json", "csv"] = "json"
) -> PayerData | Response:
    """Everything held about the signed-in payer, as JSON or their orders as CSV (a download either way)."""
    orders = await orders_held(s, user.email)
    if format == "csv":
        buf = io.StringIO()
        out = csv.writer(buf)
        out.writerow(CSV_COLUMNS)
        out.writerows(_row(o) for o in orders)
        return Response(
            buf.getvalue(), media_type="text/csv; charset=utf-8", headers=dated_attachment("my-data.csv")
        )
    data = PayerData(
        generated_at=datetime.now(UTC),
        email=user.email,
        orders=orders,
        mails=await mails_held(s, user.email),
    )
    return Response(
        data.model_dump_json(indent=2),
        media_type="application/json",
        headers=dated_attachment("my-data.json"),
    )
