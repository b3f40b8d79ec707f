"""`/v1/cabinet/saved_views`: a seller's saved views of the cabinet's lists (filters, search, sort and page size
under a name, issue 21 "saved views"). Scoped to the caller's seller."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Response

from api.deps import DB, CurrentSeller
from api.presenters.accounts import saved_view_out
from api.schemas.fields import Id
from api.schemas.saved_views import SavedViewIn, SavedViewList, SavedViewOut
from domain.listing import SavedList
from store.accounts.saved_views import view_deleted, view_saved, views_of

router = APIRouter()


@router.get("/saved_views", response_model=SavedViewList)
async def list_saved_views(
    seller: CurrentSeller, s: DB, list_key: Annotated[SavedList, Query(alias="list")]
) -> SavedViewList:
    """The seller's views of one list, by name."""
    return SavedViewList(list=[saved_view_out(v) for v in await views_of(s, seller.id, list_key)])


@router.post("/saved_views", response_model=SavedViewOut)
async def save_view(body: SavedViewIn, seller: CurrentSeller, s: DB) -> SavedViewOut:
    """Saves the list's current view under a name; the same name again replaces it (409 past 50 views)."""
    return saved_view_out(await view_saved(s, seller.id, body.list, body.name, body.query))


@router.delete("/saved_views/{view_id}", status_code=204, response_class=Response)
async def delete_view(view_id: Id, seller: CurrentSeller, s: DB) -> Response:
    await view_deleted(s, seller.id, view_id)
    return Response(status_code=204)
