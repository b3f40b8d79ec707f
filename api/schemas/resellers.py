"""Reseller requests as the manager decides them."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import BaseModel, ConfigDict, StringConstraints

from domain.affiliates.resellers import REASON_MAX, ResellerRequestState


class AdminResellerRequest(BaseModel):
    id: int
    seller_id: int
    username: str
    email: str
    state: ResellerRequestState
    message: str
    reason: str | None
    created_at: datetime
    decided_at: datetime | None


class AdminResellerList(BaseModel):
    list: list[AdminResellerRequest]
    total_count: int


class ResellerDecisionIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    approve: bool
    reason: Annotated[
        str | None, StringConstraints(strip_whitespace=True, min_length=1, max_length=REASON_MAX)
    ] = None
