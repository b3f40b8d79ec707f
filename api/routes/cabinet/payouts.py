"""`/v1/cabinet/payouts`, `/payout_settings`, `/cashouts`: the seller's balance (available and held), payout
schedule, payouts and cashouts, and why the next payout waits, from the seller's Payout workflow."""

from __future__ import annotations

from fastapi import APIRouter, BackgroundTasks, Request, Response

from api.deps import DB, CurrentSeller, IdempotencyKey, Temporal
from api.lean import ListRoute
from api.listing import CSV_ANSWER, csv_answer, list_openapi, list_params
from api.presenters.payouts import payout_overview, settings_in, settings_out
from api.schemas.ledger import (
    PayoutList,
    PayoutOut,
    PayoutOverview,
    PayoutSettingsIn,
    PayoutSettingsOut,
)
from domain.ledger.ledger import PayeeType
from services import payees
from services.payees import Payee
from store.ledger.payouts import (
    PAYOUT_FILTERS,
    PAYOUT_LIST,
    payouts_listed,
)

router = APIRouter(route_class=ListRoute)  # it holds lists (api/lean.py)


@router.get("/payouts", response_model=PayoutOverview)
async def get_payouts(seller: CurrentSeller, s: DB, client: Temporal) -> PayoutOverview:
    return payout_overview(await payees.overview(s, client, _payee(seller.id)))


def _payee(seller_id: int) -> Payee:
    return Payee(PayeeType.seller, seller_id)


@router.get(
    "/payouts/list", response_model=PayoutList, openapi_extra=list_openapi(PAYOUT_LIST, PAYOUT_FILTERS)
)
async def list_payouts(request: Request, seller: CurrentSeller, s: DB) -> PayoutList:
    """The seller's payouts and cashouts as a list: by state, kind, time window and amount; sorted and paged."""
    rows, total = await payouts_listed(s, PayeeType.seller, seller.id, list_params(request))
    return PayoutList.model_validate({"list": rows, "total_count": total})


@router.get(
    "/payouts/csv",
    response_class=Response,
    openapi_extra=list_openapi(PAYOUT_LIST, PAYOUT_FILTERS),
    responses=CSV_ANSWER,
)
async def payouts_csv(request: Request, seller: CurrentSeller, s: DB) -> Response:
    """The payouts the list shows, every page, as CSV."""
    return await csv_answer(
        lambda p: payouts_listed(s, PayeeType.seller, seller.id, p),
        list_params(request),
        PayoutOut,
        "payouts.csv",
        money=("amount",),
    )


@router.put("/payout_settings", response_model=PayoutSettingsOut)
async def save_payout_settings(
    body: PayoutSettingsIn, seller: CurrentSeller, s: DB, client: Temporal, tasks: BackgroundTasks
) -> PayoutSettingsOut:
    payee = _payee(seller.id)
    saved = await payees.save_settings(s, payee, settings_in(body))
    tasks.add_task(payees.settings_changed, client, payee)  # after the commit: the workflow reads them
    return settings_out(saved)


@router.post("/cashouts", status_code=202, response_model=PayoutOverview)
async def request_cashout(
    idempotency_key: IdempotencyKey, seller: CurrentSeller, s: DB, client: Temporal
) -> PayoutOverview:
    """Pays out the available balance now (no minimum), if the seller may receive payouts."""
    await payees.cash_out(client, _payee(seller.id))
    return await get_payouts(seller, s, client)
