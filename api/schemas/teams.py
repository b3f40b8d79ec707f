"""A seller's team (issue 23) as the cabinet invites and lists it."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field
from pydantic import Strict as PStrict

from api.schemas.fields import Email
from domain.teams import FULL, TeamRole, TeamState

FeeBp = Annotated[int, PStrict(), Field(ge=0, le=FULL, description="basis points: 1000 is 10 %")]


class TeamMemberOut(BaseModel):
    id: int
    email: str
    name: str  # as their account names them, once they accepted
    role: TeamRole
    state: TeamState
    fee_bp: int
    invited_at: datetime
    answered_at: datetime | None
    link: str | None  # a sales team member's link into the shop (a path)


class TeamList(BaseModel):
    list: list[TeamMemberOut]
    total_count: int


class InviteIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    email: Email
    role: TeamRole
    fee_bp: FeeBp = 0


class FeeIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    fee_bp: FeeBp
