"""`/v1/cabinet/account_deletion`: the seller's wizard to deactivate or delete the account (core §2 steps -1..5).

GET answers the wizard's step, the blocking checks of core §8 with their messages and where to clear them, and
what the seller may do next; POST start (flow kind, questionnaire reasons, what happens to subscriptions),
check_again, end_subscriptions (a seller who chose to wait cancels the running subscriptions at the end of their
period from the blocked wizard), confirm, cancel (before confirm) and reactivate (a deactivated account) drive the seller's
`account-deletion-{seller id}` workflow."""

from __future__ import annotations

from fastapi import APIRouter

from api.deps import DB, CurrentSeller, IdempotencyKey, Temporal
from api.presenters.account_deletion import deletion_state
from api.schemas.account_deletion import AccountDeletionOut, DeletionConfirmIn, DeletionStartIn
from handles import account_deletion as flow
from services import account_deletion

router = APIRouter()
BASE = "/account_deletion"


@router.get(BASE, response_model=AccountDeletionOut)
async def get_account_deletion(seller: CurrentSeller, s: DB, client: Temporal) -> AccountDeletionOut:
    return await deletion_state(s, seller, client)


@router.post(f"{BASE}/start", response_model=AccountDeletionOut, status_code=201)
async def start_account_deletion(
    idempotency_key: IdempotencyKey, body: DeletionStartIn, seller: CurrentSeller, s: DB, client: Temporal
) -> AccountDeletionOut:
    await account_deletion.deletion_started(
        s, client, seller, body.flow_kind, body.reasons, body.reason_text, body.subscriptions
    )
    return await deletion_state(s, seller, client)


@router.post(f"{BASE}/check_again", response_model=AccountDeletionOut)
async def check_account_deletion_again(
    idempotency_key: IdempotencyKey, seller: CurrentSeller, s: DB, client: Temporal
) -> AccountDeletionOut:
    await flow.check_again(client, seller.id)
    return await deletion_state(s, seller, client)


@router.post(f"{BASE}/end_subscriptions", response_model=AccountDeletionOut)
async def end_account_subscriptions(
    idempotency_key: IdempotencyKey, seller: CurrentSeller, s: DB, client: Temporal
) -> AccountDeletionOut:
    """Every running subscription is cancelled at the end of its paid period (its buyer keeps access until
    then and is not charged again); the checks run again once the workflow has signalled them."""
    before = await deletion_state(s, seller, client)
    account_deletion.subscriptions_endable(before.can_cancel, before.running_subscriptions)
    await flow.end_subscriptions(client, seller.id)
    return before


@router.post(f"{BASE}/confirm", response_model=AccountDeletionOut)
async def confirm_account_deletion(
    idempotency_key: IdempotencyKey, body: DeletionConfirmIn, seller: CurrentSeller, s: DB, client: Temporal
) -> AccountDeletionOut:
    """Confirmed only with the account's username typed (checked before the workflow is asked)."""
    await account_deletion.deletion_confirmed(s, client, seller, body.username)
    return await deletion_state(s, seller, client)


@router.post(f"{BASE}/cancel", response_model=AccountDeletionOut)
async def cancel_account_deletion(
    idempotency_key: IdempotencyKey, seller: CurrentSeller, s: DB, client: Temporal
) -> AccountDeletionOut:
    await flow.cancel(client, seller.id)
    return await deletion_state(s, seller, client)


@router.post(f"{BASE}/reactivate", response_model=AccountDeletionOut)
async def reactivate_account(
    idempotency_key: IdempotencyKey, seller: CurrentSeller, s: DB, client: Temporal
) -> AccountDeletionOut:
    await account_deletion.reactivated(client, seller)
    return await deletion_state(s, seller, client)
