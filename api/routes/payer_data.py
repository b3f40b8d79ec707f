"""`/v1/payer/data_export`: everything the platform holds about the signed-in payer (GDPR Art. 15, and Art. 20 in a
machine-readable form): JSON with their orders at every shop (what each checkout asked, the consent they ticked,
the invoices) and the mails sent to their address, or the orders as CSV. Found by the signed-in user's e-mail;
nothing of another payer. `/v1/payer/erasure`: their erasure (Art. 17), keeping what bookkeeping law asks
(services/payer_erasure.py)."""

from __future__ import annotations

import csv
import io
from datetime import UTC, date, datetime
from typing import Annotated, Any, Literal

from fastapi import APIRouter
from fastapi.responses import Response
from pydantic import BaseModel, Strict, field_validator

from api.deps import DB, CurrentUser
from api.listing import dated_attachment
from domain.csv_cells import text_cell
from services.payer_erasure import payer_erased
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


class ErasureIn(BaseModel):
    confirm: Annotated[bool, Strict()]  # the payer ticked that this cannot be undone (false: 400)

    @field_validator("confirm")
    @classmethod
    def _ticked(cls, v: bool) -> bool:
        if not v:
            raise ValueError("tick that the erasure cannot be undone")
        return v


class ErasureDone(BaseModel):
    """What the erasure did: orders pseudonymised, mails emptied, and the invoices kept with the buyer as issued
    (bookkeeping law) until `kept_until`; the account is gone."""

    orders: int
    mails: int
    invoices_kept: int
    kept_until: date | None


@router.post("/erasure", response_model=ErasureDone)
async def payer_erasure(body: ErasureIn, user: CurrentUser, s: DB) -> ErasureDone:
    """Erases the signed-in payer (409 while an order still runs or the account does more than buy)."""
    done = await payer_erased(s, user)
    return ErasureDone(
        orders=done.orders, mails=done.mails, invoices_kept=done.invoices_kept, kept_until=done.kept_until
    )
