"""A seller's affiliate programs (editor §3 Affiliate program) as the cabinet lists and edits them."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel

from domain.affiliates.affiliates import CommissionMode, Duration, ProgramForm


class ProgramSummary(BaseModel):
    """A program as the list shows it (editor §3's columns)."""

    id: int
    name: str
    created_at: datetime
    cookies_expire: int
    lifetime: Duration
    bonus: int
    commission_bp: int  # single: the rate; multiple: the highest first stage
    type: CommissionMode
    active_publishers: int
    open_requests: int


class ProgramOut(ProgramSummary):
    form: ProgramForm


class ProgramList(BaseModel):
    list: list[ProgramSummary]
    total_count: int
