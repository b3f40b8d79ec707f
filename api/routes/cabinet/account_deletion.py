"""`/v1/cabinet/account_deletion`: the seller's wizard to deactivate or delete the account (core §2 steps -1..5).

GET answers the wizard's step, the blocking checks of core §8 with their messages and where to clear them, and
what the seller may do next; POST start (flow kind, questionnaire reasons, what happens to subscriptions),
check_again, end_subscriptions (a seller who chose to wait cancels the running subscriptions at the end of their
period from the blocked wizard), confirm, cancel (before confirm) and reactivate (a deactivated account) drive the seller's
`account-deletion-{seller id}` workflow."""

from __future__ import annotations

from fastapi import APIRouter

from api.deps import DB, CurrentSeller, IdempotencyKey, Temporal
from api.schemas.account_deletion import AccountDeletionOut, CheckOut, DeletionConfirmIn, DeletionStartIn
from domain.accounts.account_deletion import (
    CLEAR_AT,
    AccountType,
    DeletionPhase,
    DeletionReason,
    blocking,
    check_message,
    wizard_step,
)
from domain.errors import DomainError, ErrorCode, Refusal, invalid, refused
from handles import account_deletion as flow
from store.account_deletion import (
    DeletionRequest,
    deletion_of,
    deletion_request_saved,
    is_open,
    running_subscriptions,
)
from store.accounts.models import Seller
from store.accounts.queries import seller_user_of

router = APIRouter()
BASE = "/account_deletion"


async def _state(s: DB, seller: Seller, client: Temporal) -> AccountDeletionOut:
    row = await deletion_of(s, seller.id)
    running = is_open(row) or seller.account_type == AccountType.deactivated
    st = await flow.status(client, seller.id) if row is not None and running else None
    checks = st.checks if st else []
    phase = st.phase if st else None
    if phase is None and seller.account_type == AccountType.deactivated:
        phase = DeletionPhase.deactivated
    if phase is None and seller.account_type == AccountType.deleted:
        phase = DeletionPhase.deleted
    kind = row.flow_kind if row is not None and (running or phase is not None) else None
    open_ = phase in (DeletionPhase.preparing, DeletionPhase.ready)
    ending = set(st.ending_tokens) if st else set()
    to_end = [t for t in await running_subscriptions(s, seller.id) if t not in ending] if open_ else []
    return AccountDeletionOut(
        step=int(wizard_step(kind, phase, checks)),
        account_type=seller.account_type,
        account_data_state=seller.account_data_state,
        flow_kind=kind,
        phase=phase,
        reasons=[DeletionReason(r) for r in row.reasons] if row is not None and kind else [],
        subscriptions=row.subscriptions if row is not None and kind else None,
        checks=[
            CheckOut(
                kind=c.kind,
                ok=c.ok,
                count=c.count,
                amount=c.amount,
                message=check_message(c.kind, c.ok),
                clear_url=CLEAR_AT[c.kind],
            )
            for c in checks
        ],
        checked_at=st.checked_at if st else None,
        ending_subscriptions=len(ending),
        running_subscriptions=len(to_end),
        can_cancel=open_,
        can_confirm=phase == DeletionPhase.ready and not blocking(checks),
        can_reactivate=seller.account_type == AccountType.deactivated and phase == DeletionPhase.deactivated,
        requested_at=row.requested_at if row is not None and kind else None,
        retention_until=seller.retention_until,
    )


@router.get(BASE, response_model=AccountDeletionOut)
async def get_account_deletion(seller: CurrentSeller, s: DB, client: Temporal) -> AccountDeletionOut:
    return await _state(s, seller, client)


@router.post(f"{BASE}/start", response_model=AccountDeletionOut, status_code=201)
async def start_account_deletion(
    idempotency_key: IdempotencyKey, body: DeletionStartIn, seller: CurrentSeller, s: DB, client: Temporal
) -> AccountDeletionOut:
    reason_text = (body.reason_text or "").strip() or None
    if reason_text is None and DeletionReason.other in body.reasons:
        raise DomainError(ErrorCode.INVALID_INPUT, fields={"reason_text": "required"})
    reasons = sorted(set(body.reasons))
    # an open request whose workflow never started (Temporal was down) may be made again
    row = await deletion_of(s, seller.id)
    stale = is_open(row) and await flow.status(client, seller.id) is None
    # in its own transaction, committed before the workflow starts: its first activities read the row
    await deletion_request_saved(
        DeletionRequest(seller.id, body.flow_kind, reasons, reason_text, body.subscriptions), stale=stale
    )
    await flow.started(client, seller.id, body.flow_kind, body.subscriptions)
    return await _state(s, seller, client)


@router.post(f"{BASE}/check_again", response_model=AccountDeletionOut)
async def check_account_deletion_again(
    idempotency_key: IdempotencyKey, seller: CurrentSeller, s: DB, client: Temporal
) -> AccountDeletionOut:
    await flow.check_again(client, seller.id)
    return await _state(s, seller, client)


@router.post(f"{BASE}/end_subscriptions", response_model=AccountDeletionOut)
async def end_account_subscriptions(
    idempotency_key: IdempotencyKey, seller: CurrentSeller, s: DB, client: Temporal
) -> AccountDeletionOut:
    """Every running subscription is cancelled at the end of its paid period (its buyer keeps access until
    then and is not charged again); the checks run again once the workflow has signalled them."""
    before = await _state(s, seller, client)
    if not before.can_cancel:
        raise refused(Refusal.deletion_closed)
    if before.running_subscriptions == 0:
        raise DomainError(ErrorCode.CONFLICT, "No subscription is running.")
    await flow.end_subscriptions(client, seller.id)
    return before


@router.post(f"{BASE}/confirm", response_model=AccountDeletionOut)
async def confirm_account_deletion(
    idempotency_key: IdempotencyKey, body: DeletionConfirmIn, seller: CurrentSeller, s: DB, client: Temporal
) -> AccountDeletionOut:
    """Confirmed only with the account's username typed (checked before the workflow is asked)."""
    user = await seller_user_of(s, seller.id)
    if user is None or (user.username or "").casefold() != body.username.strip().casefold():
        raise invalid(username="must be your username, typed to confirm")
    await flow.confirm(client, seller.id)
    return await _state(s, seller, client)


@router.post(f"{BASE}/cancel", response_model=AccountDeletionOut)
async def cancel_account_deletion(
    idempotency_key: IdempotencyKey, seller: CurrentSeller, s: DB, client: Temporal
) -> AccountDeletionOut:
    await flow.cancel(client, seller.id)
    return await _state(s, seller, client)


@router.post(f"{BASE}/reactivate", response_model=AccountDeletionOut)
async def reactivate_account(
    idempotency_key: IdempotencyKey, seller: CurrentSeller, s: DB, client: Temporal
) -> AccountDeletionOut:
    if seller.account_type != AccountType.deactivated:
        raise DomainError(ErrorCode.CONFLICT, "This account is not deactivated.")
    await flow.reactivate(client, seller.id)
    return await _state(s, seller, client)
