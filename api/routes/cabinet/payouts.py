"""`/v1/cabinet/payouts`, `/payout_settings`, `/cashouts`: the seller's balance (available and held), payout
schedule, payouts and cashouts, and why the next payout waits, from the seller's Payout workflow."""

from __future__ import annotations

from fastapi import APIRouter, BackgroundTasks

from api.deps import DB, CurrentSeller, IdempotencyKey, Temporal
from api.schemas.ledger import HeldRelease, PayoutOut, PayoutOverview, PayoutSettingsIn, PayoutSettingsOut
from domain.ledger import PayeeType
from domain.payouts import PayoutSettings
from handles import payouts as flow
from store.ledger.payouts import (
    CURRENCY,
    balance_split,
    held_releases,
    payouts_of,
    settings_of,
    settings_saved,
)

router = APIRouter()


@router.get("/payouts", response_model=PayoutOverview)
async def get_payouts(seller: CurrentSeller, s: DB, client: Temporal) -> PayoutOverview:
    settings = await settings_of(s, PayeeType.seller, seller.id)
    status = await flow.payout_status(client, seller.id)
    hold_s = settings.hold_days * status.day_s
    available, held = await balance_split(s, PayeeType.seller, seller.id, hold_s)
    releases = await held_releases(s, PayeeType.seller, seller.id, hold_s)
    return PayoutOverview(
        available=available,
        held=held,
        releases=[HeldRelease(release_at=at, amount=amount) for at, amount in releases],
        currency=CURRENCY,
        settings=PayoutSettingsOut(
            schedule=settings.schedule, minimum=settings.minimum, hold_days=settings.hold_days
        ),
        next_run_at=status.next_run_at,
        waiting_reason=status.last_reason,
        list=[
            PayoutOut.model_validate(p, from_attributes=True)
            for p in await payouts_of(s, PayeeType.seller, seller.id)
        ],
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
