"""`/v1/cabinet/transfers` and `/v1/cabinet/balance`: the seller's ledger entries and the balance they sum to."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from api.deps import DB, CurrentSeller
from api.lean import ListRoute
from api.listing import CSV_ANSWER, csv_answer, list_openapi, list_params
from api.schemas.ledger import Balance, BalanceOut, TransferList, TransferRow
from domain.ledger.ledger import PayeeType
from store.ledger.queries import TRANSFER_FILTERS, TRANSFER_LIST, balances, transfers_listed

router = APIRouter(route_class=ListRoute)  # it holds lists (api/lean.py)


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
    responses=CSV_ANSWER,
)
async def transfers_csv(request: Request, seller: CurrentSeller, s: DB) -> Response:
    """The transfers the list shows (its filters and sort), every page, as CSV (up to the list's count cap)."""
    return await csv_answer(
        lambda p: transfers_listed(s, seller.id, p),
        list_params(request),
        TransferRow,
        "transfers.csv",
        money=("amount",),
    )


@router.get("/balance", response_model=BalanceOut)
async def get_balance(seller: CurrentSeller, s: DB) -> BalanceOut:
    found = await balances(s, PayeeType.seller, seller.id)
    return BalanceOut(balances=[Balance(currency=c, amount=a) for c, a in sorted(found.items())])
