"""Saved views of the cabinet's lists: what the cabinet sends and gets back."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, field_validator

from domain.listing import SAVED_VIEW_NAME_MAX, SAVED_VIEW_QUERY_MAX, SavedList

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
