"""`/v1/cabinet/payouts`, `/payout_settings`, `/cashouts`: the seller's balance (available and held), payout
schedule, payouts and cashouts, and why the next payout waits, from the seller's Payout workflow."""

from __future__ import annotations

from fastapi import APIRouter, BackgroundTasks, Request, Response

from api.deps import DB, CurrentSeller, IdempotencyKey, Temporal
from api.listing import CSV_ANSWER, csv_answer, list_openapi, list_params
from api.schemas.ledger import (
    HeldRelease,
    PayoutList,
    PayoutOut,
    PayoutOverview,
    PayoutSettingsIn,
    PayoutSettingsOut,
)
from domain.ledger import PayeeType
from domain.payouts import BLOCKS_PAYOUT, PayoutCheck, PayoutSettings
from handles import payouts as flow
from store.ledger.payouts import (
    CURRENCY,
    PAYOUT_FILTERS,
    PAYOUT_LIST,
    eligibility,
    held_releases,
    payouts_listed,
    payouts_of,
    settings_of,
    settings_saved,
)

router = APIRouter()


@router.get("/payouts", response_model=PayoutOverview)
async def get_payouts(seller: CurrentSeller, s: DB, client: Temporal) -> PayoutOverview:
    return await payout_overview(s, client, PayeeType.seller, seller.id)


async def payout_overview(s: DB, client: Temporal, payee_type: PayeeType, payee_id: int) -> PayoutOverview:
    """A payee's balance (available, and held with when each part is released), payout settings, the next run of
    their Payout workflow and why it waits, and their payouts."""
    settings = await settings_of(s, payee_type, payee_id)
    status = await flow.payout_status(client, payee_id, payee_type)
    hold_s = settings.hold_days * status.day_s
    # what stops a payout is read now (a payee legitimated since the workflow's last run is no longer waiting for it,
    # and one whose workflow has not run yet already is); below a minimum is the workflow's own answer
    now = await eligibility(s, PayoutCheck(payee_type, payee_id, hold_s))
    reason = now.reason or (None if status.last_reason in BLOCKS_PAYOUT else status.last_reason)
    releases = await held_releases(s, payee_type, payee_id, hold_s, now.available + now.held)
    return PayoutOverview(
        available=now.available,
        held=now.held,
        releases=[HeldRelease(release_at=at, amount=amount) for at, amount in releases],
        currency=CURRENCY,
        settings=PayoutSettingsOut(
            schedule=settings.schedule, minimum=settings.minimum, hold_days=settings.hold_days
        ),
        next_run_at=status.next_run_at,
        waiting_reason=reason,
        list=[
            PayoutOut.model_validate(p, from_attributes=True)
            for p in await payouts_of(s, payee_type, payee_id)
        ],
    )


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
    settings = PayoutSettings(schedule=body.schedule, minimum=body.minimum, hold_days=body.hold_days)
    await settings_saved(s, PayeeType.seller, seller.id, settings)
    tasks.add_task(flow.settings_changed, client, seller.id)  # after the commit: the workflow reads them
    return PayoutSettingsOut(
        schedule=settings.schedule, minimum=settings.minimum, hold_days=settings.hold_days
    )


@router.post("/cashouts", status_code=202, response_model=PayoutOverview)
async def request_cashout(
    idempotency_key: IdempotencyKey, seller: CurrentSeller, s: DB, client: Temporal
) -> PayoutOverview:
    """Pays out the available balance now (no minimum), if the seller may receive payouts."""
    await flow.cashout_requested(client, seller.id)
    return await get_payouts(seller, s, client)
