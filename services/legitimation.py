"""A seller's (or payee's) legitimation from their side: what they save is recomputed into the facts their
Legitimation workflow decides on, and the workflow is told (started by the first saved profile)."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import Client

from domain.errors import DomainError, ErrorCode, invalid
from domain.legitimation.legitimation import (
    UNDER_REVIEW,
    AccountLimit,
    Decision,
    LegitimationStep,
    LimitChange,
    ManagerDecision,
    Missing,
    profile_lock_reason,
)
from handles import legitimation as flow
from handles.payouts import payouts_running
from store.accounts.actions import registration_recorded
from store.accounts.models import Seller, User
from store.accounts.queries import seller_with_user
from store.legitimation.actions import document_removed
from store.legitimation.models import Legitimation
from store.legitimation.queries import (
    document_of,
    legitimation_of,
    profile_data,
    profile_facts,
    profile_row_of,
)


async def informed(s: AsyncSession, client: Client, seller: Seller) -> None:
    """Recompute the facts and tell the workflow (starting it with the first saved profile). The profile must
    exist first: bank accounts or documents alone do not start a legitimation."""
    row = await profile_row_of(s, seller.id)
    if row is None:
        return
    facts, missing, _ = await profile_facts(s, seller, profile_data(row))
    registration_recorded(seller, Missing.profile not in missing)
    await s.flush()
    await flow.profile_saved(client, seller.id, facts)


async def document_deleted(s: AsyncSession, client: Client, seller: Seller, document_id: int) -> None:
    """One of the seller's documents removed (404 for none of theirs), and the workflow told."""
    doc = await document_of(s, seller.id, document_id)
    if doc is None:
        raise DomainError(ErrorCode.NOT_FOUND, "Document not found.")
    await document_removed(s, doc)
    await informed(s, client, seller)


# ----- the manager's review ------------------------------------------------------------------------------------
async def reviewed_seller(s: AsyncSession, seller_id: int) -> tuple[Seller, User]:
    """The seller under review with their account; 404 for a seller without a legitimation."""
    row = await seller_with_user(s, seller_id)
    if row is None or await legitimation_of(s, seller_id) is None:
        raise DomainError(ErrorCode.NOT_FOUND, "Legitimation not found.")
    return row[0], row[1]


async def review_decided(
    s: AsyncSession, client: Client, manager: User, seller_id: int, decision: Decision, reason: str | None
) -> Seller:
    """Approved (once the verification provider confirmed the seller), rejected or sent back with a reason, while
    it waits for a review (409 otherwise); an approval lets the seller's payouts run from now on."""
    seller, _ = await reviewed_seller(s, seller_id)
    leg = await legitimation_of(s, seller.id)
    reason = (reason or "").strip() or None
    if decision != Decision.approve and reason is None:
        raise invalid(reason="required")
    if leg is None or leg.step not in UNDER_REVIEW:
        raise DomainError(
            ErrorCode.CONFLICT,
            "This legitimation is not waiting for a review.",
            {"step": leg.step.value if leg else ""},
        )
    if decision == Decision.approve and leg.step != LegitimationStep.registered:
        raise DomainError(
            ErrorCode.CONFLICT,
            "The verification provider has not confirmed this seller yet.",
            {"step": leg.step.value},
        )
    await flow.decided(
        client, seller.id, ManagerDecision(decision=decision, manager_id=manager.id, reason=reason)
    )
    if decision == Decision.approve:  # from now on money can leave: the seller's payouts run
        await payouts_running(client, seller.id)
    return seller


async def limit_changed(
    s: AsyncSession, client: Client, manager: User, seller_id: int, limit: AccountLimit | None, reason: str
) -> Seller:
    """An account limit of a legitimated seller set or lifted (409 for any other); the workflow applies it and
    audits who and why."""
    seller, _ = await reviewed_seller(s, seller_id)
    leg = await legitimation_of(s, seller.id)
    reason = reason.strip()
    if not reason:
        raise invalid(reason="required")
    if leg is None or leg.step != LegitimationStep.legitimated:
        step = leg.step.value if leg else ""
        raise DomainError(
            ErrorCode.CONFLICT, "Only a legitimated seller's limits are set here.", {"step": step}
        )
    await flow.limit_set(client, seller.id, LimitChange(limit=limit, manager_id=manager.id, reason=reason))
    return seller


async def profile_unlocked(s: AsyncSession, seller_id: int) -> Legitimation | None:
    """The seller's legitimation, while their profile may still change (409 with the step once under review)."""
    leg = await legitimation_of(s, seller_id)
    if reason := profile_lock_reason(leg.step if leg else None):
        raise DomainError(ErrorCode.CONFLICT, reason, {"step": leg.step.value if leg else ""})
    return leg
