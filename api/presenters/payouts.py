"""A payee's payouts as the cabinet, the publisher's and the team member's pages show them: one answer for every
payee type (`services.payees`)."""

from __future__ import annotations

from api.schemas.ledger import HeldRelease, PayoutOut, PayoutOverview, PayoutSettingsIn, PayoutSettingsOut
from domain.ledger.payouts import PayoutSettings
from services.payees import Overview


def settings_out(settings: PayoutSettings) -> PayoutSettingsOut:
    return PayoutSettingsOut(
        schedule=settings.schedule, minimum=settings.minimum, hold_days=settings.hold_days
    )


def settings_in(body: PayoutSettingsIn) -> PayoutSettings:
    return PayoutSettings(schedule=body.schedule, minimum=body.minimum, hold_days=body.hold_days)


def payout_overview(o: Overview) -> PayoutOverview:
    return PayoutOverview(
        available=o.available,
        held=o.held,
        releases=[HeldRelease(release_at=at, amount=amount) for at, amount in o.releases],
        currency=o.currency,
        settings=settings_out(o.settings),
        next_run_at=o.next_run_at,
        waiting_reason=o.waiting_reason,
        list=[PayoutOut.model_validate(p, from_attributes=True) for p in o.payouts],
    )
