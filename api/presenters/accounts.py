"""Account things as the cabinet and the manager see them: saved views, reseller requests."""

from __future__ import annotations

from api.schemas.resellers import AdminResellerRequest
from api.schemas.saved_views import SavedViewOut
from store.accounts.models import ResellerRequest, SavedView


def saved_view_out(v: SavedView) -> SavedViewOut:
    return SavedViewOut(id=v.id, list=v.list_key, name=v.name, query=v.query, created_at=v.created_at)


def reseller_request_out(r: ResellerRequest, username: str, email: str) -> AdminResellerRequest:
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
