"""A seller's account things as the cabinet shows them: saved views."""

from __future__ import annotations

from api.schemas.saved_views import SavedViewOut
from store.accounts.models import SavedView


def saved_view_out(v: SavedView) -> SavedViewOut:
    return SavedViewOut(id=v.id, list=v.list_key, name=v.name, query=v.query, created_at=v.created_at)
