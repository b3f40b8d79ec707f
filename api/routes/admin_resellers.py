"""`/v1/admin/reseller_requests` (manager; issue 23): the sellers' requests to sell through the platform as
reseller, approved (the seller sells through it from then on) or rejected with a reason."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from api.deps import DB, CurrentManager
from api.presenters.accounts import reseller_request_out
from api.schemas.fields import Id
from api.schemas.resellers import AdminResellerList, AdminResellerRequest, ResellerDecisionIn
from domain.affiliates.resellers import ResellerRequestState
from services import resellers
from store.accounts.resellers import request_with_shop, requests_listed

router = APIRouter(prefix="/v1/admin", tags=["admin"])


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
    return AdminResellerList(list=[reseller_request_out(*row) for row in rows], total_count=total)


@router.post("/reseller_requests/{request_id}", response_model=AdminResellerRequest)
async def decide_reseller_request(
    request_id: Id, body: ResellerDecisionIn, manager: CurrentManager, s: DB
) -> AdminResellerRequest:
    """Approves or rejects a waiting request (409 once decided or cancelled); a rejection says why."""
    await resellers.request_ruled(s, manager, request_id, approve=body.approve, reason=body.reason)
    return reseller_request_out(*await request_with_shop(s, request_id))
