"""`/v1/cabinet/saved_views`: a seller's saved views of the cabinet's lists (filters, search, sort and page size
under a name, issue 21 "saved views"). Scoped to the caller's seller."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Query, Response
from pydantic import BaseModel, ConfigDict, Field, field_validator

from api.deps import DB, CurrentSeller
from api.schemas.fields import Id
from domain.listing import SAVED_VIEW_NAME_MAX, SAVED_VIEW_QUERY_MAX, SavedList
from store.accounts.models import SavedView
from store.accounts.saved_views import view_deleted, view_saved, views_of

router = APIRouter()
# what a URL's query may hold once encoded (RFC 3986 query characters): no spaces, quotes or control characters
URL_QUERY = r"^[A-Za-z0-9\-._~%!$&'()*+,;=:@/?\[\]]*$"


class SavedViewOut(BaseModel):
    id: int
    list: SavedList
    name: str
    query: str  # the list's URL query string (without "?"), as the list page writes it
    created_at: datetime


class SavedViewList(BaseModel):
    list: list[SavedViewOut]


class SavedViewIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    list: SavedList
    name: Annotated[str, Field(min_length=1, max_length=SAVED_VIEW_NAME_MAX)]
    query: Annotated[str, Field(max_length=SAVED_VIEW_QUERY_MAX, pattern=URL_QUERY)]

    @field_validator("name")
    @classmethod
    def _name(cls, v: str) -> str:
        v = v.strip()
        if not v or any(not c.isprintable() for c in v):
            raise ValueError("a name of printable characters")
        return v


def _out(v: SavedView) -> SavedViewOut:
    return SavedViewOut(id=v.id, list=v.list_key, name=v.name, query=v.query, created_at=v.created_at)


@router.get("/saved_views", response_model=SavedViewList)
async def list_saved_views(
    seller: CurrentSeller, s: DB, list_key: Annotated[SavedList, Query(alias="list")]
) -> SavedViewList:
    """The seller's views of one list, by name."""
    return SavedViewList(list=[_out(v) for v in await views_of(s, seller.id, list_key)])


@router.post("/saved_views", response_model=SavedViewOut)
async def save_view(body: SavedViewIn, seller: CurrentSeller, s: DB) -> SavedViewOut:
    """Saves the list's current view under a name; the same name again replaces it (409 past 50 views)."""
    return _out(await view_saved(s, seller.id, body.list, body.name, body.query))


@router.delete("/saved_views/{view_id}", status_code=204, response_class=Response)
async def delete_view(view_id: Id, seller: CurrentSeller, s: DB) -> Response:
    await view_deleted(s, seller.id, view_id)
    return Response(status_code=204)
