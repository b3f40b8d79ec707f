"""Shared themes (editor §2: `shared_theme_token`, `shared_theme_type`): a seller shares a page's theme by a link;
a seller who opens it applies it to their own pages of that kind (their drafts: buyers see it once each page is
published again). Anyone may look at a shared theme by its token; only a seller applies it."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path
from pydantic import BaseModel

from api.deps import DB, CurrentSeller
from api.schemas.fields import Id
from domain.builder.pages import Theme, ThemeKind
from domain.errors import DomainError, ErrorCode
from store.builder.models import SharedTheme
from store.builder.pages import page_of
from store.builder.themes import shared_theme, theme_applied, theme_shared

router = APIRouter()
Token = Annotated[str, Path(min_length=8, max_length=40, pattern=r"^[A-Za-z0-9_-]+$")]


class SharedThemeOut(BaseModel):
    token: str
    shared_theme_type: ThemeKind
    name: str
    theme: Theme
    url: str  # the link to give: it opens the cabinet with the theme to apply


class AppliedOut(BaseModel):
    shared_theme_type: ThemeKind
    pages: int  # the drafts that took the theme


def _out(row: SharedTheme) -> SharedThemeOut:
    kind = ThemeKind(row.theme_kind)
    return SharedThemeOut(
        token=row.token,
        shared_theme_type=kind,
        name=row.name,
        theme=Theme.model_validate({**row.theme, "kind": kind.value}),
        url=f"/cabinet/pages?shared_theme_token={row.token}&shared_theme_type={kind.value}",
    )


@router.post("/pages/{page_id}/share_theme", response_model=SharedThemeOut, status_code=201)
async def share_theme(page_id: Id, seller: CurrentSeller, s: DB) -> SharedThemeOut:
    """A link to this page's theme as it is now."""
    return _out(await theme_shared(s, seller.id, await page_of(s, seller.id, page_id)))


@router.get("/shared_themes/{token}", response_model=SharedThemeOut)
async def get_shared_theme(token: Token, seller: CurrentSeller, s: DB) -> SharedThemeOut:
    row = await shared_theme(s, token)
    if row is None:
        raise DomainError(ErrorCode.NOT_FOUND, "This shared theme does not exist.")
    return _out(row)


@router.post("/shared_themes/{token}/apply", response_model=AppliedOut)
async def apply_shared_theme(token: Token, seller: CurrentSeller, s: DB) -> AppliedOut:
    """The shared theme set on the drafts of the caller's pages of its kind."""
    row = await shared_theme(s, token)
    if row is None:
        raise DomainError(ErrorCode.NOT_FOUND, "This shared theme does not exist.")
    kind = ThemeKind(row.theme_kind)
    theme = Theme.model_validate({**row.theme, "kind": kind.value}).model_dump(mode="json")
    return AppliedOut(shared_theme_type=kind, pages=await theme_applied(s, seller.id, kind, theme))
