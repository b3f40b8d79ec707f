"""The manager's views of workflows and of the transfers the bank reported."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel

from domain.listing import ListAnswer
from domain.ops import HistoryEvent, WorkflowSummary


class WorkflowList(BaseModel):
    list: list[WorkflowSummary]


class WorkflowHistory(BaseModel):
    workflow_id: str
    run_id: str | None
    events: list[HistoryEvent]


class IncomingTransferRow(BaseModel):
    """A transfer the bank reported to the platform's collection account."""

    id: int
    event_id: str
    reference: str  # as the payer wrote it
    amount: int
    currency: str
    payer_name: str | None
    payer_iban: str | None
    state: str  # received (matched to its order) or unmatched (to be paid back by a person)
    returned_amount: int  # the part owed back to the payer: what paid nothing (all of an unmatched one)
    created_at: datetime
    order_token: str | None


class IncomingTransferList(ListAnswer[IncomingTransferRow]):
    """The generic list answer of the incoming transfers."""


class MailRecordOut(BaseModel):
    """A DNS record the sending domain publishes, and whether the resolver answers it with this very value (null:
    the resolver did not answer)."""

    purpose: Literal["dkim", "spf", "dmarc"]
    name: str
    type: str
    value: str
    published: bool | None


class MailAuthenticationOut(BaseModel):
    domain: str
    signed: bool  # every outgoing mail carries a DKIM signature with the key of the `dkim` record
    records: list[MailRecordOut]
