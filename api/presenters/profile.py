"""The seller's profile and their legitimation (KYC) as the seller and the managers who review it see them."""

from __future__ import annotations

from dataclasses import asdict

from api.deps import DB
from api.schemas.legitimation import (
    HistoryOut,
    LegitimationOut,
    SellerProfileOut,
)
from domain.legitimation.legitimation import (
    UNDER_REVIEW,
    LegitimationStatus,
    LegitimationStep,
    ReviewingStatus,
    profile_editable,
)
from domain.legitimation.seller_profile import (
    wizard_steps,
)
from store.accounts.models import Seller
from store.legitimation.models import Legitimation
from store.legitimation.queries import (
    events_of,
    legitimation_of,
    profile_data,
    profile_facts,
    profile_row_of,
    selling_missing,
)


async def profile_out(s: DB, seller: Seller) -> SellerProfileOut:
    row = await profile_row_of(s, seller.id)
    profile = profile_data(row)
    _, _, errors = await profile_facts(s, seller, profile)
    data = asdict(profile)
    data["beneficial_owners"] = [asdict(o) for o in profile.beneficial_owners]
    return SellerProfileOut(
        **data,
        wizard_step=row.wizard_step if row else None,
        verification_required=seller.verification_required,
        registration_done=seller.registration_done,
        errors=errors,
        steps=wizard_steps(profile.business_type, seller.verification_required),
        editable=profile_editable(legitimation_step(await legitimation_of(s, seller.id))),
    )


async def legitimation_out(s: DB, seller: Seller, *, submitting: bool = False) -> LegitimationOut:
    # the projection first, then the seller's flags: both are written in one transaction, and read in this
    # order the flags are never older than the step shown with them
    leg = await legitimation_of(s, seller.id)
    await s.refresh(seller)
    profile = profile_data(await profile_row_of(s, seller.id))
    _, missing, _ = await profile_facts(s, seller, profile)
    history = [HistoryOut.model_validate(e, from_attributes=True) for e in await events_of(s, seller.id)]
    step = leg.step if leg else LegitimationStep.head_quarter
    reviewing = leg.reviewing_status if leg else ReviewingStatus.init
    if submitting and step not in UNDER_REVIEW:  # the workflow takes the submit a moment later
        step, reviewing = LegitimationStep.requested, ReviewingStatus.requested
    return LegitimationOut(
        step=step,
        status=leg.status if leg else LegitimationStatus.init,
        reviewing_status=reviewing,
        verification_level=leg.verification_level if leg else None,
        data_mismatch=leg.data_mismatch if leg else None,
        account_limit=seller.account_limit,
        reason=leg.reason if leg else None,
        submitted_at=leg.submitted_at if leg else None,
        can_sell=seller.can_sell,
        payment_account_done=seller.payment_account_done,
        registration_done=seller.registration_done,
        missing=[] if submitting else selling_missing(seller, leg, missing),
        history=history,
    )


def legitimation_step(leg: Legitimation | None) -> LegitimationStep | None:
    return leg.step if leg else None
