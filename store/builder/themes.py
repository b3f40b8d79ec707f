"""Shared themes: a page's theme shared by a link, and applied to another seller's drafts of the same kind."""

from __future__ import annotations

import secrets
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from domain.builder.pages import THEME_OF, ThemeKind
from store.builder.models import BuilderPage, SharedTheme


async def theme_shared(s: AsyncSession, seller_id: int, page: BuilderPage) -> SharedTheme:
    """The page's current theme under a new link (each share is its own link; the page may change later)."""
    theme = dict(page.draft.get("theme") or {})
    row = SharedTheme(
        token=secrets.token_urlsafe(18),
        seller_id=seller_id,
        theme_kind=THEME_OF[page.page_type].value,
        theme=theme,
        name=page.name,
    )
    s.add(row)
    await s.flush()
    return row


async def shared_theme(s: AsyncSession, token: str) -> SharedTheme | None:
    return await s.get(SharedTheme, token)


async def theme_applied(s: AsyncSession, seller_id: int, kind: ThemeKind, theme: dict[str, Any]) -> int:
    """The theme set on the drafts of the seller's pages of its kind (buyers see it once each is published); how
    many pages took it."""
    types = [t.value for t, k in THEME_OF.items() if k == kind]
    pages = (
        await s.execute(
            select(BuilderPage).where(BuilderPage.seller_id == seller_id, BuilderPage.page_type.in_(types))
        )
    ).scalars()
    n = 0
    for p in pages:
        draft = {**p.draft, "theme": {**theme, "kind": kind.value}}
        await s.execute(
            update(BuilderPage)
            .where(BuilderPage.id == p.id)
            .values(draft=draft, draft_version=BuilderPage.draft_version + 1)
        )
        n += 1
    return n
