"""The seller's deletion wizard as the cabinet shows it: its step, the checks with their messages and where to
clear them, and what the seller may do next."""

from __future__ import annotations

from temporalio.client import Client

from api.deps import DB
from api.schemas.account_deletion import AccountDeletionOut, CheckOut
from domain.accounts.account_deletion import (
    CLEAR_AT,
    AccountType,
    DeletionPhase,
    DeletionReason,
    blocking,
    check_message,
    wizard_step,
)
from handles import account_deletion as flow
from store.account_deletion import deletion_of, is_open, running_subscriptions
from store.accounts.models import Seller


async def deletion_state(s: DB, seller: Seller, client: Client) -> AccountDeletionOut:
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
