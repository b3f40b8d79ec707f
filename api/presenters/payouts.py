"""A payee's payouts as the cabinet, the publisher's and the team member's pages show them: one overview for every
payee type (balance available and held, payout settings, the Payout workflow's next run and why it waits)."""

from __future__ import annotations

from api.deps import DB, Temporal
from api.schemas.ledger import (
    HeldRelease,
    PayoutOut,
    PayoutOverview,
    PayoutSettingsOut,
)
from domain.ledger import PayeeType
from domain.payouts import BLOCKS_PAYOUT, PayoutCheck
from handles import payouts as flow
from store.ledger.payouts import (
    CURRENCY,
    eligibility,
    held_releases,
    payouts_of,
    settings_of,
)


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
