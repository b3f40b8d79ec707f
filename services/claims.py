"""A seller's claims on unpaid rates (core §2, §8): listed (the court stages only for a power seller), resolved by
hand, dunning paused or resumed while it is the seller's, and the dunning settings (reminders in order)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import Client

from domain.billing.claims import COURT_STATUSES, ClaimOutcome, ClaimSettings, ClaimStrategy, InkassoStatus
from domain.errors import DomainError, ErrorCode, invalid
from domain.listing import ListParams
from handles import subscriptions as flow
from store.accounts.models import Seller
from store.billing.claims import claim_paused, claim_settings_saved
from store.billing.lists import claims_listed
from store.billing.subscriptions import claim_of_seller
from store.listing import values_of

WITH_THE_SELLER = (InkassoStatus.no, InkassoStatus.not_ready_for_inkasso)


async def claims_of(s: AsyncSession, seller: Seller, params: ListParams) -> tuple[Sequence[Any], int]:
    """The seller's claims as the list asks them; only a power seller sees (and filters by) the court stages."""
    sees_court = bool(seller.power_seller)
    asked = params.filters.get("inkasso")
    if asked is not None and not sees_court and set(values_of(asked)) & {str(x) for x in COURT_STATUSES}:
        raise invalid(filters=f"unknown inkasso {', '.join(sorted(str(x) for x in COURT_STATUSES))}")
    return await claims_listed(s, seller.id, params, sees_court=sees_court)


async def claim_acted(
    s: AsyncSession,
    client: Client,
    seller_id: int,
    claim_id: int,
    action: Literal["resolve", "pause_dunning", "resume_dunning"],
) -> None:
    """Resolved by hand (at whichever stage it is), or its dunning paused or resumed while the claim is still the
    seller's (409 once it is with the collection agency, or closed)."""
    claim, token = await claim_of_seller(s, seller_id, claim_id)
    if claim.closed_at is not None:
        raise DomainError(ErrorCode.CONFLICT, "This claim is closed.")
    if action == "resolve":
        outcome = (
            ClaimOutcome.manually_resolved_inkasso
            if claim.inkasso not in WITH_THE_SELLER
            else ClaimOutcome.manually_resolved_dunning
        )
        await flow.claim_resolved(client, token, claim.rate, outcome.value)
        return
    if claim.inkasso not in WITH_THE_SELLER:
        raise DomainError(ErrorCode.CONFLICT, "This claim is with the collection agency; dunning is over.")
    await flow.claim_paused(client, token, claim.rate, action == "pause_dunning")
    claim_paused(claim, action == "pause_dunning")


async def claim_settings_kept(
    s: AsyncSession, seller_id: int, strategy: ClaimStrategy, days: tuple[int, int, int]
) -> None:
    """For claims opened from now on; a running claim keeps the settings it opened with."""
    first, second, third = days
    if not first < second < third:
        raise invalid(second_days="the reminders must come in order: first < second < third")
    await claim_settings_saved(s, seller_id, ClaimSettings(strategy, days))
