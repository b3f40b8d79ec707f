"""`/v1/cabinet/transfers` and `/v1/cabinet/balance`: the seller's ledger entries and the balance they sum to."""

from __future__ import annotations

import csv
import io

from fastapi import APIRouter, Request, Response

from api.deps import DB, CurrentSeller
from api.listing import list_openapi, list_params
from api.schemas.ledger import Balance, BalanceOut, TransferList
from domain.ledger import PayeeType
from domain.money import decimal_text
from store.ledger.queries import TRANSFER_FILTERS, TRANSFER_LIST, balances, transfers_listed

router = APIRouter()


@router.get(
    "/transfers", response_model=TransferList, openapi_extra=list_openapi(TRANSFER_LIST, TRANSFER_FILTERS)
)
async def list_transfers(request: Request, seller: CurrentSeller, s: DB) -> Response:
    rows, total = await transfers_listed(s, seller.id, list_params(request))
    body = TransferList.model_validate({"list": rows, "total_count": total}).model_dump_json()
    return Response(body, media_type="application/json")


@router.get(
    "/transfers/csv",
    response_class=Response,
    openapi_extra=list_openapi(TRANSFER_LIST, TRANSFER_FILTERS),
    responses={200: {"content": {"text/csv": {}}, "description": "The filtered transfers as CSV"}},
)
async def transfers_csv(request: Request, seller: CurrentSeller, s: DB) -> Response:
    """The transfers the list shows (its filters and sort), every page, as CSV (up to the list's count cap)."""
    params = list_params(request)
    buf = io.StringIO()
    w = csv.writer(buf, delimiter=";", lineterminator="\r\n")
    w.writerow(["date", "kind", "amount", "currency", "order", "product"])
    page = 1
    while True:
        rows, total = await transfers_listed(
            s, seller.id, params.model_copy(update={"page": page, "per": 500})
        )
        for r in rows:
            w.writerow(
                [
                    r["created_at"].isoformat(),
                    r["kind"].value,
                    decimal_text(r["amount"], r["currency"]),
                    r["currency"].upper(),
                    r["order_token"] or "",
                    r["product_name"] or "",
                ]
            )
        if not rows or page * 500 >= total:
            break
        page += 1
    return Response(
        buf.getvalue(),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": 'attachment; filename="transfers.csv"'},
    )


@router.get("/balance", response_model=BalanceOut)
async def get_balance(seller: CurrentSeller, s: DB) -> BalanceOut:
    found = await balances(s, PayeeType.seller, seller.id)
    return BalanceOut(balances=[Balance(currency=c, amount=a) for c, a in sorted(found.items())])
