"""A seller's account deletion (core §2 steps -1..5, §8): the rules each step of the wizard checks before its
`account-deletion-{seller id}` workflow is asked."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import Client

from domain.accounts.account_deletion import AccountType, DeletionReason, FlowKind, SubscriptionChoice
from domain.errors import DomainError, ErrorCode, Refusal, invalid, refused
from handles import account_deletion as flow
from store.account_deletion import DeletionRequest, deletion_of, deletion_request_saved, is_open
from store.accounts.models import Seller
from store.accounts.queries import seller_user_of


async def deletion_started(
    s: AsyncSession,
    client: Client,
    seller: Seller,
    kind: FlowKind,
    reasons: list[DeletionReason],
    reason_text: str | None,
    subscriptions: SubscriptionChoice,
) -> None:
    """The request saved (the questionnaire's "other" says what) and its workflow started."""
    reason_text = (reason_text or "").strip() or None
    if reason_text is None and DeletionReason.other in reasons:
        raise DomainError(ErrorCode.INVALID_INPUT, fields={"reason_text": "required"})
    # an open request whose workflow never started (Temporal was down) may be made again
    row = await deletion_of(s, seller.id)
    stale = is_open(row) and await flow.status(client, seller.id) is None
    # in its own transaction, committed before the workflow starts: its first activities read the row
    await deletion_request_saved(
        DeletionRequest(seller.id, kind, sorted(set(reasons)), reason_text, subscriptions), stale=stale
    )
    await flow.started(client, seller.id, kind, subscriptions)


def subscriptions_endable(can_cancel: bool, running: int) -> None:
    """Only while the request is open and a subscription still runs."""
    if not can_cancel:
        raise refused(Refusal.deletion_closed)
    if running == 0:
        raise DomainError(ErrorCode.CONFLICT, "No subscription is running.")


async def deletion_confirmed(s: AsyncSession, client: Client, seller: Seller, typed: str) -> None:
    """Confirmed only with the account's username typed (checked before the workflow is asked)."""
    user = await seller_user_of(s, seller.id)
    if user is None or (user.username or "").casefold() != typed.strip().casefold():
        raise invalid(username="must be your username, typed to confirm")
    await flow.confirm(client, seller.id)


async def reactivated(client: Client, seller: Seller) -> None:
    if seller.account_type != AccountType.deactivated:
        raise DomainError(ErrorCode.CONFLICT, "This account is not deactivated.")
    await flow.reactivate(client, seller.id)
