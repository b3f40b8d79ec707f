"""`/v1/cabinet/transfers` and `/v1/cabinet/balance`: the seller's ledger entries and the balance they sum to."""

from __future__ import annotations

from fastapi import APIRouter

from api.deps import DB, CurrentSeller
from api.lean import ListRoute
from api.schemas.ledger import Balance, BalanceOut, TransferList, TransferRow
from api.seller_lists import SellerList, add_seller_list
from domain.ledger.ledger import PayeeType
from store.ledger.queries import TRANSFER_FILTERS, TRANSFER_LIST, balances, transfers_listed

router = APIRouter(route_class=ListRoute)  # it holds lists (api/lean.py)


add_seller_list(
    router,
    SellerList(
        "/transfers",
        "transfers",
        TransferList,
        TransferRow,
        TRANSFER_LIST,
        TRANSFER_FILTERS,
        lambda s, seller, p: transfers_listed(s, seller.id, p),
        "The transfers the list shows (its filters and sort), every page, as CSV (up to the list's count cap).",
        money=("amount",),
    ),
)


@router.get("/balance", response_model=BalanceOut)
async def get_balance(seller: CurrentSeller, s: DB) -> BalanceOut:
    found = await balances(s, PayeeType.seller, seller.id)
    return BalanceOut(balances=[Balance(currency=c, amount=a) for c, a in sorted(found.items())])
