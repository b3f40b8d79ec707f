"""`/v1/cabinet/reseller` (issue 23; core §4 reseller request and selling modes, domain/affiliates/resellers.py): how the
seller sells, their requests to sell through the platform as reseller, cancelling a waiting one, and going back to
selling in their own name. Only the account's owner decides this (`api/permissions.py` OWNER_ONLY)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, StringConstraints

from api.deps import DB, CurrentSeller
from api.schemas.fields import Id
from domain.affiliates.resellers import MESSAGE_MAX, ResellerRequestState, SellingMode
from store.accounts.resellers import request_canceled, request_made, requests_of, sells_by_ownself

router = APIRouter()


class ResellerRequestOut(BaseModel):
    id: int
    state: ResellerRequestState
    message: str
    reason: str | None
    created_at: datetime
    decided_at: datetime | None


class ResellerOut(BaseModel):
    selling_mode: SellingMode
    requests: list[ResellerRequestOut]  # newest first


class RequestIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    message: Annotated[str, StringConstraints(strip_whitespace=True, max_length=MESSAGE_MAX)] = ""


async def _out(s: DB, seller: CurrentSeller) -> ResellerOut:
    return ResellerOut(
        selling_mode=seller.selling_mode,
        requests=[
            ResellerRequestOut.model_validate(r, from_attributes=True)
            for r in await requests_of(s, seller.id)
        ],
    )


@router.get("/reseller", response_model=ResellerOut)
async def reseller(seller: CurrentSeller, s: DB) -> ResellerOut:
    """How the seller sells and their requests to sell through the reseller."""
    return await _out(s, seller)


@router.post("/reseller_requests", response_model=ResellerOut, status_code=201)
async def request_reseller(body: RequestIn, seller: CurrentSeller, s: DB) -> ResellerOut:
    """Asks to sell through the platform as reseller (409 while a request waits, or when it does already)."""
    await request_made(s, seller, body.message)
    return await _out(s, seller)


@router.post("/reseller_requests/{request_id}/cancel", response_model=ResellerOut)
async def cancel_reseller_request(request_id: Id, seller: CurrentSeller, s: DB) -> ResellerOut:
    await request_canceled(s, seller, request_id)
    return await _out(s, seller)


@router.post("/reseller/sell_by_ownself", response_model=ResellerOut)
async def sell_by_ownself(seller: CurrentSeller, s: DB) -> ResellerOut:
    """Back to selling in the seller's own name, for orders bought from now on (409 unless through the reseller)."""
    sells_by_ownself(seller)
    return await _out(s, seller)
