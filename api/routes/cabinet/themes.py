"""Shared themes (editor §2: `shared_theme_token`, `shared_theme_type`): a seller shares a page's theme by a link;
a seller who opens it applies it to their own pages of that kind (their drafts: buyers see it once each page is
published again). Anyone may look at a shared theme by its token; only a seller applies it."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path

from api.deps import DB, CurrentSeller
from api.presenters.builder import shared_theme_out
from api.schemas.builder import AppliedOut, SharedThemeOut
from api.schemas.fields import Id
from services import builder

router = APIRouter()
Token = Annotated[str, Path(min_length=8, max_length=40, pattern=r"^[A-Za-z0-9_-]+$")]


@router.post("/pages/{page_id}/share_theme", response_model=SharedThemeOut, status_code=201)
async def share_theme(page_id: Id, seller: CurrentSeller, s: DB) -> SharedThemeOut:
    """A link to this page's theme as it is now."""
    return shared_theme_out(await builder.page_theme_shared(s, seller.id, page_id))


@router.get("/shared_themes/{token}", response_model=SharedThemeOut)
async def get_shared_theme(token: Token, seller: CurrentSeller, s: DB) -> SharedThemeOut:
    return shared_theme_out(await builder.theme_of_link(s, token))


@router.post("/shared_themes/{token}/apply", response_model=AppliedOut)
async def apply_shared_theme(token: Token, seller: CurrentSeller, s: DB) -> AppliedOut:
    """The shared theme set on the drafts of the caller's pages of its kind."""
    kind, pages = await builder.theme_taken(s, seller.id, token)
    return AppliedOut(shared_theme_type=kind, pages=pages)
