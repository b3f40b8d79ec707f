"""`/v1/admin/reseller_requests` (manager; issue 23): the sellers' requests to sell through the platform as
reseller, approved (the seller sells through it from then on) or rejected with a reason."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Query
from pydantic import BaseModel, ConfigDict, StringConstraints

from api.deps import DB, CurrentManager
from api.schemas.fields import Id
from domain.affiliates.resellers import REASON_MAX, ResellerRequestState
from domain.errors import invalid
from store.accounts.models import ResellerRequest
from store.accounts.resellers import request_decided, request_with_shop, requests_listed

router = APIRouter(prefix="/v1/admin", tags=["admin"])


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


class DecisionIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    approve: bool
    reason: Annotated[
        str | None, StringConstraints(strip_whitespace=True, min_length=1, max_length=REASON_MAX)
    ] = None


def _out(r: ResellerRequest, username: str, email: str) -> AdminResellerRequest:
    return AdminResellerRequest(
        id=r.id,
        seller_id=r.seller_id,
        username=username,
        email=email,
        state=r.state,
        message=r.message,
        reason=r.reason,
        created_at=r.created_at,
        decided_at=r.decided_at,
    )


@router.get("/reseller_requests", response_model=AdminResellerList)
async def reseller_requests(
    manager: CurrentManager,
    s: DB,
    state: ResellerRequestState | None = None,
    page: Annotated[int, Query(ge=1, le=10_000)] = 1,
    per: Annotated[int, Query(ge=1, le=100)] = 20,
) -> AdminResellerList:
    """Every seller's requests, waiting ones first (oldest first among them)."""
    rows, total = await requests_listed(s, state, page, per)
    return AdminResellerList(list=[_out(*row) for row in rows], total_count=total)


@router.post("/reseller_requests/{request_id}", response_model=AdminResellerRequest)
async def decide_reseller_request(
    request_id: Id, body: DecisionIn, manager: CurrentManager, s: DB
) -> AdminResellerRequest:
    """Approves or rejects a waiting request (409 once decided or cancelled); a rejection says why."""
    if not body.approve and not body.reason:
        raise invalid(reason="a rejection says why")
    await request_decided(s, manager, request_id, approve=body.approve, reason=body.reason)
    return _out(*await request_with_shop(s, request_id))
