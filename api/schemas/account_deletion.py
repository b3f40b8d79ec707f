"""The account deletion and deactivation wizard (core §2 steps -1..5) and its blocking checks (core §8)."""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from api.schemas.fields import UsernameText
from domain.accounts.account_deletion import (
    REASON_TEXT_MAX,
    AccountDataState,
    AccountType,
    CheckKind,
    DeletionPhase,
    DeletionReason,
    FlowKind,
    SubscriptionChoice,
)


class DeletionStartIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    flow_kind: FlowKind
    reasons: Annotated[list[DeletionReason], Field(min_length=1, max_length=len(DeletionReason))]
    reason_text: Annotated[str, StringConstraints(max_length=REASON_TEXT_MAX)] | None = None
    subscriptions: SubscriptionChoice = SubscriptionChoice.wait


class DeletionConfirmIn(BaseModel):
    """The seller types their username to confirm, as on the platforms that delete for good (GitHub, Stripe)."""

    model_config = ConfigDict(extra="forbid")
    username: UsernameText


class CheckOut(BaseModel):
    kind: CheckKind
    ok: bool
    count: int  # orders and claims, transfers, payouts or invoices that still block
    amount: int  # the balance left (payouts not paid out), in cents
    message: str  # the check's success or failure message (core §8)
    clear_url: str  # where the seller clears it


class AccountDeletionOut(BaseModel):
    step: int = Field(ge=-1, le=5)  # core §2 wizard step
    account_type: AccountType
    account_data_state: AccountDataState
    flow_kind: FlowKind | None
    phase: DeletionPhase | None
    reasons: list[DeletionReason]
    subscriptions: SubscriptionChoice | None
    checks: list[CheckOut]
    checked_at: datetime | None
    ending_subscriptions: int  # subscriptions cancelled at the end of their period
    running_subscriptions: int  # subscriptions still running that the wizard may cancel at their period's end
    can_cancel: bool
    can_confirm: bool
    can_reactivate: bool
    requested_at: datetime | None
    retention_until: date | None
